// What the catalogue reads and writes. The page talks to a CatalogueSource so
// tests inject a fake; the Firestore implementation runs in the browser under
// the security rules (firebase/firestore.rules, `match /workflows`). It uses
// Firestore Lite (REST, no cache; a fraction of the full SDK's size), loaded on
// first use: every read asks the server, so a failed read shows as an error
// instead of an empty list from the cache. The builder keeps the full SDK.
// Offline, the page shows the last successful read saved on the device
// (catalogueCache.ts), never a silently empty list.
import { PERMISSIONS, getFirestoreLite, type FirestoreLite } from '@agentflow/shared';
import { SHARE_ROLE_IDS } from '@agentflow/shared/workspaces';
// Types only: the functions come with the instance (getFirestoreLite).
import type { Firestore, Query } from 'firebase/firestore/lite';
import {
  WORKFLOW_COLLECTION,
  WORKFLOW_LIMITS,
  WORKFLOW_VERSIONS_SUBCOLLECTION,
  workflowFromDocument,
  type Workflow,
  type WorkflowNode,
} from '@agentflow/shared/workflow';

/** Who copies a template: the owner's uid, and the name the builder's history shows (display name or e-mail). */
export interface CatalogueUser {
  uid: string;
  name?: string;
}

export interface CatalogueSource {
  /** Workflows with visibility 'template' (guests may read them). */
  listTemplates(): Promise<Workflow[]>;
  /** The user's personal workspace: their own private workflows (in the trash or not), never templates or organization ones. */
  listMine(uid: string): Promise<Workflow[]>;
  /**
   * The organizations whose workflows the user may see (view_workflows there,
   * or globally, in userAccess/{uid}; none → []): listOrganization asks only
   * for these, since the rules refuse a query that could return one they may not read.
   */
  listOrganizationIds(uid: string): Promise<string[]>;
  /** The workflows of these organizations (visibility 'organization'), not in the trash; no ids → []. */
  listOrganization(orgIds: string[]): Promise<Workflow[]>;
  /** The organization's workflows in the trash (its Trash tab, for who may delete there: restore, delete forever). */
  listOrganizationTrash(orgId: string): Promise<Workflow[]>;
  /** Workflows shared with the user one by one (sharedWith[uid], any share role), from any workspace, not in the trash. */
  listSharedWithMe(uid: string): Promise<Workflow[]>;
  /** Copies a template into the user's private workflows (version 1 and its snapshot); resolves with the new id. */
  createFromTemplate(template: Workflow, user: CatalogueUser): Promise<string>;
  /**
   * A new workflow (blank, duplicated or imported) with version 1 and its
   * snapshot, private or, with `organizationId`, in that organization's
   * workspace (the rules ask for edit_workflows there); resolves with the new id.
   */
  createWorkflow(workflow: NewWorkflow, user: CatalogueUser): Promise<string>;
  /** Renames one of the user's workflows (the next version, no snapshot: like an autosave). */
  renameWorkflow(workflow: Workflow, name: string): Promise<void>;
  /** Moves it to the trash (deletedAt = the server's time) or, with `false`, back out of it. */
  setTrashed(workflow: Workflow, trashed: boolean): Promise<void>;
  /** Switches it on or off (Workflow.active; the rules let only the owner): the next version, like a rename. */
  setActive(workflow: Workflow, active: boolean): Promise<void>;
  /** Deletes the workflow document for good (its runs and snapshots are purged by platform-api's housekeeping). */
  deleteForever(workflow: Workflow): Promise<void>;
}

/**
 * What a new workflow is made of: the rest (owner, version, times) is the
 * user's and the server's. `organizationId` puts it in that organization's
 * workspace (absent or null: the personal one).
 */
export type NewWorkflow = Pick<Workflow, 'name' | 'description' | 'category' | 'industry' | 'tags' | 'nodes' | 'edges'> & { organizationId?: string | null };

/** Firestore's `in` filter takes at most 30 values. */
export const IN_QUERY_LIMIT = 30;

export function chunk<T>(values: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < values.length; index += size) chunks.push(values.slice(index, index + size));
  return chunks;
}

/** Firestore refuses `undefined` (an edge without sourceHandle): a JSON copy drops those keys. */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Nodes without their pinned sample data: a copy starts without the original's test data. */
export function withoutPins(nodes: readonly WorkflowNode[]): WorkflowNode[] {
  return nodes.map(({ pinned: _pinned, ...node }) => node);
}

/**
 * The documents written for a new workflow: the workflow (exactly the keys
 * `validWorkflow` in the rules allows, so no `id`) and the snapshot of
 * version 1. `now` is the SDK's serverTimestamp() sentinel.
 */
export function newWorkflowDocuments(source: NewWorkflow, uid: string, now: unknown, savedByName = '') {
  const nodes = plain(source.nodes);
  const edges = plain(source.edges);
  const name = source.name.slice(0, WORKFLOW_LIMITS.maxNameLength);
  const organizationId = source.organizationId ?? null;
  const workflow = {
    ownerId: uid,
    organizationId,
    name,
    description: source.description.slice(0, WORKFLOW_LIMITS.maxDescriptionLength),
    category: source.category,
    industry: source.industry,
    tags: source.tags.slice(0, WORKFLOW_LIMITS.maxTags),
    // The rules keep the two in step: an organization's workflow names it, a personal one names none.
    visibility: organizationId === null ? ('private' as const) : ('organization' as const),
    version: 1,
    nodes,
    edges,
    createdAt: now,
    updatedAt: now,
  };
  const snapshot = { version: 1, nodes, edges, savedBy: uid, savedByName, savedAt: now, name };
  return { workflow, snapshot };
}

/** The documents written when a template is copied (see newWorkflowDocuments): always into the personal workspace. */
export function copyOfTemplate(template: Workflow, uid: string, now: unknown, savedByName = '') {
  return newWorkflowDocuments({ ...template, organizationId: null }, uid, now, savedByName);
}

/** Permission ids as userAccess/{uid} stores them, globally and per organization. */
interface StoredAccess {
  permissions: string[];
  organizations: Record<string, string[]>;
  organizationIds: string[];
}

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function storedAccess(data: Record<string, unknown> | undefined): StoredAccess {
  const organizations: Record<string, string[]> = {};
  const stored = data?.organizations;
  if (stored && typeof stored === 'object') {
    for (const [id, permissions] of Object.entries(stored as Record<string, unknown>)) organizations[id] = stringList(permissions);
  }
  return { permissions: stringList(data?.permissions), organizations, organizationIds: stringList(data?.organizationIds) };
}

/**
 * The organizations whose workflows this access may see: the rules' decision
 * (view_workflows held there or globally, or manage_all), so a query over them
 * is one the rules can prove.
 */
export function organizationsWithView(access: StoredAccess): string[] {
  const sees = (permissions: readonly string[]) => permissions.includes(PERMISSIONS.viewWorkflows) || permissions.includes(PERMISSIONS.manageAll);
  if (sees(access.permissions)) return access.organizationIds;
  return access.organizationIds.filter((id) => sees(access.organizations[id] ?? []));
}

const byName = (a: Workflow, b: Workflow) => a.name.localeCompare(b.name);

type Sdk = FirestoreLite['sdk'];

/** The catalogue on Cloud Firestore. `lite` is for tests; by default the shared lazy Firestore Lite. */
export function createFirestoreCatalogueSource(lite: () => Promise<FirestoreLite> = getFirestoreLite): CatalogueSource {
  const open = async (): Promise<[Sdk, Firestore]> => {
    const { sdk, db } = await lite();
    return [sdk, db];
  };

  async function list(build: (fs: Sdk, database: Firestore) => Query) {
    const [fs, database] = await open();
    const snapshot = await fs.getDocs(build(fs, database));
    return snapshot.docs.map((document) => workflowFromDocument(document.id, document.data()));
  }

  /** Every workflow of these organizations, in the trash or not. */
  async function listOrganizations(orgIds: string[]): Promise<Workflow[]> {
    const ids = [...new Set(orgIds)];
    if (ids.length === 0) return [];
    const pages = await Promise.all(
      chunk(ids, IN_QUERY_LIMIT).map((part) =>
        list((fs, database) =>
          fs.query(fs.collection(database, WORKFLOW_COLLECTION), fs.where('visibility', '==', 'organization'), fs.where('organizationId', 'in', part)),
        ),
      ),
    );
    return pages.flat();
  }

  async function createWorkflow(source: NewWorkflow, user: CatalogueUser): Promise<string> {
    const [fs, database] = await open();
    const reference = fs.doc(fs.collection(database, WORKFLOW_COLLECTION));
    const { workflow, snapshot } = newWorkflowDocuments(source, user.uid, fs.serverTimestamp(), user.name);
    const batch = fs.writeBatch(database);
    batch.set(reference, workflow);
    batch.set(fs.doc(database, WORKFLOW_COLLECTION, reference.id, WORKFLOW_VERSIONS_SUBCOLLECTION, '1'), snapshot);
    await batch.commit();
    return reference.id;
  }

  return {
    async listTemplates() {
      const templates = await list((fs, database) => fs.query(fs.collection(database, WORKFLOW_COLLECTION), fs.where('visibility', '==', 'template')));
      return templates.sort(byName);
    },

    // Personal only: an organization workflow the user created is the
    // organization's (the rules give its creator nothing for being it), so
    // "ownerId == me" alone is a query the rules refuse.
    async listMine(uid) {
      const mine = await list((fs, database) =>
        fs.query(fs.collection(database, WORKFLOW_COLLECTION), fs.where('ownerId', '==', uid), fs.where('visibility', '==', 'private')),
      );
      return mine.sort(byName);
    },

    async listOrganizationIds(uid) {
      const [fs, database] = await open();
      const access = await fs.getDoc(fs.doc(database, 'userAccess', uid));
      return organizationsWithView(storedAccess(access.exists() ? access.data() : undefined));
    },

    async listOrganization(orgIds) {
      return (await listOrganizations(orgIds)).filter((workflow) => !workflow.deletedAt).sort(byName);
    },

    // The same query as the workspace's list (the rules let every member read
    // the workspace's workflows, trashed or not; no other index): the trashed ones.
    async listOrganizationTrash(orgId) {
      return (await listOrganizations([orgId])).filter((workflow) => Boolean(workflow.deletedAt)).sort(byName);
    },

    async listSharedWithMe(uid) {
      // A field path, not 'sharedWith.' + uid: a uid may hold characters a dotted path would split on.
      const shared = await list((fs, database) =>
        fs.query(fs.collection(database, WORKFLOW_COLLECTION), fs.where(new fs.FieldPath('sharedWith', uid), 'in', [...SHARE_ROLE_IDS])),
      );
      return shared.filter((workflow) => !workflow.deletedAt).sort(byName);
    },

    createFromTemplate: (template, user) => createWorkflow(template, user),

    createWorkflow,

    // A rename or a move to or from the trash is a save like the builder's:
    // the next version (the rules' concurrency token), so a builder open
    // elsewhere sees that the workflow changed.
    async renameWorkflow(workflow, name) {
      const [fs, database] = await open();
      await fs.updateDoc(fs.doc(database, WORKFLOW_COLLECTION, workflow.id), {
        name: name.slice(0, WORKFLOW_LIMITS.maxNameLength),
        version: fs.increment(1),
        updatedAt: fs.serverTimestamp(),
      });
    },

    async setTrashed(workflow, trashed) {
      const [fs, database] = await open();
      await fs.updateDoc(fs.doc(database, WORKFLOW_COLLECTION, workflow.id), {
        deletedAt: trashed ? fs.serverTimestamp() : null,
        version: fs.increment(1),
        updatedAt: fs.serverTimestamp(),
      });
    },

    async setActive(workflow, active) {
      const [fs, database] = await open();
      await fs.updateDoc(fs.doc(database, WORKFLOW_COLLECTION, workflow.id), {
        active,
        version: fs.increment(1),
        updatedAt: fs.serverTimestamp(),
      });
    },

    async deleteForever(workflow) {
      const [fs, database] = await open();
      await fs.deleteDoc(fs.doc(database, WORKFLOW_COLLECTION, workflow.id));
    },
  };
}
