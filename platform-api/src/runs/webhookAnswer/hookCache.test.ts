// The webhook's cache of secret, workflow and listening windows
// (hookCache.ts) on two platform-api instances with a clock the test moves:
// a secret rotated on one instance stops working there at once and on the
// other within WEBHOOK_CACHE_MS, never later; the new secret works on both
// at once; a listening window opened on an instance captures its next
// delivery there; a workflow switched off stops its runs within the bound.
import { WEBHOOK_CACHE_MS } from './hookCache';
import { edge, node, startRunsHarness, type RunsApp, type RunsHarness, type RunsUser } from '../../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;
let clock = new Date('2026-11-27T10:00:00.000Z');
const now = () => clock;
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
let one: RunsApp;
let two: RunsApp;

beforeAll(async () => {
  h = await startRunsHarness('webhook-cache');
  alice = await h.createUser('alice', { tokens: 200 });
  [one, two] = [await h.startApp({ now }), await h.startApp({ now })];
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await h?.close();
});

const hook = (instance: RunsApp, workflowId: string, secret: string) =>
  fetch(`${instance.baseUrl}/api/hooks/${workflowId}/${secret}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ n: 1 }) });
const as = (instance: RunsApp, method: string, path: string) => fetch(`${instance.baseUrl}${path}`, { method, headers: { Authorization: `Bearer ${alice.idToken}` } });
const secretOf = async (response: Response) => ((await response.json()) as { secret: string }).secret;

const workflow = () => h.saveWorkflow(alice.uid, [node('hook', 'trigger.webhook', { path: 'incoming', method: 'POST' }), node('shape', 'transform', { mapping: '{"n": input.n}' })], [edge('hook', 'shape')]);

it('a rotated secret stops at once where it was rotated and within WEBHOOK_CACHE_MS elsewhere; the new one works everywhere at once', async () => {
  const wf = await workflow();
  const old = await secretOf(await as(one, 'GET', `/api/workflows/${wf.id}/webhook`));
  // Both instances have the hook cached.
  expect((await hook(one, wf.id, old)).status).toBe(202);
  expect((await hook(two, wf.id, old)).status).toBe(202);

  const rotated = await secretOf(await as(one, 'POST', `/api/workflows/${wf.id}/webhook`));
  expect(rotated).not.toBe(old);
  expect((await hook(one, wf.id, old)).status).toBe(404);
  // The other instance still has the old secret cached: accepted, but only within the bound.
  later(WEBHOOK_CACHE_MS - 1);
  expect((await hook(two, wf.id, old)).status).toBe(202);
  later(1);
  expect((await hook(two, wf.id, old)).status).toBe(404);
  expect((await hook(one, wf.id, rotated)).status).toBe(202);
  expect((await hook(two, wf.id, rotated)).status).toBe(202);

  // A new secret is never refused for a cached old one (rotated again, asked at once on the other instance).
  const again = await secretOf(await as(two, 'POST', `/api/workflows/${wf.id}/webhook`));
  expect((await hook(one, wf.id, again)).status).toBe(202);
});

it('a workflow switched off behind the cache stops its runs within WEBHOOK_CACHE_MS', async () => {
  const wf = await workflow();
  const secret = await secretOf(await as(one, 'GET', `/api/workflows/${wf.id}/webhook`));
  expect((await hook(one, wf.id, secret)).status).toBe(202);
  await h.db.collection('workflows').doc(wf.id).update({ active: false });
  later(WEBHOOK_CACHE_MS);
  const refused = await hook(one, wf.id, secret);
  expect(refused.status).toBe(404);
  expect(await refused.json()).toMatchObject({ code: 'workflow-inactive' });
});

it('a listening window opened on an instance captures its next delivery there, though the hook was cached', async () => {
  const wf = await workflow();
  const secret = await secretOf(await as(one, 'GET', `/api/workflows/${wf.id}/webhook`));
  expect((await hook(one, wf.id, secret)).status).toBe(202);
  expect((await as(one, 'POST', `/api/workflows/${wf.id}/nodes/hook/listen`)).status).toBe(200);
  const captured = await hook(one, wf.id, secret);
  expect(captured.status).toBe(200);
  expect(await captured.json()).toEqual({ captured: true });
  // One delivery per window: the next one runs.
  expect((await hook(one, wf.id, secret)).status).toBe(202);
});
