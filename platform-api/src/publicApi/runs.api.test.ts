// The public API's runs with an API key (issue 24's must-show), on
// platform-api's real app against the emulators: a run started synchronously
// (200 with the run, a failed one too) and asynchronously (202, Location,
// then read with its steps); runs paged with filters and a cursor; a waiting
// approval listed and approved; a run canceled; 402 when the payer is out of
// tokens; the workspace's credentials without any secret; a file uploaded and
// used in a run's input.
import { API_KEYS_API, PUBLIC_API, type ApiKeyScope } from '@agentflow/shared/api-keys';
import { CREDENTIALS_API, debit } from '@agentflow/shared/server';
import type { Workflow } from '@agentflow/shared/workflow';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;
let secret: string;
let greet: Workflow;
let failing: Workflow;
let approval: Workflow;

beforeAll(async () => {
  h = await startRunsHarness('public-runs');
  alice = await h.createUser('alice', { tokens: 100 });
  greet = await h.saveWorkflow(alice.uid, [manual([{ key: 'name', type: 'string', required: true }]), node('out', 'output', { mapping: '{"hello": input.name}' })], [edge('trigger', 'out')], { name: 'Greet' });
  failing = await h.saveWorkflow(alice.uid, [manual(), node('boom', 'transform', { mapping: '$error("CRM down")' })], [edge('trigger', 'boom')], { name: 'CRM sync' });
  approval = await h.saveWorkflow(alice.uid, [manual(), node('review', 'approval', { approvers: [alice.uid], message: 'Ship it?' }), node('done', 'output', {})], [edge('trigger', 'review'), edge('review', 'done')], { name: 'Release' });
  secret = await keyFor(alice, ['workflows:read', 'runs:read', 'runs:write', 'approvals:decide', 'credentials:read', 'files:write']);
}, 60_000);

afterAll(() => h?.close());

async function keyFor(user: RunsUser, scopes: ApiKeyScope[]): Promise<string> {
  const created = await h.call('POST', API_KEYS_API.keys, { user, body: { name: 'Public runs', workspaceId: 'personal', scopes } });
  expect(created.status).toBe(201);
  return created.body.secret as string;
}

/** A /v1 call with the key (JSON body when given). */
async function v1(method: string, path: string, body?: unknown, key = secret) {
  return h.call(method, path, { headers: { Authorization: `Bearer ${key}` }, ...(body !== undefined ? { body } : {}) });
}

describe('starting a run', () => {
  it('asynchronously: 202 with its id, status, links and Location; the run then reads with its steps, trigger api', async () => {
    const started = await v1('POST', PUBLIC_API.workflowRuns(greet.id), { input: { name: 'Ada' } });
    expect(started.status).toBe(202);
    const runId = started.body.runId as string;
    expect(started.body).toEqual({ runId, status: expect.stringMatching(/^(queued|running|succeeded)$/), links: { run: PUBLIC_API.run(runId), cancel: PUBLIC_API.cancelRun(runId), approvals: PUBLIC_API.runApprovals(runId) } });
    expect(started.headers.get('location')).toBe(PUBLIC_API.run(runId));
    await h.waitForRun(runId, ['succeeded']);
    const read = await v1('GET', started.headers.get('location')!);
    expect(read.status).toBe(200);
    expect(read.body.run).toMatchObject({ id: runId, status: 'succeeded', trigger: { type: 'api' }, input: { name: 'Ada' }, output: { out: { hello: 'Ada' } } });
    expect(read.body.run.steps.map((step: { nodeId: string; status: string }) => [step.nodeId, step.status])).toEqual([
      ['trigger', 'succeeded'],
      ['out', 'succeeded'],
    ]);
    expect(read.body.run.steps[1].output).toEqual({ hello: 'Ada' });
  });

  it('synchronously: 200 with the ended run; a failed run is a 200 too, with its status and error', async () => {
    const done = await v1('POST', PUBLIC_API.workflowRuns(greet.id), { input: { name: 'Grace' }, wait: { timeoutMs: 15_000 } });
    expect(done.status).toBe(200);
    expect(done.body.run).toMatchObject({ status: 'succeeded', trigger: { type: 'api' }, output: { out: { hello: 'Grace' } }, endedAt: expect.any(String) });
    expect(done.body.run.steps).toHaveLength(2);
    const failed = await v1('POST', PUBLIC_API.workflowRuns(failing.id), { input: {}, wait: { timeoutMs: 15_000 } });
    expect(failed.status).toBe(200);
    expect(failed.body.run).toMatchObject({ status: 'failed', error: expect.stringContaining('CRM down') });
  });

  it('synchronously, a run not ended by the timeout is answered 202 as without wait (here: waiting for its approval)', async () => {
    const pending = await v1('POST', PUBLIC_API.workflowRuns(approval.id), { input: {}, wait: { timeoutMs: 1000 } });
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({ runId: expect.any(String), status: 'waiting' });
    expect(pending.headers.get('location')).toBe(PUBLIC_API.run(pending.body.runId));
  });

  it('refuses bad input naming the field, a bad timeout, and another workspace’s workflow (404); nothing starts', async () => {
    const bob = await h.createUser('bob');
    const bobs = await h.saveWorkflow(bob.uid, [manual(), node('out', 'output', {})], [edge('trigger', 'out')]);
    const runsBefore = (await h.db.collection('workflowRuns').where('ownerId', '==', alice.uid).count().get()).data().count;
    const missing = await v1('POST', PUBLIC_API.workflowRuns(greet.id), { input: {} });
    expect(missing).toMatchObject({ status: 400, body: { error: expect.stringContaining('input.name') } });
    const slow = await v1('POST', PUBLIC_API.workflowRuns(greet.id), { input: { name: 'x' }, wait: { timeoutMs: 500_000 } });
    expect(slow).toMatchObject({ status: 400, body: { error: expect.stringContaining('wait.timeoutMs') } });
    expect(await v1('POST', PUBLIC_API.workflowRuns(bobs.id), { input: {} })).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect((await h.db.collection('workflowRuns').where('ownerId', '==', alice.uid).count().get()).data().count).toBe(runsBefore);
  });

  it('is metered: the workspace owner pays, and an owner out of tokens gets 402 insufficient_tokens and no run', async () => {
    const carol = await h.createUser('carol');
    const wf = await h.saveWorkflow(carol.uid, [manual(), node('out', 'output', {})], [edge('trigger', 'out')]);
    const key = await keyFor(carol, ['runs:write']);
    const before = await h.balance(carol.uid);
    const paid = await v1('POST', PUBLIC_API.workflowRuns(wf.id), { input: {}, wait: { timeoutMs: 15_000 } }, key);
    expect(paid.body.run.status).toBe('succeeded');
    expect(await h.balance(carol.uid)).toBeLessThan(before);
    await debit(h.db, { uid: carol.uid, feature: 'workflow_run', amount: await h.balance(carol.uid), idempotencyKey: 'test:drain-public' });
    const refused = await v1('POST', PUBLIC_API.workflowRuns(wf.id), { input: {} }, key);
    expect(refused).toMatchObject({ status: 402, body: { code: 'insufficient_tokens' } });
    expect((await h.db.collection('workflowRuns').where('ownerId', '==', carol.uid).count().get()).data().count).toBe(1);
  });
});

describe('listing runs', () => {
  it('pages through the workspace’s runs newest first with filters and a cursor', async () => {
    const dave = await h.createUser('dave', { tokens: 50 });
    const a = await h.saveWorkflow(dave.uid, [manual(), node('out', 'output', {})], [edge('trigger', 'out')], { name: 'A' });
    const b = await h.saveWorkflow(dave.uid, [manual(), node('boom', 'transform', { mapping: '$error("no")' })], [edge('trigger', 'boom')], { name: 'B' });
    const key = await keyFor(dave, ['runs:read', 'runs:write']);
    const ids: string[] = [];
    for (const wf of [a, b, a, a, b]) {
      const done = await v1('POST', PUBLIC_API.workflowRuns(wf.id), { input: {}, wait: { timeoutMs: 15_000 } }, key);
      ids.push(done.body.run.id as string);
    }
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page = await v1('GET', `${PUBLIC_API.runs}?limit=2${cursor ? `&cursor=${cursor}` : ''}`, undefined, key);
      expect(page.status).toBe(200);
      pages.push(page.body.runs.map((run: { id: string }) => run.id));
      cursor = page.body.nextCursor;
    } while (cursor && pages.length < 10);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual([...ids].reverse());
    const failedOfB = await v1('GET', `${PUBLIC_API.runs}?workflowId=${b.id}&status=failed&trigger=api`, undefined, key);
    expect(failedOfB.body.runs.map((run: { id: string }) => run.id)).toEqual([ids[4], ids[1]]);
    expect(failedOfB.body.runs[0]).toMatchObject({ workflowId: b.id, workflowName: 'B', status: 'failed', trigger: { type: 'api' }, error: expect.stringContaining('no') });
    expect(failedOfB.body.runs[0]).not.toHaveProperty('steps');
    expect((await v1('GET', `${PUBLIC_API.runs}?trigger=manual`, undefined, key)).body.runs).toEqual([]);
    const future = await v1('GET', `${PUBLIC_API.runs}?from=2999-01-01`, undefined, key);
    expect(future.body).toEqual({ runs: [], nextCursor: null });
    // Another user's runs never show.
    expect((await v1('GET', PUBLIC_API.runs, undefined, key)).body.runs.map((run: { id: string }) => run.id).sort()).toEqual([...ids].sort());
    for (const [query, field] of [['status=lost', 'status'], ['from=yesterday', 'from'], ['from=2026-05-02&to=2026-05-01', 'to'], ['cursor=bm90LWEtY3Vyc29y', 'cursor'], ['limit=500', 'limit']]) {
      const bad = await v1('GET', `${PUBLIC_API.runs}?${query}`, undefined, key);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toContain(field);
    }
  });
});

describe('approvals and cancel', () => {
  const waitingRun = async () => {
    const started = await v1('POST', PUBLIC_API.workflowRuns(approval.id), { input: {} });
    expect(started.status).toBe(202);
    await h.waitForRun(started.body.runId, ['waiting']);
    return started.body.runId as string;
  };

  it('lists a waiting approval with the caller’s verdict and approves it; the run goes on; a second decision is a 409', async () => {
    const runId = await waitingRun();
    const listed = await v1('GET', PUBLIC_API.runApprovals(runId));
    expect(listed).toMatchObject({ status: 200, body: { approvals: [{ nodeId: 'review', stepId: 'review', name: 'review', mayDecide: true, waitingSince: expect.any(String), approvers: [{ kind: 'user', id: alice.uid }] }] } });
    const decided = await v1('POST', PUBLIC_API.decideApproval(runId, 'review'), { decision: 'approve', comment: 'Looks good' });
    expect(decided).toMatchObject({ status: 200, body: { runId, nodeId: 'review', stepId: 'review', decision: 'approve' } });
    const run = await h.waitForRun(runId, ['succeeded']);
    expect(run.steps.find((step) => step.nodeId === 'review')?.output).toMatchObject({ approved: true, by: alice.uid, comment: 'Looks good' });
    expect((await v1('GET', PUBLIC_API.runApprovals(runId))).body).toEqual({ approvals: [] });
    expect(await v1('POST', PUBLIC_API.decideApproval(runId, 'review'), { decision: 'reject' })).toMatchObject({ status: 409, body: { code: 'approval-not-waiting' } });
  });

  it('a rejection fails the run; a bad decision is a 400 naming the field', async () => {
    const runId = await waitingRun();
    expect(await v1('POST', PUBLIC_API.decideApproval(runId, 'review'), { decision: 'maybe' })).toMatchObject({ status: 400, body: { error: expect.stringContaining('decision') } });
    expect((await v1('POST', PUBLIC_API.decideApproval(runId, 'review'), { decision: 'reject' })).status).toBe(200);
    expect((await h.waitForRun(runId, ['failed'])).steps.find((step) => step.nodeId === 'review')?.status).toBe('failed');
  });

  it('cancels a run that has not ended; an ended one is a 409 and another user’s run a 404', async () => {
    const runId = await waitingRun();
    expect(await v1('POST', PUBLIC_API.cancelRun(runId))).toMatchObject({ status: 200, body: { runId, status: 'canceled' } });
    expect((await v1('GET', PUBLIC_API.run(runId))).body.run.status).toBe('canceled');
    expect((await v1('POST', PUBLIC_API.cancelRun(runId))).status).toBe(409);
    const erin = await h.createUser('erin', { tokens: 10 });
    const hers = await h.saveWorkflow(erin.uid, [manual(), node('review', 'approval', { approvers: [erin.uid], message: 'Go?' })], [edge('trigger', 'review')]);
    const started = await h.call('POST', `/api/workflows/${hers.id}/runs`, { user: erin, body: { input: {} } });
    expect(started.status).toBe(202);
    await h.waitForRun(started.body.runId, ['waiting']);
    for (const path of [PUBLIC_API.cancelRun(started.body.runId), PUBLIC_API.decideApproval(started.body.runId, 'review')]) {
      expect(await v1('POST', path, path.endsWith('cancel') ? undefined : { decision: 'approve' })).toMatchObject({ status: 404, body: { code: 'not_found' } });
    }
    expect(await v1('GET', PUBLIC_API.runApprovals(started.body.runId))).toMatchObject({ status: 404 });
    expect((await h.waitForRun(started.body.runId, ['waiting'])).status).toBe('waiting');
  });
});

describe('credentials and files', () => {
  it('lists the workspace’s credentials with no secret material', async () => {
    const CANARY = 'sk-public-api-canary-1234567890abcdef';
    const created = await h.call('POST', CREDENTIALS_API.create, { user: alice, body: { type: 'openai', name: 'My OpenAI', secrets: { apiKey: CANARY } } });
    expect(created.status).toBe(201);
    const listed = await v1('GET', PUBLIC_API.credentials);
    expect(listed.status).toBe(200);
    expect(listed.body.credentials).toEqual([{ id: created.body.id, name: 'My OpenAI', type: 'openai', secretFields: ['apiKey'], createdAt: expect.any(String), updatedAt: expect.any(String), lastUsedAt: null }]);
    const text = JSON.stringify(listed.body);
    // Not the secret, nor its end (the UI's hint), nor its start.
    for (const part of [CANARY, CANARY.slice(-4), CANARY.slice(0, 12), '••••']) expect(text).not.toContain(part);
  });

  it('uploads a file and starts a run with it in a file field', async () => {
    const wf = await h.saveWorkflow(
      alice.uid,
      [node('trigger', 'trigger.manual', { inputSchema: [{ key: 'doc', label: 'Doc', type: 'file', required: true }] }), node('out', 'output', { mapping: '{"name": input.doc.name, "bytes": input.doc.size}' })],
      [edge('trigger', 'out')],
    );
    const bytes = Buffer.from('Quarterly numbers: 42\n');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), 'numbers.txt');
    const response = await fetch(`${h.baseUrl()}${PUBLIC_API.files}`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${secret}` } });
    const uploaded = (await response.json()) as { file: { fileId: string; name: string; size: number }; expiresAt: string };
    expect(response.status).toBe(201);
    expect(uploaded).toEqual({ file: { fileId: expect.any(String), name: 'numbers.txt', contentType: 'text/plain', size: bytes.length }, expiresAt: expect.any(String) });
    const done = await v1('POST', PUBLIC_API.workflowRuns(wf.id), { input: { doc: uploaded.file }, wait: { timeoutMs: 15_000 } });
    expect(done).toMatchObject({ status: 200, body: { run: { status: 'succeeded', output: { out: { name: 'numbers.txt', bytes: bytes.length } } } } });
    expect((await h.db.collection('files').doc(uploaded.file.fileId).get()).get('use')).toMatchObject({ kind: 'run', runId: done.body.run.id });
    // JSON is no upload; a part of another name is named.
    expect(await v1('POST', PUBLIC_API.files, { file: 'x' })).toMatchObject({ status: 400, body: { code: 'bad_upload' } });
    const wrong = new FormData();
    wrong.append('attachment', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), 'n.txt');
    const refused = await fetch(`${h.baseUrl()}${PUBLIC_API.files}`, { method: 'POST', body: wrong, headers: { Authorization: `Bearer ${secret}` } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { field: string }).field).toBe('attachment');
  });
});
