// Idempotency-Key on POST /v1/workflows/:workflowId/runs (issue 24), on
// platform-api's real app against the emulators: a retry replays the first
// run (same id, Idempotent-Replayed) with no second run and no second charge;
// another body is a 422 and concurrent duplicates start one run; a bad key is
// a 400; a refused first request (out of tokens) releases the key; another API
// key's same key is its own; an expired or abandoned reservation starts anew.
import { Timestamp } from 'firebase-admin/firestore';
import { API_KEYS_API, PUBLIC_API, publicStartRunBodySchema } from '@agentflow/shared/api-keys';
import { credit, debit } from '@agentflow/shared/server';
import type { Workflow } from '@agentflow/shared/workflow';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { API_IDEMPOTENCY_COLLECTION, idempotencyDocId, startRequestHash } from './idempotency';

let h: RunsHarness;
let alice: RunsUser;
let key: { id: string; secret: string };
let greet: Workflow;
let approval: Workflow;
let keyCount = 0;

beforeAll(async () => {
  h = await startRunsHarness('public-idempotency');
  alice = await h.createUser('alice', { tokens: 100 });
  greet = await h.saveWorkflow(alice.uid, [manual([{ key: 'name', type: 'string', required: true }]), node('out', 'output', { mapping: '{"hello": input.name}' })], [edge('trigger', 'out')], { name: 'Greet' });
  approval = await h.saveWorkflow(alice.uid, [manual(), node('review', 'approval', { approvers: [alice.uid], message: 'Ship it?' }), node('done', 'output', {})], [edge('trigger', 'review'), edge('review', 'done')], { name: 'Release' });
  key = await keyFor(alice);
}, 60_000);

afterAll(() => h?.close());

async function keyFor(user: RunsUser): Promise<{ id: string; secret: string }> {
  const created = await h.call('POST', API_KEYS_API.keys, { user, body: { name: 'Idempotent runs', workspaceId: 'personal', scopes: ['runs:read', 'runs:write'] } });
  expect(created.status).toBe(201);
  return { id: created.body.key.id as string, secret: created.body.secret as string };
}

/** A fresh Idempotency-Key per test, as a client makes one per run it means to start. */
const newKey = () => `test-key-${Date.now()}-${++keyCount}`;

const start = (workflowId: string, body: unknown, idempotencyKey: string | null, apiKey = key) =>
  h.call('POST', PUBLIC_API.workflowRuns(workflowId), { body, headers: { Authorization: `Bearer ${apiKey.secret}`, ...(idempotencyKey !== null ? { 'Idempotency-Key': idempotencyKey } : {}) } });

const runsOf = async (workflowId: string) => (await h.db.collection('workflowRuns').where('workflowId', '==', workflowId).count().get()).data().count;

const replayedHeader = (answer: { headers: Headers }) => answer.headers.get('idempotent-replayed');

it('a retry replays the first answer: same run id, Idempotent-Replayed, no second run and no second charge', async () => {
  const idem = newKey();
  const runsBefore = await runsOf(greet.id);
  const first = await start(greet.id, { input: { name: 'Ada' } }, idem);
  expect(first.status).toBe(202);
  expect(replayedHeader(first)).toBeNull();
  await h.waitForRun(first.body.runId, ['succeeded']);
  const balance = await h.balance(alice.uid);
  const retry = await start(greet.id, { input: { name: 'Ada' } }, idem);
  expect(retry.status).toBe(202);
  expect(retry.body).toEqual(first.body);
  expect(replayedHeader(retry)).toBe('true');
  expect(retry.headers.get('location')).toBe(PUBLIC_API.run(first.body.runId));
  expect(await runsOf(greet.id)).toBe(runsBefore + 1);
  expect(await h.balance(alice.uid)).toBe(balance);
  // Without a key every request is a run (and a charge) of its own.
  const unkeyed = await start(greet.id, { input: { name: 'Ada' } }, null);
  expect(unkeyed.body.runId).not.toBe(first.body.runId);
  await h.waitForRun(unkeyed.body.runId, ['succeeded']);
  expect(await h.balance(alice.uid)).toBeLessThan(balance);
});

it('with wait, a retry answers the same run the way the first did: 200 once ended, 202 with its status while it waits', async () => {
  const ended = newKey();
  const first = await start(greet.id, { input: { name: 'Grace' }, wait: { timeoutMs: 15_000 } }, ended);
  expect(first.status).toBe(200);
  const balance = await h.balance(alice.uid);
  // Its fields in another order: the same request.
  const retry = await start(greet.id, { wait: { timeoutMs: 15_000 }, input: { name: 'Grace' } }, ended);
  expect(retry).toMatchObject({ status: 200, body: { run: { id: first.body.run.id, status: 'succeeded', output: { out: { hello: 'Grace' } } } } });
  expect(replayedHeader(retry)).toBe('true');
  expect(await h.balance(alice.uid)).toBe(balance);

  const waiting = newKey();
  const runsBefore = await runsOf(approval.id);
  const pending = await start(approval.id, { input: {}, wait: { timeoutMs: 1000 } }, waiting);
  expect(pending).toMatchObject({ status: 202, body: { status: 'waiting' } });
  const again = await start(approval.id, { input: {}, wait: { timeoutMs: 1000 } }, waiting);
  expect(again).toMatchObject({ status: 202, body: { runId: pending.body.runId, status: 'waiting' } });
  expect(replayedHeader(again)).toBe('true');
  expect(await runsOf(approval.id)).toBe(runsBefore + 1);
});

it('the same key with another body or workflow is a 422 idempotency_key_reused, and nothing starts', async () => {
  const idem = newKey();
  const first = await start(greet.id, { input: { name: 'Ada' } }, idem);
  expect(first.status).toBe(202);
  const runsBefore = await runsOf(greet.id);
  const otherBody = await start(greet.id, { input: { name: 'Bob' } }, idem);
  expect(otherBody).toMatchObject({ status: 422, body: { code: 'idempotency_key_reused', error: expect.stringContaining('Idempotency-Key') } });
  const otherWorkflow = await start(approval.id, { input: {} }, idem);
  expect(otherWorkflow).toMatchObject({ status: 422, body: { code: 'idempotency_key_reused' } });
  expect(await runsOf(greet.id)).toBe(runsBefore);
  // The first request's answer is still the key's.
  expect((await start(greet.id, { input: { name: 'Ada' } }, idem)).body.runId).toBe(first.body.runId);
});

it('concurrent duplicates start exactly one run: the others replay it or are told it is in progress', async () => {
  const idem = newKey();
  const runsBefore = await runsOf(greet.id);
  const answers = await Promise.all(Array.from({ length: 5 }, () => start(greet.id, { input: { name: 'Twin' } }, idem)));
  expect(await runsOf(greet.id)).toBe(runsBefore + 1);
  const started = answers.filter((answer) => answer.status === 202);
  expect(started.filter((answer) => replayedHeader(answer) === null)).toHaveLength(1);
  expect(new Set(started.map((answer) => answer.body.runId)).size).toBe(1);
  for (const answer of answers.filter((each) => each.status !== 202)) expect(answer).toMatchObject({ status: 409, body: { code: 'idempotency_key_in_progress' } });
});

it('a malformed key is a 400 naming the header; nothing starts and nothing is kept', async () => {
  const runsBefore = await runsOf(greet.id);
  const kept = (await h.db.collection(API_IDEMPOTENCY_COLLECTION).count().get()).data().count;
  for (const bad of ['short', 'has spaces in it', 'x'.repeat(101), 'semi;colon-key']) {
    const refused = await start(greet.id, { input: { name: 'Ada' } }, bad);
    expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_request', error: expect.stringContaining('Idempotency-Key') } });
  }
  expect(await runsOf(greet.id)).toBe(runsBefore);
  expect((await h.db.collection(API_IDEMPOTENCY_COLLECTION).count().get()).data().count).toBe(kept);
});

it('a first request refused for want of tokens releases the key: after a top-up the same key starts the run', async () => {
  const carol = await h.createUser('carol');
  const wf = await h.saveWorkflow(carol.uid, [manual(), node('out', 'output', {})], [edge('trigger', 'out')]);
  const carolKey = await keyFor(carol);
  await debit(h.db, { uid: carol.uid, feature: 'workflow_run', amount: await h.balance(carol.uid), idempotencyKey: 'test:drain-idempotency' });
  const idem = newKey();
  expect(await start(wf.id, { input: {} }, idem, carolKey)).toMatchObject({ status: 402, body: { code: 'insufficient_tokens' } });
  expect(await runsOf(wf.id)).toBe(0);
  await credit(h.db, { uid: carol.uid, amount: 20, reason: 'test_top_up', idempotencyKey: 'test:topup-idempotency' });
  const retried = await start(wf.id, { input: {} }, idem, carolKey);
  expect(retried.status).toBe(202);
  expect(replayedHeader(retried)).toBeNull();
  expect(await runsOf(wf.id)).toBe(1);
});

it('another API key with the same Idempotency-Key starts its own run', async () => {
  const idem = newKey();
  const other = await keyFor(alice);
  const mine = await start(greet.id, { input: { name: 'Ada' } }, idem);
  const theirs = await start(greet.id, { input: { name: 'Ada' } }, idem, other);
  expect([mine.status, theirs.status]).toEqual([202, 202]);
  expect(replayedHeader(theirs)).toBeNull();
  expect(theirs.body.runId).not.toBe(mine.body.runId);
});

describe('a kept key that no longer holds', () => {
  const body = { input: { name: 'Ada' } };
  const docOf = (idem: string) => h.db.collection(API_IDEMPOTENCY_COLLECTION).doc(idempotencyDocId({ apiKeyId: key.id, workspaceId: 'personal', key: idem }));

  it('is stored without the secret, with an expireAt a day on; once past it (TTL not yet run) a new run starts', async () => {
    const idem = newKey();
    const first = await start(greet.id, body, idem);
    const stored = (await docOf(idem).get()).data()!;
    expect(stored).toMatchObject({ apiKeyId: key.id, runId: first.body.runId });
    expect(JSON.stringify(stored)).not.toContain(key.secret.slice(-20));
    expect(JSON.stringify(stored)).not.toContain(idem);
    expect((stored.expireAt as Timestamp).toMillis() - (stored.createdAt as Timestamp).toMillis()).toBe(24 * 3_600_000);
    await docOf(idem).update({ expireAt: Timestamp.fromMillis(Date.now() - 1000) });
    const after = await start(greet.id, body, idem);
    expect(after.status).toBe(202);
    expect(replayedHeader(after)).toBeNull();
    expect(after.body.runId).not.toBe(first.body.runId);
  });

  it('a reservation still being started is a 409 in progress; one abandoned for minutes is taken over', async () => {
    const idem = newKey();
    const requestHash = startRequestHash(greet.id, publicStartRunBodySchema.parse(body));
    const reservation = { apiKeyId: key.id, workspaceId: 'personal', requestHash, holder: 'another-request', runId: null, answer: null, expireAt: Timestamp.fromMillis(Date.now() + 3_600_000) };
    await docOf(idem).set({ ...reservation, createdAt: Timestamp.now() });
    const runsBefore = await runsOf(greet.id);
    expect(await start(greet.id, body, idem)).toMatchObject({ status: 409, body: { code: 'idempotency_key_in_progress' } });
    expect(await runsOf(greet.id)).toBe(runsBefore);
    await docOf(idem).set({ ...reservation, createdAt: Timestamp.fromMillis(Date.now() - 10 * 60_000) });
    const taken = await start(greet.id, body, idem);
    expect(taken.status).toBe(202);
    expect(await runsOf(greet.id)).toBe(runsBefore + 1);
    expect((await docOf(idem).get()).get('runId')).toBe(taken.body.runId);
  });
});
