// The executor against the Firestore emulator, driven through the real API:
// order, inputs, branches, fan-out and joins, retries, timeouts, truncation,
// cancel, and the http step's network policy. http steps call a local
// server of the test's own.
import { RUN_LIMITS, RUN_MESSAGES } from '@agentflow/shared/workflow';
import { DENY_LOCAL, edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { startUpstream, type Upstream } from '../testing/upstream';

let h: RunsHarness;
let alice: RunsUser;
let upstream: Upstream;
let upstreamUrl: string;
let inFlight = 0;
let maxInFlight = 0;
const flaky = new Map<string, number>();
const aborted: string[] = [];

beforeAll(async () => {
  upstream = await startUpstream((req, res, later) => {
    const url = new URL(req.url ?? '/', 'http://x');
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let finished = false;
    res.on('close', () => {
      inFlight--;
      if (!finished) aborted.push(url.pathname + url.search);
    });
    const reply = (status: number, body: unknown) => {
      finished = true;
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    if (url.pathname === '/slow') {
      later(() => reply(200, { slept: Number(url.searchParams.get('ms')), tag: url.searchParams.get('tag') }), Number(url.searchParams.get('ms')));
    } else if (url.pathname === '/flaky') {
      const key = url.searchParams.get('key') ?? '';
      const failures = flaky.get(key) ?? 0;
      if (failures < Number(url.searchParams.get('fail'))) {
        flaky.set(key, failures + 1);
        reply(503, { error: 'busy' });
      } else reply(200, { ok: true, after: failures });
    } else if (url.pathname === '/status') {
      reply(Number(url.searchParams.get('code')), { code: url.searchParams.get('code') });
    } else reply(404, {});
  });
  upstreamUrl = upstream.url;
  h = await startRunsHarness('engine', { limits: { retryBaseDelayMs: 20 } });
  alice = await h.createUser('alice', { tokens: 100 });
});

afterAll(async () => {
  await h?.close();
  await upstream?.close();
});

const transform = (id: string, mapping: string) => node(id, 'transform', { mapping });
const output = (id: string, mapping?: string) => node(id, 'output', mapping ? { mapping } : {});
const httpGet = (id: string, url: string, timeoutMs = 5000) => node(id, 'http', { method: 'GET', url, headers: {}, timeoutMs });

async function start(workflowId: string, input: Record<string, unknown> = {}): Promise<string> {
  const response = await h.call('POST', `/api/workflows/${workflowId}/runs`, { user: alice, body: { input } });
  expect(response.status).toBe(202);
  return response.body.runId as string;
}

const stepOf = (run: { steps: { id: string }[] }, id: string) => run.steps.find((s) => s.id === id) as any;

it('runs a linear workflow: each step sees the run input and the outputs upstream; outputs are collected', async () => {
  const before = await h.balance(alice.uid);
  const wf = await h.saveWorkflow(
    alice.uid,
    [manual([{ key: 'name', type: 'string', required: true }]), transform('greet', '{"text": "Hello " & input.name}'), output('result', '{"greeting": greet.text, "from": trigger.name}')],
    [edge('trigger', 'greet'), edge('greet', 'result')],
  );
  const runId = await start(wf.id, { name: 'Ada' });
  const run = await h.waitForRun(runId, ['succeeded', 'failed']);
  expect(run.status).toBe('succeeded');
  expect(run.output).toEqual({ result: { greeting: 'Hello Ada', from: 'Ada' } });
  expect(run.steps.map((s) => [s.id, s.status])).toEqual([
    ['trigger', 'succeeded'],
    ['greet', 'succeeded'],
    ['result', 'succeeded'],
  ]);
  expect(stepOf(run, 'result').input).toEqual({ input: { name: 'Ada' }, trigger: { name: 'Ada' }, greet: { text: 'Hello Ada' } });
  expect(stepOf(run, 'greet')).toMatchObject({ attempts: 1, error: null, tokens: 0, output: { text: 'Hello Ada' }, outputTruncated: false });
  expect(Date.parse(stepOf(run, 'greet').endedAt)).toBeGreaterThanOrEqual(Date.parse(stepOf(run, 'greet').startedAt));
  expect(run).toMatchObject({ tokensUsed: 1, error: null, workflowId: wf.id, workflowVersion: 1, ownerId: alice.uid, trigger: { type: 'manual', userId: alice.uid }, lease: null });
  expect(run.startedAt).not.toBeNull();
  expect(run.endedAt).not.toBeNull();
  expect(await h.balance(alice.uid)).toBe(before - 1);
});

it('takes one branch of a condition: the other branch is skipped, and a join fed only by skipped steps is skipped', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [
      manual([{ key: 'amount', type: 'number', required: true }]),
      node('big', 'condition', { expression: 'input.amount > 100' }),
      transform('approveBig', '"big"'),
      output('bigOut'),
      transform('approveSmall', '"small"'),
      transform('either', '$exists(approveBig) ? approveBig : approveSmall'),
      output('smallOut', '{"path": approveSmall}'),
    ],
    [edge('trigger', 'big'), edge('big', 'approveBig', 'true'), edge('approveBig', 'bigOut'), edge('big', 'approveSmall', 'false'), edge('approveBig', 'either'), edge('approveSmall', 'either'), edge('approveSmall', 'smallOut')],
  );
  const run = await h.waitForRun(await start(wf.id, { amount: '5' }), ['succeeded', 'failed']);
  expect(run.status).toBe('succeeded');
  expect(stepOf(run, 'big')).toMatchObject({ status: 'succeeded', branch: 'false', output: false });
  expect(stepOf(run, 'approveBig').status).toBe('skipped');
  expect(stepOf(run, 'bigOut').status).toBe('skipped');
  expect(stepOf(run, 'approveSmall').status).toBe('succeeded');
  // A join runs when at least one input is active.
  expect(stepOf(run, 'either')).toMatchObject({ status: 'succeeded', output: 'small' });
  expect(run.output).toEqual({ smallOut: { path: 'small' } });
  // The number field arrived as a string and was coerced by the input schema.
  expect(run.input).toEqual({ amount: 5 });
});

it('runs fan-out branches concurrently, and a join waits for all of its inputs', async () => {
  maxInFlight = 0;
  const wf = await h.saveWorkflow(
    alice.uid,
    [manual(), httpGet('left', `${upstreamUrl}/slow?ms=300&tag=left`), httpGet('right', `${upstreamUrl}/slow?ms=300&tag=right`), transform('join', '[left.body.tag, right.body.tag]'), output('out', 'join')],
    [edge('trigger', 'left'), edge('trigger', 'right'), edge('left', 'join'), edge('right', 'join'), edge('join', 'out')],
  );
  const run = await h.waitForRun(await start(wf.id), ['succeeded', 'failed']);
  expect(run.status).toBe('succeeded');
  expect(maxInFlight).toBe(2);
  expect(run.output).toEqual({ out: ['left', 'right'] });
  const join = stepOf(run, 'join');
  for (const id of ['left', 'right']) expect(Date.parse(join.startedAt)).toBeGreaterThanOrEqual(Date.parse(stepOf(run, id).endedAt));
  expect(stepOf(run, 'left').output).toMatchObject({ status: 200, body: { slept: 300, tag: 'left' } });
});

it('retries a transient HTTP 5xx with backoff and records the attempts', async () => {
  const wf = await h.saveWorkflow(alice.uid, [manual(), httpGet('call', `${upstreamUrl}/flaky?fail=2&key=retry1`), output('out', 'call.body')], [edge('trigger', 'call'), edge('call', 'out')]);
  const run = await h.waitForRun(await start(wf.id), ['succeeded', 'failed']);
  expect(run.status).toBe('succeeded');
  expect(stepOf(run, 'call')).toMatchObject({ status: 'succeeded', attempts: 3, error: null });
  expect(run.output).toEqual({ out: { ok: true, after: 2 } });
});

it('fails a step that keeps timing out after the last attempt, and the run with it', async () => {
  const wf = await h.saveWorkflow(alice.uid, [manual(), httpGet('slow', `${upstreamUrl}/slow?ms=3000`, 150), output('out')], [edge('trigger', 'slow'), edge('slow', 'out')]);
  const run = await h.waitForRun(await start(wf.id), ['succeeded', 'failed']);
  expect(run.status).toBe('failed');
  expect(stepOf(run, 'slow')).toMatchObject({ status: 'failed', attempts: RUN_LIMITS.maxAttempts, error: 'Timed out after 150 ms' });
  expect(run.error).toBe('Timed out after 150 ms');
  expect(stepOf(run, 'out').status).toBe('skipped');
});

it('does not retry an HTTP 4xx', async () => {
  const wf = await h.saveWorkflow(alice.uid, [manual(), httpGet('missing', `${upstreamUrl}/status?code=404`), output('out')], [edge('trigger', 'missing'), edge('missing', 'out')]);
  const run = await h.waitForRun(await start(wf.id), ['succeeded', 'failed']);
  expect(stepOf(run, 'missing')).toMatchObject({ status: 'failed', attempts: 1, error: `HTTP 404 from GET ${upstreamUrl}/status?code=404` });
  expect(run.status).toBe('failed');
});

it('truncates a large output in the run document but hands the whole of it to later steps', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [manual(), transform('big', '$join([1..2000].("0123456789"))'), transform('size', '$length(big)'), output('out', 'size')],
    [edge('trigger', 'big'), edge('big', 'size'), edge('size', 'out')],
  );
  const run = await h.waitForRun(await start(wf.id), ['succeeded', 'failed']);
  expect(run.status).toBe('succeeded');
  const big = stepOf(run, 'big');
  expect(big.outputTruncated).toBe(true);
  expect(big.outputBytes).toBe(20_002);
  expect(typeof big.output).toBe('string');
  expect(Buffer.byteLength(big.output)).toBeLessThanOrEqual(RUN_LIMITS.maxStepOutputBytes + 3);
  expect(run.output).toEqual({ out: 20_000 });
  // The step input shows the truncated preview as well (the document stays small).
  expect(stepOf(run, 'size').input.length).toBeGreaterThan(0);
});

it('cancels a running run: the in-flight request is aborted and the run and step are canceled', async () => {
  const wf = await h.saveWorkflow(alice.uid, [manual(), httpGet('wait', `${upstreamUrl}/slow?ms=5000&tag=cancel`, 10_000), output('out')], [edge('trigger', 'wait'), edge('wait', 'out')]);
  const runId = await start(wf.id);
  await h.waitForRun(runId, (run) => stepOf(run, 'wait').status === 'running');
  const started = Date.now();
  const response = await h.call('POST', `/api/runs/${runId}/cancel`, { user: alice });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ runId, status: 'canceled' });
  const run = await h.waitForRun(runId, ['canceled'], 3000);
  expect(run.error).toBe(RUN_MESSAGES.canceled);
  expect(stepOf(run, 'wait')).toMatchObject({ status: 'canceled', error: RUN_MESSAGES.canceled });
  expect(stepOf(run, 'out').status).toBe('skipped');
  // The upstream saw its request closed long before the 5 s reply.
  for (let i = 0; i < 50 && !aborted.includes('/slow?ms=5000&tag=cancel'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(aborted).toContain('/slow?ms=5000&tag=cancel');
  expect(Date.now() - started).toBeLessThan(3000);
  // Settled: nothing rewrites it afterwards, and a second cancel is refused.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await h.waitForRun(runId, ['canceled'])).status).toBe('canceled');
  const again = await h.call('POST', `/api/runs/${runId}/cancel`, { user: alice });
  expect(again.status).toBe(409);
  expect(again.body).toEqual({ error: 'The run has already been canceled', code: 'conflict' });
});

describe('with private networks not allowed', () => {
  beforeAll(async () => {
    await h.restart({ fetchPolicy: DENY_LOCAL, limits: { retryBaseDelayMs: 20 } });
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://127.0.0.1/', '127.0.0.1'],
  ])('refuses %s without retrying', async (url, address) => {
    const wf = await h.saveWorkflow(alice.uid, [manual(), httpGet('call', url), output('out')], [edge('trigger', 'call'), edge('call', 'out')]);
    const run = await h.waitForRun(await start(wf.id), ['succeeded', 'failed']);
    expect(run.status).toBe('failed');
    const step = stepOf(run, 'call');
    expect(step.status).toBe('failed');
    expect(step.attempts).toBe(1);
    expect(step.error).toContain(`Refused to connect to ${address}`);
    expect(run.error).toBe(step.error);
  });
});
