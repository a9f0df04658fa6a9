// The Firestore implementation against a stand-in Firestore Lite module
// (the one getFirestoreLite hands over with its instance): which queries it
// builds, what it writes, and how it reads back. (The rules themselves are
// tested on the emulator in firebase/, the real SDK in the browser e2e.)
import type { FirestoreLite } from '@agentflow/shared';
import { WORKFLOW_TEMPLATES, workflowFromDocument } from '@agentflow/shared/workflow';
import { chunk, copyOfTemplate, createFirestoreCatalogueSource, withoutPins } from './catalogue';

type Doc = { id: string; data: Record<string, unknown> };
const store: { results: Doc[][]; access: Record<string, unknown> | null } = { results: [], access: null };
const SERVER_TIME = { sentinel: 'serverTimestamp' };
const batchWrites: Array<{ path: string; data: Record<string, unknown> }> = [];

const firestore = {
  collection: jest.fn((_db: unknown, ...path: string[]) => ({ kind: 'collection', path: path.join('/') })),
  doc: jest.fn((parent: { kind?: string; path?: string }, ...path: string[]) =>
    parent?.kind === 'collection' ? { kind: 'doc', id: 'new-id', path: `${parent.path}/new-id` } : { kind: 'doc', id: path[path.length - 1], path: path.join('/') },
  ),
  where: jest.fn((field: string | { segments: string[] }, op: string, value: unknown) => ({ field: typeof field === 'string' ? field : field.segments.join('/'), op, value })),
  FieldPath: class {
    readonly segments: string[];
    constructor(...segments: string[]) {
      this.segments = segments;
    }
  },
  query: jest.fn((collection: { path: string }, ...constraints: unknown[]) => ({ collection: collection.path, constraints })),
  getDocs: jest.fn(async () => {
    const docs = store.results.shift() ?? [];
    return { docs: docs.map((document) => ({ id: document.id, data: () => document.data })) };
  }),
  getDoc: jest.fn(async () => ({ exists: () => store.access !== null, data: () => store.access })),
  serverTimestamp: jest.fn(() => SERVER_TIME),
  increment: jest.fn((by: number) => ({ sentinel: 'increment', by })),
  updateDoc: jest.fn(async (_reference: unknown, _data: unknown) => undefined),
  deleteDoc: jest.fn(async (_reference: unknown) => undefined),
  writeBatch: jest.fn(() => ({
    set: (reference: { path: string }, data: Record<string, unknown>) => batchWrites.push({ path: reference.path, data }),
    commit: jest.fn(async () => undefined),
  })),
};

const fakeDb = {} as FirestoreLite['db'];
const source = createFirestoreCatalogueSource(async () => ({ db: fakeDb, sdk: firestore as unknown as FirestoreLite['sdk'] }));
const queries = () => firestore.query!.mock.results.map((result) => result.value as unknown);

beforeEach(() => {
  store.results = [];
  store.access = null;
  batchWrites.length = 0;
  jest.clearAllMocks();
});

test('templates: visibility == template, sorted by name, timestamps as ISO strings', async () => {
  store.results = [[
    { id: 'b', data: { name: 'Beta', visibility: 'template', createdAt: { toDate: () => new Date('2024-01-02T00:00:00Z') } } },
    { id: 'a', data: { name: 'Alpha', visibility: 'template' } },
  ]];
  const templates = await source.listTemplates();
  expect(queries()).toEqual([{ collection: 'workflows', constraints: [{ field: 'visibility', op: '==', value: 'template' }] }]);
  expect(templates.map((workflow) => workflow.id)).toEqual(['a', 'b']);
  expect(templates[1]).toMatchObject({ createdAt: '2024-01-02T00:00:00.000Z', tags: [], nodes: [], edges: [], organizationId: null });
});

// The rules refuse "ownerId == uid" alone (an organization workflow's creator may have lost it): personal ones only.
test('mine: the personal workspace, ownerId == uid and visibility == private, by name', async () => {
  store.results = [[
    { id: 'q', data: { name: 'Second', visibility: 'private', ownerId: 'u1' } },
    { id: 'p', data: { name: 'First', visibility: 'private', ownerId: 'u1' } },
  ]];
  const mine = await source.listMine('u1');
  expect(queries()).toEqual([
    { collection: 'workflows', constraints: [{ field: 'ownerId', op: '==', value: 'u1' }, { field: 'visibility', op: '==', value: 'private' }] },
  ]);
  expect(mine.map((workflow) => workflow.id)).toEqual(['p', 'q']);
});

test('organization ids: those of userAccess/{uid} where the user holds view_workflows (none → [])', async () => {
  expect(await source.listOrganizationIds('u1')).toEqual([]);
  expect(firestore.doc).toHaveBeenCalledWith(fakeDb, 'userAccess', 'u1');
  // A member without view_workflows there (org-2) is left out: the rules would refuse the whole query.
  store.access = { permissions: [], organizationIds: ['org-1', 'org-2', 'org-3', 7], organizations: { 'org-1': ['view_workflows', 'run_workflows'], 'org-2': ['read_users'], 'org-3': ['manage_all'] } };
  expect(await source.listOrganizationIds('u1')).toEqual(['org-1', 'org-3']);
  // Held globally: every organization the user belongs to.
  store.access = { permissions: ['view_workflows'], organizationIds: ['org-1', 'org-2'], organizations: { 'org-2': ['read_users'] } };
  expect(await source.listOrganizationIds('u1')).toEqual(['org-1', 'org-2']);
  store.access = { organizationIds: ['org-1'], organizations: 'broken' };
  expect(await source.listOrganizationIds('u1')).toEqual([]);
  store.access = { permissions: [] };
  expect(await source.listOrganizationIds('u1')).toEqual([]);
});

test('shared with me: sharedWith.<uid> in the share roles (a field path), trash left out, by name', async () => {
  store.results = [[
    { id: 's2', data: { name: 'Zeta', visibility: 'organization', organizationId: 'org-9', sharedWith: { 'u.1': 'workspace_editor' } } },
    { id: 's1', data: { name: 'Alpha', visibility: 'private', ownerId: 'pat', sharedWith: { 'u.1': 'workspace_viewer' } } },
    { id: 'gone', data: { name: 'Gone', visibility: 'private', ownerId: 'pat', deletedAt: '2026-01-01T00:00:00.000Z' } },
  ]];
  const shared = await source.listSharedWithMe('u.1');
  expect(queries()).toEqual([
    { collection: 'workflows', constraints: [{ field: 'sharedWith/u.1', op: 'in', value: ['workspace_viewer', 'workspace_runner', 'workspace_editor'] }] },
  ]);
  expect(shared.map((workflow) => workflow.id)).toEqual(['s1', 's2']);
});

test('createWorkflow in an organization: organizationId and visibility organization; personal by default', async () => {
  const template = WORKFLOW_TEMPLATES[0]!;
  await source.createWorkflow({ ...template, organizationId: 'org-1' }, { uid: 'u1' });
  await source.createWorkflow({ ...template }, { uid: 'u1' });
  const [inOrganization, , personal] = batchWrites.map((write) => write.data);
  expect(inOrganization).toMatchObject({ ownerId: 'u1', organizationId: 'org-1', visibility: 'organization' });
  expect(personal).toMatchObject({ ownerId: 'u1', organizationId: null, visibility: 'private' });
});

test('organization: no ids → no query; otherwise visibility == organization and organizationId in (chunks of 30)', async () => {
  expect(await source.listOrganization([])).toEqual([]);
  expect(firestore.getDocs).not.toHaveBeenCalled();

  const ids = Array.from({ length: 31 }, (_, index) => `org-${index}`);
  store.results = [[{ id: 'x', data: { name: 'X', visibility: 'organization', organizationId: 'org-0' } }], [{ id: 'y', data: { name: 'Y', visibility: 'organization', organizationId: 'org-30' } }]];
  const shared = await source.listOrganization(ids);
  expect(queries()).toEqual([
    { collection: 'workflows', constraints: [{ field: 'visibility', op: '==', value: 'organization' }, { field: 'organizationId', op: 'in', value: ids.slice(0, 30) }] },
    { collection: 'workflows', constraints: [{ field: 'visibility', op: '==', value: 'organization' }, { field: 'organizationId', op: 'in', value: ids.slice(30) }] },
  ]);
  expect(shared.map((workflow) => workflow.id)).toEqual(['x', 'y']);
});

test('an organization’s trash: the workspace’s query (no other index), only the trashed ones, by name; the list leaves them out', async () => {
  const rows = [
    { id: 'live', data: { name: 'Live', visibility: 'organization', organizationId: 'org-1' } },
    { id: 't2', data: { name: 'Zulu', visibility: 'organization', organizationId: 'org-1', deletedAt: '2026-03-01T10:00:00.000Z' } },
    { id: 't1', data: { name: 'Alpha', visibility: 'organization', organizationId: 'org-1', deletedAt: { toDate: () => new Date('2026-03-02T10:00:00Z') } } },
  ];
  store.results = [rows, rows];
  const trashed = await source.listOrganizationTrash('org-1');
  const live = await source.listOrganization(['org-1']);
  const workspaceQuery = { collection: 'workflows', constraints: [{ field: 'visibility', op: '==', value: 'organization' }, { field: 'organizationId', op: 'in', value: ['org-1'] }] };
  expect(queries()).toEqual([workspaceQuery, workspaceQuery]);
  expect(trashed.map((workflow) => workflow.id)).toEqual(['t1', 't2']);
  expect(trashed[0]?.deletedAt).toBe('2026-03-02T10:00:00.000Z');
  expect(live.map((workflow) => workflow.id)).toEqual(['live']);
});

test('createFromTemplate: one batch with the workflow (only the keys the rules allow) and version 1', async () => {
  const template = WORKFLOW_TEMPLATES[0]!;
  const id = await source.createFromTemplate(template, { uid: 'u1', name: 'Ada' });
  expect(id).toBe('new-id');
  expect(firestore.writeBatch).toHaveBeenCalledTimes(1);
  expect(batchWrites.map((write) => write.path)).toEqual(['workflows/new-id', 'workflows/new-id/versions/1']);
  const [workflow, snapshot] = batchWrites.map((write) => write.data);
  expect(Object.keys(workflow!).sort()).toEqual(
    ['ownerId', 'organizationId', 'name', 'description', 'category', 'industry', 'tags', 'visibility', 'version', 'nodes', 'edges', 'createdAt', 'updatedAt'].sort(),
  );
  expect(workflow).toMatchObject({ ownerId: 'u1', organizationId: null, name: template.name, visibility: 'private', version: 1, createdAt: SERVER_TIME, updatedAt: SERVER_TIME });
  expect(workflow!.nodes).toEqual(template.nodes);
  expect(snapshot).toEqual({ version: 1, nodes: template.nodes, edges: workflow!.edges, savedBy: 'u1', savedByName: 'Ada', savedAt: SERVER_TIME, name: template.name });
  const commit = (firestore.writeBatch!.mock.results[0]!.value as { commit: jest.Mock }).commit;
  expect(commit).toHaveBeenCalledTimes(1);
});

test('copyOfTemplate drops undefined values Firestore would refuse, and caps sizes', () => {
  const template = { ...WORKFLOW_TEMPLATES[0]!, name: 'n'.repeat(200), tags: Array.from({ length: 25 }, (_, index) => `t${index}`), edges: [{ id: 'e', source: 'a', target: 'b', sourceHandle: undefined }] };
  const { workflow } = copyOfTemplate(template, 'u1', SERVER_TIME);
  expect(workflow.edges).toEqual([{ id: 'e', source: 'a', target: 'b' }]);
  expect('sourceHandle' in (workflow.edges[0] ?? {})).toBe(false);
  expect(workflow.name).toHaveLength(120);
  expect(workflow.tags).toHaveLength(20);
  expect(workflow).not.toHaveProperty('id');
});

test('a rename, a move to the trash and a restore are the next version, stamped by the server', async () => {
  const workflow = workflowFromDocument('wf-1', { name: 'Old', ownerId: 'u1', version: 4 });
  await source.renameWorkflow(workflow, 'New');
  await source.setTrashed(workflow, true);
  await source.setTrashed(workflow, false);
  const next = { version: { sentinel: 'increment', by: 1 }, updatedAt: SERVER_TIME };
  expect(firestore.updateDoc.mock.calls).toEqual([
    [{ kind: 'doc', id: 'wf-1', path: 'workflows/wf-1' }, { name: 'New', ...next }],
    [{ kind: 'doc', id: 'wf-1', path: 'workflows/wf-1' }, { deletedAt: SERVER_TIME, ...next }],
    [{ kind: 'doc', id: 'wf-1', path: 'workflows/wf-1' }, { deletedAt: null, ...next }],
  ]);
});

test('delete forever removes the workflow document', async () => {
  await source.deleteForever(workflowFromDocument('wf-1', { name: 'Gone', ownerId: 'u1' }));
  expect(firestore.deleteDoc).toHaveBeenCalledWith({ kind: 'doc', id: 'wf-1', path: 'workflows/wf-1' });
});

test('organization workflows in the trash are left out', async () => {
  store.results = [[{ id: 'a', data: { name: 'A', visibility: 'organization', organizationId: 'o' } }, { id: 'b', data: { name: 'B', visibility: 'organization', organizationId: 'o', deletedAt: '2026-01-01T00:00:00.000Z' } }]];
  expect((await source.listOrganization(['o'])).map((workflow) => workflow.id)).toEqual(['a']);
});

test('withoutPins drops pinned sample data and keeps the rest', () => {
  const node = { id: 'a', type: 'transform' as const, name: 'A', position: { x: 0, y: 0 }, params: { expression: '1' } };
  expect(withoutPins([{ ...node, pinned: { output: { x: 1 }, pinnedAt: '2026-01-01T00:00:00.000Z' } }])).toEqual([node]);
});

test('helpers', () => {
  expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  expect(workflowFromDocument('d', { name: 'N', updatedAt: '2024-01-01T00:00:00.000Z' })).toMatchObject({ id: 'd', name: 'N', updatedAt: '2024-01-01T00:00:00.000Z', createdAt: null, version: 1 });
});
