// Every /v1 route needs its own scope (issue 24's table-driven must-show):
// for each scope, a key holding only that scope reaches exactly the routes of
// that scope (and the scope-free ones), each answering its success; every
// other route refuses it with 403 api_key_scope_missing and changes nothing
// (no run started, canceled or decided, no file stored). The cases are keyed
// by PUBLIC_ROUTES, so a route added to the table without a case here fails
// to compile; the expected scopes are written here, apart from the table.
import { API_KEYS_API, API_KEY_SCOPE_LIST, PUBLIC_API, PUBLIC_ROUTES, type ApiKeyScope } from '@agentflow/shared/api-keys';
import type { Workflow } from '@agentflow/shared/workflow';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;
let simple: Workflow;
let approval: Workflow;
let doneRun: string;

beforeAll(async () => {
  h = await startRunsHarness('public-scopes');
  alice = await h.createUser('alice', { tokens: 200 });
  simple = await h.saveWorkflow(alice.uid, [manual(), node('out', 'output', {})], [edge('trigger', 'out')], { name: 'Simple' });
  approval = await h.saveWorkflow(alice.uid, [manual(), node('review', 'approval', { approvers: [alice.uid], message: 'Ship it?' })], [edge('trigger', 'review')], { name: 'Release' });
  const started = await h.call('POST', `/api/workflows/${simple.id}/runs`, { user: alice, body: { input: {} } });
  doneRun = started.body.runId as string;
  await h.waitForRun(doneRun, ['succeeded']);
}, 60_000);

afterAll(() => h?.close());

interface Answer {
  status: number;
  body: any;
}

async function send(method: string, path: string, secret: string, body?: unknown): Promise<Answer> {
  return h.call(method, path, { headers: { Authorization: `Bearer ${secret}` }, ...(body !== undefined ? { body } : {}) });
}

async function upload(secret: string): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from('scope test\n'))], { type: 'text/plain' }), 'scope.txt');
  const response = await fetch(`${h.baseUrl()}${PUBLIC_API.files}`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${secret}` } });
  return { status: response.status, body: await response.json() };
}

async function waitingRun(): Promise<string> {
  const started = await h.call('POST', `/api/workflows/${approval.id}/runs`, { user: alice, body: { input: {} } });
  expect(started.status).toBe(202);
  await h.waitForRun(started.body.runId, ['waiting']);
  return started.body.runId as string;
}

const runCount = async () => (await h.db.collection('workflowRuns').where('workflowId', '==', simple.id).count().get()).data().count;
const uploadCount = async () => (await h.db.collection('files').where('ownerId', '==', alice.uid).count().get()).data().count;
const runStatus = async (runId: string) => (await h.waitForRun(runId, () => true)).status;

/** A route's call with a key: what it needs set up first, its success, and (for one that changes something) that a refusal changed nothing. */
interface RouteCase {
  scope: ApiKeyScope | null;
  ok: number;
  call: (secret: string) => Promise<{ answer: Answer; unchanged?: () => Promise<void> }>;
}

const CASES: Record<keyof typeof PUBLIC_ROUTES, RouteCase> = {
  me: { scope: null, ok: 200, call: async (secret) => ({ answer: await send('GET', PUBLIC_API.me, secret) }) },
  listWorkflows: { scope: 'workflows:read', ok: 200, call: async (secret) => ({ answer: await send('GET', PUBLIC_API.workflows, secret) }) },
  getWorkflow: { scope: 'workflows:read', ok: 200, call: async (secret) => ({ answer: await send('GET', PUBLIC_API.workflow(simple.id), secret) }) },
  startRun: {
    scope: 'runs:write',
    ok: 202,
    call: async (secret) => {
      const before = await runCount();
      return { answer: await send('POST', PUBLIC_API.workflowRuns(simple.id), secret, { input: {} }), unchanged: async () => expect(await runCount()).toBe(before) };
    },
  },
  listRuns: { scope: 'runs:read', ok: 200, call: async (secret) => ({ answer: await send('GET', PUBLIC_API.runs, secret) }) },
  getRun: { scope: 'runs:read', ok: 200, call: async (secret) => ({ answer: await send('GET', PUBLIC_API.run(doneRun), secret) }) },
  cancelRun: {
    scope: 'runs:write',
    ok: 200,
    call: async (secret) => {
      const runId = await waitingRun();
      return { answer: await send('POST', PUBLIC_API.cancelRun(runId), secret), unchanged: async () => expect(await runStatus(runId)).toBe('waiting') };
    },
  },
  listRunApprovals: { scope: 'runs:read', ok: 200, call: async (secret) => ({ answer: await send('GET', PUBLIC_API.runApprovals(doneRun), secret) }) },
  decideApproval: {
    scope: 'approvals:decide',
    ok: 200,
    call: async (secret) => {
      const runId = await waitingRun();
      return { answer: await send('POST', PUBLIC_API.decideApproval(runId, 'review'), secret, { decision: 'approve' }), unchanged: async () => expect(await runStatus(runId)).toBe('waiting') };
    },
  },
  listCredentials: { scope: 'credentials:read', ok: 200, call: async (secret) => ({ answer: await send('GET', PUBLIC_API.credentials, secret) }) },
  uploadFile: {
    scope: 'files:write',
    ok: 201,
    call: async (secret) => {
      const before = await uploadCount();
      return { answer: await upload(secret), unchanged: async () => expect(await uploadCount()).toBe(before) };
    },
  },
};

test('the cases expect the scopes the route table declares', () => {
  expect(Object.fromEntries(Object.entries(CASES).map(([id, c]) => [id, c.scope]))).toEqual(Object.fromEntries(Object.entries(PUBLIC_ROUTES).map(([id, route]) => [id, route.scope])));
});

test.each(API_KEY_SCOPE_LIST)('a key with only %s reaches exactly the routes of that scope (and the scope-free ones); the others refuse it and change nothing', async (scope) => {
  const created = await h.call('POST', API_KEYS_API.keys, { user: alice, body: { name: `Only ${scope}`, workspaceId: 'personal', scopes: [scope] } });
  expect(created.status).toBe(201);
  const secret = created.body.secret as string;
  for (const [id, route] of Object.entries(CASES)) {
    const { answer, unchanged } = await route.call(secret);
    if (route.scope === null || route.scope === scope) {
      expect([id, answer.status]).toEqual([id, route.ok]);
    } else {
      expect([id, answer.status, answer.body.code]).toEqual([id, 403, 'api_key_scope_missing']);
      await unchanged?.();
    }
  }
}, 30_000);
