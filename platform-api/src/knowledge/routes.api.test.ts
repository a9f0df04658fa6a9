// The knowledge routes' refusals, route by route: 401 without a token, 400
// naming the field, 403 for a workspace member who may see but not manage
// (and for a workspace one may not use), 404 for another workspace's base
// (nothing leaks) — and nothing changed by a refusal. Creates and deletes
// leave an audit entry.
import { CREDENTIALS_API } from '@agentflow/shared/server';
import { RBAC_COLLECTIONS, WORKSPACE_ROLES, type WorkspaceRoleId } from '@agentflow/shared/rbac';
import { KNOWLEDGE_API, KNOWLEDGE_BASES_COLLECTION } from '@agentflow/shared/knowledge';
import { startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let owner: RunsUser;
let viewer: RunsUser;
let stranger: RunsUser;
let org: string;
let baseId: string;
let sourceId: string;

const assign = (uid: string, roleId: WorkspaceRoleId, organizationId: string) =>
  h.db.collection(RBAC_COLLECTIONS.userRoles).doc(`${uid}:${roleId}:${organizationId}`).set({ userId: uid, roleId, organizationId, assignedBy: 'system' });

beforeAll(async () => {
  h = await startRunsHarness('knowledge-routes');
  [owner, viewer, stranger] = await Promise.all([h.createUser('owner', { tokens: 100, plan: 'premium' }), h.createUser('viewer'), h.createUser('stranger')]);
  await Promise.all(WORKSPACE_ROLES.map((role) => h.db.collection(RBAC_COLLECTIONS.roles).doc(role.id).set({ ...role })));
  org = `org-${Math.random().toString(36).slice(2, 10)}`;
  await h.db.collection(RBAC_COLLECTIONS.organizations).doc(org).set({ name: org, description: '', ownerId: owner.uid, createdBy: owner.uid, createdAt: new Date().toISOString() });
  await Promise.all([assign(owner.uid, 'workspace_owner', org), assign(viewer.uid, 'workspace_viewer', org)]);
  const created = await h.call('POST', KNOWLEDGE_API.list, { user: owner, body: { workspaceId: org, name: 'Team manuals' } });
  expect(created.status).toBe(201);
  baseId = created.body.id as string;
  const added = await h.call('POST', KNOWLEDGE_API.sources(baseId), { user: owner, body: { kind: 'text', name: 'Opening hours', text: 'The shop opens at nine and closes at six.' } });
  expect(added.status).toBe(202);
  sourceId = added.body.id as string;
  // Processed before the refusals are tried, so the base document changes only if a refusal changed it.
  const deadline = Date.now() + 20_000;
  while ((await h.call('GET', KNOWLEDGE_API.sources(baseId), { user: owner })).body.sources[0].status !== 'ready') {
    if (Date.now() > deadline) throw new Error('the text source was not processed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 60_000);

afterAll(() => h?.close());

const baseDoc = async () => (await h.db.collection(KNOWLEDGE_BASES_COLLECTION).doc(baseId).get()).data();
const auditEntries = async (action: string) => (await h.db.collection(RBAC_COLLECTIONS.auditLog).where('action', '==', action).where('targetType', '==', 'knowledgeBase').get()).docs.map((doc) => doc.data());

type Route = { name: string; method: string; path: () => string; body?: unknown; need: 'view' | 'manage' };
const routes: Route[] = [
  { name: 'list', method: 'GET', path: () => `${KNOWLEDGE_API.list}?workspaceId=${org}`, need: 'view' },
  { name: 'create', method: 'POST', path: () => KNOWLEDGE_API.list, body: { workspaceId: 'ORG', name: 'New' }, need: 'manage' },
  { name: 'read', method: 'GET', path: () => KNOWLEDGE_API.one(baseId), need: 'view' },
  { name: 'update', method: 'PATCH', path: () => KNOWLEDGE_API.one(baseId), body: { name: 'Renamed' }, need: 'manage' },
  { name: 'delete', method: 'DELETE', path: () => KNOWLEDGE_API.one(baseId), need: 'manage' },
  { name: 'sources', method: 'GET', path: () => KNOWLEDGE_API.sources(baseId), need: 'view' },
  { name: 'add source', method: 'POST', path: () => KNOWLEDGE_API.sources(baseId), body: { kind: 'text', name: 'More', text: 'More text' }, need: 'manage' },
  { name: 'remove source', method: 'DELETE', path: () => KNOWLEDGE_API.source(baseId, sourceId), need: 'manage' },
  { name: 'resync', method: 'POST', path: () => KNOWLEDGE_API.resync(baseId, sourceId), need: 'manage' },
  { name: 'search', method: 'POST', path: () => KNOWLEDGE_API.search(baseId), body: { query: 'opening hours' }, need: 'view' },
];
const bodyOf = (route: Route) => (route.body && typeof route.body === 'object' && 'workspaceId' in route.body ? { ...route.body, workspaceId: org } : route.body);

describe.each(routes)('$method $name', (route) => {
  test('401 without a token; 404 (or 403 for a workspace) to a stranger; viewers may only view — nothing changes', async () => {
    const before = await baseDoc();
    expect((await h.call(route.method, route.path(), { user: null, body: bodyOf(route) })).status).toBe(401);
    const byStranger = await h.call(route.method, route.path(), { user: stranger, body: bodyOf(route) });
    const workspaceRoute = route.name === 'list' || route.name === 'create';
    expect(byStranger.status).toBe(workspaceRoute ? 403 : 404);
    expect(byStranger.body.code).toBe(workspaceRoute ? 'knowledge_workspace_forbidden' : 'knowledge_base_not_found');
    const byViewer = await h.call(route.method, route.path(), { user: viewer, body: bodyOf(route) });
    if (route.need === 'manage') expect(byViewer.status).toBe(403);
    else expect(byViewer.status).toBe(200);
    expect(await baseDoc()).toEqual(before);
  });
});

test.each([
  ['create: an empty name', 'POST', () => KNOWLEDGE_API.list, () => ({ workspaceId: org, name: '' }), 'name'],
  ['create: an overlap above the share of the size', 'POST', () => KNOWLEDGE_API.list, () => ({ workspaceId: org, name: 'x', chunking: { size: 1000, overlap: 900 } }), 'chunking.overlap'],
  ['update: a topK too high', 'PATCH', () => KNOWLEDGE_API.one(baseId), () => ({ retrieval: { topK: 500, minSimilarity: 0.2 } }), 'retrieval.topK'],
  ['add source: an unknown kind', 'POST', () => KNOWLEDGE_API.sources(baseId), () => ({ kind: 'ftp' }), 'kind'],
  ['add source: a URL that is not http', 'POST', () => KNOWLEDGE_API.sources(baseId), () => ({ kind: 'url', url: 'file:///etc/passwd' }), 'url'],
  ['add source: a file id that is not an upload of the caller', 'POST', () => KNOWLEDGE_API.sources(baseId), () => ({ kind: 'file', fileId: 'nosuchfile' }), 'fileId'],
  ['search: an empty query', 'POST', () => KNOWLEDGE_API.search(baseId), () => ({ query: ' ' }), 'query'],
])('400 naming the field — %s', async (_name, method, path, body, field) => {
  const before = await baseDoc();
  const response = await h.call(method, path(), { user: owner, body: body() });
  expect(response.status).toBe(400);
  expect(response.body.error).toContain(field);
  expect(await baseDoc()).toEqual(before);
});

test('an embedding credential of another workspace is refused naming embedding.credentialId', async () => {
  const personal = await h.call('POST', CREDENTIALS_API.create, { user: owner, body: { type: 'openaiCompatible', name: 'Mine', settings: { baseUrl: 'http://127.0.0.1:9/v1' }, secrets: { apiKey: 'sk-x' } } });
  expect(personal.status).toBe(201);
  const refused = await h.call('POST', KNOWLEDGE_API.list, { user: owner, body: { workspaceId: org, name: 'Vectors', embedding: { credentialId: personal.body.id, model: 'm' } } });
  expect(refused).toMatchObject({ status: 400, body: { code: 'knowledge_embedding_credential_invalid' } });
  expect(refused.body.error).toContain('embedding.credentialId');
});

test('creates and deletes are audited; a deleted base is gone with its sources', async () => {
  const created = await h.call('POST', KNOWLEDGE_API.list, { user: owner, body: { workspaceId: org, name: 'Short-lived' } });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const added = await h.call('POST', KNOWLEDGE_API.sources(id), { user: owner, body: { kind: 'text', name: 'Note', text: 'A note.' } });
  expect(added.status).toBe(202);
  expect(await auditEntries('CREATE_KNOWLEDGE_BASE')).toEqual(expect.arrayContaining([expect.objectContaining({ targetId: id, organizationId: org, userId: owner.uid, status: 'success' })]));
  expect(await auditEntries('ADD_KNOWLEDGE_SOURCE')).toEqual(expect.arrayContaining([expect.objectContaining({ targetId: id, details: expect.objectContaining({ sourceId: added.body.id, kind: 'text' }) })]));
  expect((await h.call('DELETE', KNOWLEDGE_API.one(id), { user: owner })).status).toBe(204);
  expect(await auditEntries('DELETE_KNOWLEDGE_BASE')).toEqual(expect.arrayContaining([expect.objectContaining({ targetId: id, userId: owner.uid })]));
  expect((await h.call('GET', KNOWLEDGE_API.one(id), { user: owner })).status).toBe(404);
  expect((await h.db.collection(KNOWLEDGE_BASES_COLLECTION).doc(id).collection('sources').get()).size).toBe(0);
});

test('removing a source is audited and answers 404 the second time; re-sync of a gone source is 404', async () => {
  const added = await h.call('POST', KNOWLEDGE_API.sources(baseId), { user: owner, body: { kind: 'text', name: 'Temp', text: 'Temporary words.' } });
  const id = added.body.id as string;
  expect((await h.call('DELETE', KNOWLEDGE_API.source(baseId, id), { user: owner })).status).toBe(204);
  expect(await auditEntries('REMOVE_KNOWLEDGE_SOURCE')).toEqual(expect.arrayContaining([expect.objectContaining({ targetId: baseId, details: expect.objectContaining({ sourceId: id }) })]));
  expect(await h.call('DELETE', KNOWLEDGE_API.source(baseId, id), { user: owner })).toMatchObject({ status: 404, body: { code: 'knowledge_source_not_found' } });
  expect(await h.call('POST', KNOWLEDGE_API.resync(baseId, id), { user: owner })).toMatchObject({ status: 404, body: { code: 'knowledge_source_not_found' } });
});

test('re-sync: a ready source is queued again (202) and processed into a new version', async () => {
  const before = (await h.call('GET', KNOWLEDGE_API.sources(baseId), { user: owner })).body.sources.find((s: { id: string }) => s.id === sourceId);
  expect(before.status).toBe('ready');
  const resynced = await h.call('POST', KNOWLEDGE_API.resync(baseId, sourceId), { user: owner });
  expect(resynced.status).toBe(202);
  expect(['queued', 'processing', 'ready']).toContain(resynced.body.status);
  const deadline = Date.now() + 20_000;
  let after = before;
  while (!(after.status === 'ready' && after.syncedAt !== before.syncedAt)) {
    if (Date.now() > deadline) throw new Error(`not re-synced: ${JSON.stringify(after)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    after = (await h.call('GET', KNOWLEDGE_API.sources(baseId), { user: owner })).body.sources.find((s: { id: string }) => s.id === sourceId);
  }
  expect(after).toMatchObject({ status: 'ready', chunkCount: before.chunkCount, failure: null });
  expect((await h.db.collection(KNOWLEDGE_BASES_COLLECTION).doc(baseId).collection('sources').doc(sourceId).get()).get('sync')).toBe(2);
});
