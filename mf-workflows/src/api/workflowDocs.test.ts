// workflowDocs against a stand-in Firestore SDK: what one save writes in its
// batch, how documents become workflows, version order and restore.
const store = new Map<string, Record<string, unknown>>();
const commits: Array<Array<{ op: string; path: string; data: Record<string, unknown> }>> = [];

/** What the stand-in SDK's cache holds (the device's copy), and whether the browser is online. */
const cache = new Map<string, Record<string, unknown>>();
let mockOnline = true;
const serverReads: string[] = [];

jest.mock('@agentflow/shared', () => {
  const deviceCopy = jest.requireActual('../../../shared/src/web/offline/deviceCopy');
  // lazyCatalogs: the test setup loads every catalog of the package, and their index files use it.
  const { lazyCatalogs } = jest.requireActual('../../../shared/src/web/i18n/remoteCatalogs');
  return { getFirestoreDb: jest.fn(async () => ({ kind: 'db' })), isOnline: () => mockOnline, readDeviceCopy: deviceCopy.readDeviceCopy, saveDeviceCopy: deviceCopy.saveDeviceCopy, lazyCatalogs };
});
jest.mock('firebase/firestore', () => ({
  doc: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/'), id: segments[segments.length - 1] }),
  collection: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
  orderBy: (field: string, direction: string) => ({ field, direction }),
  query: (ref: { path: string }, order: unknown) => ({ ...ref, order }),
  serverTimestamp: () => 'SERVER_TIME',
  // Online: the server's document (and the cache keeps it); offline: the cached one, or unavailable.
  getDoc: async (ref: { path: string; id: string }) => {
    if (!mockOnline) {
      if (!cache.has(ref.path)) throw Object.assign(new Error('Failed to get document because the client is offline.'), { code: 'unavailable' });
      return { id: ref.id, exists: () => true, data: () => cache.get(ref.path), metadata: { fromCache: true } };
    }
    serverReads.push(ref.path);
    if (store.has(ref.path)) cache.set(ref.path, store.get(ref.path)!);
    return { id: ref.id, exists: () => store.has(ref.path), data: () => store.get(ref.path), metadata: { fromCache: false } };
  },
  getDocFromCache: async (ref: { path: string; id: string }) => {
    if (!cache.has(ref.path)) throw Object.assign(new Error('Failed to get document from cache.'), { code: 'unavailable' });
    return { id: ref.id, exists: () => true, data: () => cache.get(ref.path), metadata: { fromCache: true } };
  },
  getDocFromServer: async (ref: { path: string; id: string }) => {
    if (!mockOnline) throw Object.assign(new Error('Failed to get document from server.'), { code: 'unavailable' });
    serverReads.push(ref.path);
    return { id: ref.id, exists: () => store.has(ref.path), data: () => store.get(ref.path), metadata: { fromCache: false } };
  },
  getDocs: async (q: { path: string }) => ({
    docs: [...store.entries()]
      .filter(([path]) => path.startsWith(`${q.path}/`) && !path.slice(q.path.length + 1).includes('/'))
      .map(([, data]) => ({ data: () => data })),
  }),
  writeBatch: () => {
    const ops: Array<{ op: string; path: string; data: Record<string, unknown> }> = [];
    return {
      update: (ref: { path: string }, data: Record<string, unknown>) => ops.push({ op: 'update', path: ref.path, data }),
      set: (ref: { path: string }, data: Record<string, unknown>) => ops.push({ op: 'set', path: ref.path, data }),
      commit: async () => {
        commits.push(ops);
        for (const { op, path, data } of ops) store.set(path, op === 'update' ? { ...store.get(path), ...data } : data);
      },
    };
  },
}));

import type { Workflow } from '@agentflow/shared/workflow';
import { firestoreWorkflowDocs, workflowUpdate } from './workflowDocs';

const workflow: Workflow = {
  id: 'wf-1',
  ownerId: 'user-1',
  organizationId: null,
  name: 'Lead follow-up',
  description: 'd',
  category: 'ai',
  industry: 'sales',
  tags: ['x'],
  visibility: 'private',
  version: 3,
  nodes: [{ id: 'manual-1', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: { inputSchema: [] } }],
  edges: [{ id: 'e1', source: 'manual-1', target: 'agent-1', sourceHandle: undefined }],
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
};

beforeEach(() => {
  store.clear();
  cache.clear();
  serverReads.length = 0;
  mockOnline = true;
  window.localStorage.clear();
  commits.length = 0;
  const { id: _id, ...stored } = workflow;
  store.set('workflows/wf-1', { ...stored, createdAt: { toDate: () => new Date('2024-01-01T00:00:00Z') } });
});

const docs = firestoreWorkflowDocs(() => ({ uid: 'user-1', name: 'Ada Lovelace' }));

test('load maps the document, timestamps to ISO strings; a missing one is null', async () => {
  const loaded = await docs.load('wf-1');
  expect(loaded?.id).toBe('wf-1');
  expect(loaded?.createdAt).toBe('2024-01-01T00:00:00.000Z');
  expect(loaded?.nodes).toHaveLength(1);
  expect(await docs.load('nope')).toBeNull();
});

test('save writes the workflow and, when asked, its snapshot in one batch, without id and only allowed keys', async () => {
  const saved = await docs.save({ ...workflow, name: 'Renamed' }, 3, {});
  expect(saved.version).toBe(4);
  expect(commits).toHaveLength(1);
  const [update, snapshot] = commits[0]!;
  expect(update).toMatchObject({ op: 'update', path: 'workflows/wf-1' });
  expect(update!.data).not.toHaveProperty('id');
  expect(Object.keys(update!.data).sort()).toEqual(
    ['category', 'description', 'edges', 'industry', 'mcp', 'name', 'nodes', 'organizationId', 'tags', 'updatedAt', 'version', 'visibility'].sort(),
  );
  expect(update!.data).toMatchObject({ version: 4, name: 'Renamed', updatedAt: 'SERVER_TIME', mcp: null });
  expect((update!.data.edges as object[])[0]).not.toHaveProperty('sourceHandle');
  expect(snapshot).toMatchObject({ op: 'set', path: 'workflows/wf-1/versions/4' });
  expect(Object.keys(snapshot!.data).sort()).toEqual(['edges', 'name', 'nodes', 'savedAt', 'savedBy', 'savedByName', 'version']);
  expect(snapshot!.data).toMatchObject({ version: 4, name: 'Renamed', savedBy: 'user-1', savedByName: 'Ada Lovelace', savedAt: 'SERVER_TIME' });
});

test('a save without a snapshot only updates the working copy (the version counter still moves on)', async () => {
  const saved = await docs.save({ ...workflow, name: 'Draft' }, 3);
  expect(saved.version).toBe(4);
  expect(commits).toEqual([[expect.objectContaining({ op: 'update', path: 'workflows/wf-1', data: expect.objectContaining({ version: 4, name: 'Draft' }) })]]);
  expect(store.has('workflows/wf-1/versions/4')).toBe(false);
});

test('a named snapshot stores its label trimmed and cut to 80 characters; a blank one stores none', async () => {
  await docs.save(workflow, 3, { label: '  Before approvals  ' });
  expect(store.get('workflows/wf-1/versions/4')).toMatchObject({ label: 'Before approvals' });
  await docs.save({ ...workflow, version: 4 }, 4, { label: 'x'.repeat(100) });
  expect(store.get('workflows/wf-1/versions/5')!.label).toBe('x'.repeat(80));
  await docs.save({ ...workflow, version: 5 }, 5, { label: '   ' });
  expect(store.get('workflows/wf-1/versions/6')).not.toHaveProperty('label');
  const versions = await docs.listVersions('wf-1');
  expect(versions.map((v) => v.label)).toEqual([undefined, 'x'.repeat(80), 'Before approvals']);
});

test('workflowUpdate never contains ownerId, createdAt or id', () => {
  const update = workflowUpdate(workflow, 7);
  expect(update).not.toHaveProperty('id');
  expect(update).not.toHaveProperty('ownerId');
  expect(update).not.toHaveProperty('createdAt');
  expect(update.version).toBe(7);
});

test('listVersions is newest first; restore saves the snapshot as the working copy, without a new snapshot', async () => {
  await docs.save({ ...workflow, nodes: [] }, 3, {});
  await docs.save({ ...workflow, version: 4, name: 'Five' }, 4, {});
  const versions = await docs.listVersions('wf-1');
  expect(versions.map((v) => v.version)).toEqual([5, 4]);
  expect(versions[0]).toMatchObject({ name: 'Five', savedBy: 'user-1', savedByName: 'Ada Lovelace' });

  const restored = await docs.restore('wf-1', 4, { ...workflow, version: 5 });
  expect(restored.version).toBe(6);
  expect(restored.nodes).toEqual([]);
  expect(store.get('workflows/wf-1')).toMatchObject({ version: 6, nodes: [] });
  expect(store.has('workflows/wf-1/versions/6')).toBe(false);
  await expect(docs.restore('wf-1', 99, restored)).rejects.toThrow('Version 99');
});

describe('offline (issue 25)', () => {
  test('open: from the server while online; offline, straight from the cache, marked with when this device last read it', async () => {
    const online = await docs.open('wf-1');
    expect(online).toMatchObject({ workflow: { id: 'wf-1', version: 3 }, savedAt: null });
    const readAt = Date.now();

    mockOnline = false;
    store.set('workflows/wf-1', { ...store.get('workflows/wf-1'), version: 9 }); // the server moved on meanwhile
    const offline = await docs.open('wf-1');
    expect(offline?.workflow.version).toBe(3);
    expect(Date.parse(offline?.savedAt ?? '')).toBeGreaterThanOrEqual(readAt - 1000);
    expect(Date.parse(offline?.savedAt ?? '')).toBeLessThanOrEqual(Date.now());
    expect(serverReads).toEqual(['workflows/wf-1']);
  });

  test('offline and not on this device: open and load fail (never "missing")', async () => {
    mockOnline = false;
    await expect(docs.open('wf-1')).rejects.toMatchObject({ code: 'unavailable' });
    await expect(docs.load('wf-1')).rejects.toMatchObject({ code: 'unavailable' });
  });

  test('loadFromServer never answers from the cache', async () => {
    await docs.open('wf-1');
    mockOnline = false;
    await expect(docs.loadFromServer('wf-1')).rejects.toMatchObject({ code: 'unavailable' });
    mockOnline = true;
    store.set('workflows/wf-1', { ...store.get('workflows/wf-1'), version: 9 });
    expect((await docs.loadFromServer('wf-1'))?.version).toBe(9);
  });
});
