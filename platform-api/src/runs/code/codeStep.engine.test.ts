// The code step through the real API and executor on the emulators: a run's
// step record keeps the output and the console lines (also of a failed step,
// whose error says why), and "test step" answers the lines in `logs`.
import { STEP_TEST_API, type StepTestResponse } from '@agentflow/shared/workflow';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;

beforeAll(async () => {
  h = await startRunsHarness('code-step');
  alice = await h.createUser('alice', { tokens: 100 });
});

afterAll(async () => {
  await h?.close();
});

const code = (id: string, source: string, limits: { timeoutMs?: number; memoryMb?: number } = {}) => node(id, 'code', { code: source, ...limits });

async function start(workflowId: string, input: Record<string, unknown>): Promise<string> {
  const response = await h.call('POST', `/api/workflows/${workflowId}/runs`, { user: alice, body: { input } });
  expect(response.status).toBe(202);
  return response.body.runId as string;
}

const stepOf = (run: { steps: { id: string }[] }, id: string) => run.steps.find((s) => s.id === id) as Record<string, unknown>;

it('runs the code on the step input: its return value feeds the next step, its console lines are in the step record', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [
      manual([{ key: 'price', type: 'number', required: true }]),
      code('format', 'const price = input.input.price;\nconsole.log("formatting", price);\nconsole.warn("rounded to cents");\nreturn { label: "€ " + price.toFixed(2) };'),
      node('result', 'output', { mapping: '{"label": format.label}' }),
    ],
    [edge('trigger', 'format'), edge('format', 'result')],
  );
  const run = await h.waitForRun(await start(wf.id, { price: 1234.5 }), ['succeeded', 'failed']);
  expect(run.status).toBe('succeeded');
  expect(run.output).toEqual({ result: { label: '€ 1234.50' } });
  const step = stepOf(run, 'format');
  expect(step).toMatchObject({ status: 'succeeded', output: { label: '€ 1234.50' }, attempts: 1, logs: ['formatting 1234.5', '[warn] rounded to cents'] });
});

it('fails the run on an error the code throws, once (not retried), with the lines it printed first', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [manual([]), code('check', 'console.log("checking the order");\nif (!input.input.orderId) throw new Error("orderId is missing");\nreturn 1;'), node('result', 'output', {})],
    [edge('trigger', 'check'), edge('check', 'result')],
  );
  const run = await h.waitForRun(await start(wf.id, {}), ['succeeded', 'failed']);
  expect(run.status).toBe('failed');
  expect(stepOf(run, 'check')).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringMatching(/^Error: orderId is missing \(line 2/), logs: ['checking the order'] });
  expect(run.error).toMatch(/orderId is missing/);
  expect(stepOf(run, 'result')).toMatchObject({ status: 'skipped' });
});

it('stops code at its time limit and fails the step saying so', async () => {
  const wf = await h.saveWorkflow(alice.uid, [manual([]), code('spin', 'while (true) {}', { timeoutMs: 150 })], [edge('trigger', 'spin')]);
  const run = await h.waitForRun(await start(wf.id, {}), ['succeeded', 'failed']);
  expect(stepOf(run, 'spin')).toMatchObject({ status: 'failed', attempts: 1, error: 'The code was stopped after 150 ms (its time limit)' });
});

it('keeps the API answering while a code step loops: the code runs on a worker thread, not the server’s', async () => {
  const wf = await h.saveWorkflow(alice.uid, [manual([]), code('spin', 'while (true) {}', { timeoutMs: 3000 })], [edge('trigger', 'spin')]);
  const runId = await start(wf.id, {});
  await h.waitForRun(runId, (run) => (stepOf(run, 'spin')?.status as string | undefined) === 'running');
  const response = await h.call('GET', `/api/runs/${runId}`, { user: alice });
  const answeredAt = Date.now();
  expect(response.status).toBe(200);
  const run = await h.waitForRun(runId, ['succeeded', 'failed']);
  const step = stepOf(run, 'spin');
  expect(step).toMatchObject({ status: 'failed', attempts: 1, error: 'The code was stopped after 3000 ms (its time limit)' });
  // On the server's own thread the request could only be answered once the loop had stopped.
  expect(answeredAt).toBeLessThan(Date.parse(step.endedAt as string) - 1000);
});

it('"test step" answers the output and the console lines', async () => {
  const wf = await h.saveWorkflow(alice.uid, [manual([]), code('sum', 'console.log("items", input.input.items.length);\nreturn input.input.items.reduce((a, b) => a + b, 0);')], [edge('trigger', 'sum')]);
  const response = await h.call('POST', STEP_TEST_API.testStep(wf.id, 'sum'), { user: alice, body: { input: { input: { items: [1, 2, 3] } } } });
  expect(response.status).toBe(200);
  const body = response.body as StepTestResponse;
  expect(body).toMatchObject({ status: 'succeeded', output: 6, logs: ['items 3'] });

  const broken = await h.saveWorkflow(alice.uid, [manual([]), code('bad', 'console.log("start");\nreturn input.input.items.map(x => x * 2;')], [edge('trigger', 'bad')]);
  const failed = (await h.call('POST', STEP_TEST_API.testStep(broken.id, 'bad'), { user: alice, body: { input: { input: { items: [1] } } } })).body as StepTestResponse;
  // A syntax error runs nothing: no line was printed.
  expect(failed.status).toBe('failed');
  expect(failed.error?.message).toMatch(/^Syntax error on line 2, column \d+: /);
  expect(failed.logs).toBeUndefined();
});
