// An in-memory WorkflowDocs for component tests: records saves, keeps the snapshots saves ask for.
// Plain functions (no jest globals, so the app's type check accepts it); tests spy on them.
import type { Workflow } from '@agentflow/shared/workflow';
import { versionLabel, type SnapshotWrite, type WorkflowDocs, type WorkflowVersion } from '../../api/workflowDocs';

const clone = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export interface FakeWorkflowDocs extends WorkflowDocs {
  saves: Array<{ workflow: Workflow; expectedVersion: number; snapshot: SnapshotWrite | null }>;
  versions: WorkflowVersion[];
  current: Workflow | null;
  failNextSave: boolean;
  /** What open() says: null (from the server), or when this device's copy was saved. */
  deviceSavedAt: string | null;
  /** loadFromServer() rejects (the server cannot be reached) while true. */
  serverUnreachable: boolean;
}

export function fakeWorkflowDocs(initial: Workflow | null, versions: WorkflowVersion[] = []): FakeWorkflowDocs {
  const fake: FakeWorkflowDocs = {
    saves: [],
    versions: [...versions],
    current: initial,
    failNextSave: false,
    deviceSavedAt: null,
    serverUnreachable: false,
    load: async () => (fake.current ? clone(fake.current) : null),
    // Through fake.load, so a test spying on load sees the builder's read too.
    open: async (id: string) => {
      const workflow = await fake.load(id);
      return workflow ? { workflow, savedAt: fake.deviceSavedAt } : null;
    },
    loadFromServer: async () => {
      if (fake.serverUnreachable) throw new TypeError('Failed to fetch');
      return fake.current ? clone(fake.current) : null;
    },
    save: async (workflow: Workflow, expectedVersion: number, snapshot?: SnapshotWrite | null) => {
      fake.saves.push({ workflow: clone(workflow), expectedVersion, snapshot: snapshot ?? null });
      if (fake.failNextSave) {
        fake.failNextSave = false;
        throw new Error('permission-denied');
      }
      const saved = { ...clone(workflow), version: expectedVersion + 1, updatedAt: '2024-06-01T10:00:00.000Z' };
      fake.current = saved;
      if (snapshot) {
        const label = versionLabel(snapshot.label);
        fake.versions.push({ version: saved.version, name: saved.name, ...(label ? { label } : {}), nodes: saved.nodes, edges: saved.edges, savedBy: 'user-1', savedByName: 'Test User', savedAt: '2024-06-01T10:00:00.000Z' });
      }
      return saved;
    },
    listVersions: async () => [...fake.versions].sort((a, b) => b.version - a.version),
    restore: async (_id: string, version: number, current: Workflow) => {
      const snapshot = fake.versions.find((v) => v.version === version);
      if (!snapshot) throw new Error('missing');
      return fake.save({ ...current, nodes: snapshot.nodes, edges: snapshot.edges }, current.version);
    },
  };
  return fake;
}
