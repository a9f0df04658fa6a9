// The builder's access to workflows/{id} and its append-only snapshots in
// workflows/{id}/versions/{version}, through the Firebase web SDK under the
// security rules. Every save bumps the workflow's version (the rules' check
// that nobody saved in between); only some saves write a snapshot with it
// (builder/versions/snapshotPolicy.ts says which). The builder takes a
// WorkflowDocs, so tests inject a fake.
import { getFirestoreDb, isOnline, readDeviceCopy, saveDeviceCopy } from '@agentflow/shared';
import { VERSION_LABEL_MAX, workflowFromDocument, type Workflow, type WorkflowEdge, type WorkflowNode } from '@agentflow/shared/workflow';

export interface WorkflowVersion {
  version: number;
  name: string;
  /** The user's name for this version ("Save version"); absent when unnamed. */
  label?: string;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  savedBy: string;
  /** Display name or e-mail of who saved it, as it was then ('' on older snapshots). */
  savedByName: string;
  /** ISO time, or null while the server timestamp is pending. */
  savedAt: string | null;
}

/** A workflow as the builder opens it, and whether it came from this device. */
export interface OpenedWorkflow {
  workflow: Workflow;
  /**
   * Offline, the workflow is the copy in Firestore's persistent cache: when
   * this device last read it from the server (ISO; its last change when that
   * is unknown). Null when it came from the server now.
   */
  savedAt: string | null;
}

export interface WorkflowDocs {
  /** The workflow, or null when it does not exist. Offline: this device's copy (Firestore's cache) when it has one. */
  load(id: string): Promise<Workflow | null>;
  /** load() for the builder, saying whether what it got is this device's copy. */
  open(id: string): Promise<OpenedWorkflow | null>;
  /** The workflow as the server has it now (never a cached copy); rejects when the server cannot be reached. */
  loadFromServer(id: string): Promise<Workflow | null>;
  /**
   * Writes the workflow as version expectedVersion + 1 (the rules reject it
   * when the stored version is not expectedVersion) and, when `snapshot` is
   * given, its snapshot in the same batch. Resolves to the workflow as saved.
   */
  save(workflow: Workflow, expectedVersion: number, snapshot?: SnapshotWrite | null): Promise<Workflow>;
  /** Newest first. */
  listVersions(id: string): Promise<WorkflowVersion[]>;
  /** Saves that snapshot's nodes and edges as the working copy after `current` (no new snapshot: it is one already). */
  restore(id: string, version: number, current: Workflow): Promise<Workflow>;
}

/** A snapshot written with a save; `label` is the user's name for it (trimmed, at most VERSION_LABEL_MAX). */
export interface SnapshotWrite {
  label?: string;
}

/** The label as stored: trimmed and cut to VERSION_LABEL_MAX; absent when blank. */
export function versionLabel(label: string | undefined): string | undefined {
  const trimmed = (label ?? '').trim().slice(0, VERSION_LABEL_MAX).trim();
  return trimmed ? trimmed : undefined;
}

/** The keys the rules allow on an update of workflows/{id} (ownerId and createdAt stay as stored). */
const UPDATABLE_KEYS = ['organizationId', 'name', 'description', 'category', 'industry', 'tags', 'visibility', 'version', 'nodes', 'edges', 'active', 'errorWorkflowId', 'mcp'] as const;

type Rec = Record<string, unknown>;

/** Firestore rejects `undefined`; nodes and edges are plain JSON anyway. */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function isoTime(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'toDate' in value && typeof (value as { toDate: unknown }).toDate === 'function') {
    const date = (value as { toDate: () => Date }).toDate();
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  return null;
}

/** The stored update of a save: only the allowed keys, no `id`. */
export function workflowUpdate(workflow: Workflow, version: number): Rec {
  const source = { ...workflow, version, nodes: plain(workflow.nodes), edges: plain(workflow.edges) } as unknown as Rec;
  const update: Rec = {};
  for (const key of UPDATABLE_KEYS) {
    if (source[key] !== undefined) update[key] = source[key];
  }
  if (update.organizationId === undefined) update.organizationId = null;
  // Not offered to MCP clients: written, so an undo back to "absent" takes a saved offer away.
  if (update.mcp === undefined) update.mcp = null;
  return update;
}

export function versionFromDocument(data: Rec): WorkflowVersion {
  return {
    version: typeof data.version === 'number' ? data.version : 0,
    name: String(data.name ?? ''),
    ...(typeof data.label === 'string' && data.label ? { label: data.label } : {}),
    nodes: Array.isArray(data.nodes) ? (data.nodes as WorkflowNode[]) : [],
    edges: Array.isArray(data.edges) ? (data.edges as WorkflowEdge[]) : [],
    savedBy: String(data.savedBy ?? ''),
    savedByName: typeof data.savedByName === 'string' ? data.savedByName : '',
    savedAt: isoTime(data.savedAt),
  };
}

const firestore = () => Promise.all([getFirestoreDb(), import('firebase/firestore')]);

/** Who saves: the signed-in user's uid, and a name people recognise (display name or e-mail). */
export interface WorkflowSaver {
  uid: string;
  name: string;
}

/** WorkflowDocs on Firestore; `savedBy` names who saves (the signed-in user). */
/** Remembers, per user and workflow, when this device last read the workflow from the server. */
const SEEN_KIND = (id: string) => `workflows.seen:${id}`;
const isSeenMark = (value: unknown): value is true => value === true;

export function firestoreWorkflowDocs(savedBy: () => WorkflowSaver): WorkflowDocs {
  /**
   * Offline, straight from Firestore's persistent cache (getDoc would first
   * wait to learn that the network is gone); else getDoc, which reads the
   * server and falls back to the cache when it cannot.
   */
  const read = async (id: string): Promise<{ workflow: Workflow; fromCache: boolean } | null> => {
    const [db, fs] = await firestore();
    const reference = fs.doc(db, 'workflows', id);
    if (!isOnline()) {
      try {
        const cached = await fs.getDocFromCache(reference);
        if (cached.exists()) return { workflow: workflowFromDocument(cached.id, cached.data() as Rec), fromCache: true };
      } catch {
        // not on this device: getDoc says so (offline it fails rather than answer "missing")
      }
    }
    const snapshot = await fs.getDoc(reference);
    if (!snapshot.exists()) return null;
    return { workflow: workflowFromDocument(snapshot.id, snapshot.data() as Rec), fromCache: snapshot.metadata.fromCache };
  };

  const docs: WorkflowDocs = {
    async load(id) {
      return (await read(id))?.workflow ?? null;
    },

    async open(id) {
      const found = await read(id);
      if (!found) return null;
      const { uid } = savedBy();
      if (!found.fromCache) {
        if (uid) saveDeviceCopy(SEEN_KIND(id), uid, true);
        return { workflow: found.workflow, savedAt: null };
      }
      const seen = uid ? readDeviceCopy(SEEN_KIND(id), uid, isSeenMark) : null;
      // Not recorded (read before this was kept): the copy is at least as new as its last change.
      return { workflow: found.workflow, savedAt: seen?.savedAt ?? found.workflow.updatedAt ?? new Date().toISOString() };
    },

    async loadFromServer(id) {
      const [db, fs] = await firestore();
      const snapshot = await fs.getDocFromServer(fs.doc(db, 'workflows', id));
      return snapshot.exists() ? workflowFromDocument(snapshot.id, snapshot.data() as Rec) : null;
    },

    async save(workflow, expectedVersion, snapshot) {
      const [db, fs] = await firestore();
      const version = expectedVersion + 1;
      const batch = fs.writeBatch(db);
      batch.update(fs.doc(db, 'workflows', workflow.id), { ...workflowUpdate(workflow, version), updatedAt: fs.serverTimestamp() });
      if (snapshot) {
        const saver = savedBy();
        const label = versionLabel(snapshot.label);
        batch.set(fs.doc(db, 'workflows', workflow.id, 'versions', String(version)), {
          version,
          name: workflow.name,
          ...(label ? { label } : {}),
          nodes: plain(workflow.nodes),
          edges: plain(workflow.edges),
          savedBy: saver.uid,
          savedByName: saver.name,
          savedAt: fs.serverTimestamp(),
        });
      }
      await batch.commit();
      return { ...workflow, version, updatedAt: new Date().toISOString() };
    },

    async listVersions(id) {
      const [db, fs] = await firestore();
      const snapshot = await fs.getDocs(fs.query(fs.collection(db, 'workflows', id, 'versions'), fs.orderBy('version', 'desc')));
      return snapshot.docs.map((d) => versionFromDocument(d.data() as Rec)).sort((a, b) => b.version - a.version);
    },

    async restore(id, version, current) {
      const [db, fs] = await firestore();
      const snapshot = await fs.getDoc(fs.doc(db, 'workflows', id, 'versions', String(version)));
      if (!snapshot.exists()) throw new Error(`Version ${version} does not exist`);
      const saved = versionFromDocument(snapshot.data() as Rec);
      return docs.save({ ...current, id, nodes: saved.nodes, edges: saved.edges }, current.version);
    },
  };
  return docs;
}
