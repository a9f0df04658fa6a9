// Webhook answers on the emulators: 'whenDone' answers with the chosen
// node's output, falls back to 202 + Location after its timeout, answers 502
// run-failed for a failed run, and works when another instance executes the
// run; the trigger's path picks the trigger; "listen for test event"
// captures one request instead of running it, and stops after its window.
import type { WorkflowNode } from '@agentflow/shared/workflow';
import { edge, node, startRunsHarness, type RunsApp, type RunsHarness, type RunsUser } from '../../testing/runsHarness';
import { startUpstream, type Upstream } from '../../testing/upstream';
import type { RunQueue } from '../queue';

let h: RunsHarness;
let alice: RunsUser;
let bob: RunsUser;
let upstream: Upstream;

beforeAll(async () => {
  // ?ms= delays the answer; ?status= picks its status.
  upstream = await startUpstream((req, res, later) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const status = Number(query.get('status') ?? 200);
    later(() => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: status < 400, echo: 'upstream' })), Number(query.get('ms') ?? 0));
  });
  h = await startRunsHarness('webhookanswer', { limits: { retryBaseDelayMs: 20 } });
  [alice, bob] = await Promise.all([h.createUser('alice', { tokens: 200 }), h.createUser('bob', { tokens: 100 })]);
});

afterAll(async () => {
  await h?.close();
  await upstream?.close();
});

const hook = (params: Record<string, unknown>, id = 'hook') => node(id, 'trigger.webhook', { path: 'orders', method: 'POST', ...params });
const call = (url: string, init: { body?: unknown; method?: string; headers?: Record<string, string> } = {}) =>
  fetch(url, { method: init.method ?? 'POST', headers: { 'Content-Type': 'application/json', ...init.headers }, body: init.body === undefined ? undefined : JSON.stringify(init.body) }).then(async (r) => ({
    status: r.status,
    body: (await r.json().catch(() => null)) as any,
    location: r.headers.get('location'),
  }));

/** A workflow and its hook URL (the secret's, without a path). */
async function hookWorkflow(nodes: WorkflowNode[], edges = [edge('hook', 'call'), edge('call', 'out')]) {
  const wf = await h.saveWorkflow(alice.uid, nodes, edges);
  const info = await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: alice });
  return { wf, url: info.body.url as string, secret: info.body.secret as string };
}
const callStep = (query: string) => node('call', 'http', { method: 'GET', url: `${upstream.url}/?${query}` });
const out = node('out', 'output', { mapping: '{"total": input.amount * 2}' });

describe("respond 'whenDone'", () => {
  it('answers 200 with the chosen node output, and with the run output when none is chosen', async () => {
    const chosen = await hookWorkflow([hook({ respond: 'whenDone', respondWith: 'call' }), callStep('ms=0'), out]);
    const answer = await call(`${chosen.url}/orders`, { body: { amount: 21 } });
    expect(answer).toMatchObject({ status: 200, body: { status: 200, body: { ok: true, echo: 'upstream' } } });

    const whole = await hookWorkflow([hook({ respond: 'whenDone' }), callStep('ms=0'), out]);
    expect(await call(`${whole.url}/orders`, { body: { amount: 21 } })).toMatchObject({ status: 200, body: { out: { total: 42 } } });
  });

  it('answers 202 with the run id and a Location after its timeout; the Location answers once the run is done', async () => {
    const { url, wf, secret } = await hookWorkflow([hook({ respond: 'whenDone', respondWith: 'out', timeoutMs: 1000 }), callStep('ms=2500'), out]);
    const started = Date.now();
    const answer = await call(`${url}/orders`, { body: { amount: 5 } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ runId: expect.any(String), status: 'running' });
    expect(answer.location).toBe(`${h.baseUrl()}/api/hooks/${wf.id}/${secret}/runs/${answer.body.runId}`);
    // Still going: 202 again.
    expect((await call(answer.location!, { method: 'GET' })).status).toBe(202);
    await h.waitForRun(answer.body.runId, ['succeeded']);
    expect(await call(answer.location!, { method: 'GET' })).toMatchObject({ status: 200, body: { total: 10 } });
    // The poll needs the secret like the hook itself.
    expect((await call(answer.location!.replace(secret, 'wrong'), { method: 'GET' })).status).toBe(404);
    // …and names a webhook run of this workflow.
    expect((await call(answer.location!.replace(answer.body.runId, 'no-such-run'), { method: 'GET' })).status).toBe(404);
    expect((await call(answer.location!.replace(answer.body.runId, '%2E'), { method: 'GET' })).status).toBe(404);
  });

  it('answers 502 run-failed for a failed run, naming the step but not its internal error', async () => {
    const { url } = await hookWorkflow([hook({ respond: 'whenDone' }), { ...callStep('status=422'), name: 'Call the CRM' }, out]);
    const answer = await call(`${url}/orders`, { body: { amount: 1 } });
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({ error: 'The run failed at step "Call the CRM"', code: 'run-failed', runId: expect.any(String), status: 'failed' });
    expect(JSON.stringify(answer.body)).not.toContain(upstream.url);
  });

  it('answers when another instance executes the run (it watches the run document)', async () => {
    // Instance B takes the request; its queue hands every run to instance A.
    let executor: RunsApp | null = null;
    const forward: RunQueue = { enqueue: (runId) => executor!.runs.queue.enqueue(runId), start: () => undefined, stop: async () => undefined };
    executor = await h.startApp();
    const front = await h.startApp({ createQueue: () => forward });
    try {
      const { url } = await hookWorkflow([hook({ respond: 'whenDone', respondWith: 'out' }), callStep('ms=300'), out]);
      const answer = await call(`${url.replace(h.baseUrl(), front.baseUrl)}/orders`, { body: { amount: 4 } });
      expect(answer).toMatchObject({ status: 200, body: { total: 8 } });
    } finally {
      await front.close();
      await executor.close();
    }
  });

  it("answers 202 at once without 'whenDone' (today's behaviour)", async () => {
    const { url } = await hookWorkflow([hook({}), callStep('ms=2000'), out]);
    const started = Date.now();
    const answer = await call(`${url}/orders`, { body: { amount: 1 } });
    expect(answer.status).toBe(202);
    expect(Object.keys(answer.body)).toEqual(['runId']);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('the path picks the trigger', () => {
  it('fires the trigger with the path, records it, keeps the URL without a path for the first one, and 404s an unknown path', async () => {
    const nodes = [hook({ path: 'orders' }, 'orders'), hook({ path: 'refunds' }, 'refunds'), node('out', 'output')];
    const { url } = await hookWorkflow(nodes, [edge('orders', 'out'), edge('refunds', 'out')]);
    const refund = await call(`${url}/refunds`, { body: { id: 7 } });
    expect(refund.status).toBe(202);
    expect((await h.waitForRun(refund.body.runId, ['succeeded'])).trigger).toEqual({ type: 'webhook', userId: null, nodeId: 'refunds' });
    const legacy = await call(url, { body: { id: 8 } });
    expect((await h.waitForRun(legacy.body.runId, ['succeeded'])).trigger).toMatchObject({ nodeId: 'orders' });
    expect((await call(`${url}/nope`, { body: {} })).status).toBe(404);
  });
});

describe('listen for a test event', () => {
  const listenPath = (workflowId: string, nodeId = 'hook') => `/api/workflows/${workflowId}/nodes/${nodeId}/listen`;

  it('captures the next request (no secrets) without running it, once; the next one runs', async () => {
    const { wf, url } = await hookWorkflow([hook({ secretHeader: 'X-Shop-Check' }), node('out', 'output')], [edge('hook', 'out')]);
    expect((await h.call('POST', listenPath(wf.id), { user: bob })).status).toBe(403);
    expect((await h.call('POST', listenPath(wf.id, 'out'), { user: alice })).status).toBe(404);
    const listening = await h.call('POST', listenPath(wf.id), { user: alice });
    expect(listening.status).toBe(200);
    expect(Date.parse(listening.body.until) - Date.now()).toBeGreaterThan(110_000);

    const runsBefore = (await h.db.collection('workflowRuns').where('workflowId', '==', wf.id).get()).size;
    const captured = await call(`${url}/orders?source=crm`, { body: { email: 'ada@example.com', items: [[1, 2]] }, headers: { Authorization: 'Bearer t0ken', 'X-Shop-Check': 'hunter2', 'X-Event': 'order.created' } });
    expect(captured).toMatchObject({ status: 200, body: { captured: true } });
    expect((await h.db.collection('workflowRuns').where('workflowId', '==', wf.id).get()).size).toBe(runsBefore);

    const state = await h.call('GET', listenPath(wf.id), { user: alice });
    expect(state.body).toMatchObject({ until: null, capture: { method: 'POST', input: { email: 'ada@example.com', items: [[1, 2]] }, query: { source: 'crm' } } });
    expect(state.body.capture.headers['x-event']).toBe('order.created');
    expect(JSON.stringify(state.body)).not.toMatch(/t0ken|hunter2|authorization|x-shop-check/i);

    expect((await call(`${url}/orders`, { body: { email: 'next@example.com' } })).status).toBe(202);
  });

  it('stops listening after two minutes: a later request runs', async () => {
    let shift = 0;
    const shifted = await h.startApp({ now: () => new Date(Date.now() + shift) });
    try {
      const { wf, url } = await hookWorkflow([hook({}), node('out', 'output')], [edge('hook', 'out')]);
      const base = url.replace(h.baseUrl(), shifted.baseUrl);
      const listening = await fetch(`${shifted.baseUrl}${listenPath(wf.id)}`, { method: 'POST', headers: { Authorization: `Bearer ${alice.idToken}` } });
      expect(listening.status).toBe(200);
      shift = 121_000;
      const late = await call(`${base}/orders`, { body: { a: 1 } });
      expect(late.status).toBe(202);
      expect((await h.call('GET', listenPath(wf.id), { user: alice })).body).toMatchObject({ capture: null });
    } finally {
      await shifted.close();
    }
  });

  it('captures while the workflow is switched off, which still starts no run', async () => {
    const wf = await h.saveWorkflow(alice.uid, [hook({}), node('out', 'output')], [edge('hook', 'out')], { active: false });
    const { url } = (await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: alice })).body;
    await h.call('POST', listenPath(wf.id), { user: alice });
    expect(await call(`${url}/orders`, { body: { a: 1 } })).toMatchObject({ status: 200, body: { captured: true } });
    expect(await call(`${url}/orders`, { body: { a: 2 } })).toMatchObject({ status: 404, body: { code: 'workflow-inactive' } });
  });

  it('can be stopped by the owner (DELETE)', async () => {
    const { wf, url } = await hookWorkflow([hook({}), node('out', 'output')], [edge('hook', 'out')]);
    await h.call('POST', listenPath(wf.id), { user: alice });
    expect((await h.call('DELETE', listenPath(wf.id), { user: alice })).status).toBe(204);
    expect((await call(`${url}/orders`, { body: {} })).status).toBe(202);
  });
});
