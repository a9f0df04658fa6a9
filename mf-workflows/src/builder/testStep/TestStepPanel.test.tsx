import { useReducer } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from '@agentflow/shared';
import { PINNED_OUTPUT_MAX_BYTES, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import { BeforeLeaveContext } from '../../connectors/beforeLeave';
import { renderRuns } from '../../testing/renderRuns';
import { at, createFakeRunsServer, fakeRun, fakeStep, jsonResponse, type FakeRunsServer } from '../../runs/testing/fakeRunsServer';
import { builderReducer, initialBuilderState, type BuilderAction } from '../builderState';
import { TestStepSection } from './TestStepSection';

const node = (id: string, type: WorkflowNode['type'], extra: Partial<WorkflowNode> = {}): WorkflowNode => ({ id, name: `Step ${id}`, type, position: { x: 0, y: 0 }, params: {}, ...extra });

const WORKFLOW: Workflow = {
  id: 'wf-1',
  ownerId: 'user-1',
  name: 'Lead follow-up',
  description: '',
  category: 'automation',
  industry: 'general',
  tags: [],
  visibility: 'private',
  version: 4,
  nodes: [
    node('trigger', 'trigger.manual'),
    node('extract', 'transform', { name: 'Extract fields', pinned: { output: { score: 80 }, pinnedAt: '2024-06-01T09:00:00.000Z' } }),
    node('enrich', 'http', { name: 'Enrich company' }),
    node('score', 'transform', { name: 'Score lead' }),
    node('approve', 'approval', { name: 'Manager approval' }),
  ],
  edges: [
    { id: 'e1', source: 'trigger', target: 'extract' },
    { id: 'e2', source: 'trigger', target: 'enrich' },
    { id: 'e3', source: 'extract', target: 'score' },
    { id: 'e4', source: 'enrich', target: 'score' },
    { id: 'e5', source: 'score', target: 'approve' },
  ],
  createdAt: null,
  updatedAt: null,
};

/** The builder's state around the panel: Pin goes through the real reducer. */
function Harness({ nodeId, flush, actions }: { nodeId: string; flush: () => Promise<boolean>; actions: BuilderAction[] }) {
  const [state, dispatch] = useReducer(builderReducer, WORKFLOW, initialBuilderState);
  const selected = state.workflow.nodes.find((n) => n.id === nodeId)!;
  return (
    <BeforeLeaveContext.Provider value={flush}>
      <p data-testid="pinned-output">{JSON.stringify(selected.pinned?.output ?? null)}</p>
      <TestStepSection
        workflow={state.workflow}
        node={selected}
        dispatch={(action) => {
          actions.push(action);
          dispatch(action);
        }}
      />
    </BeforeLeaveContext.Provider>
  );
}

function renderPanel(server: FakeRunsServer, nodeId: string, options: { flush?: () => Promise<boolean>; language?: 'de' } = {}) {
  const flush = jest.fn(options.flush ?? (async () => true));
  const actions: BuilderAction[] = [];
  renderRuns(
    server,
    <>
      <Route path="/workflows/:id" element={<Harness nodeId={nodeId} flush={flush} actions={actions} />} />
      <Route path="/workflows/:id/runs/:runId" element={<p>run view</p>} />
    </>,
    '/workflows/wf-1',
    options.language ? { language: options.language } : {},
  );
  return { flush, actions };
}

const lastRun = () =>
  fakeRun({
    id: 'run-7',
    status: 'succeeded',
    input: { company: 'Acme' },
    steps: [
      fakeStep({ id: 'trigger', type: 'trigger.manual', status: 'succeeded', output: { company: 'Acme' } }),
      fakeStep({ id: 'extract', status: 'succeeded', output: { score: 12 } }),
      fakeStep({ id: 'enrich', type: 'http', status: 'succeeded', output: { employees: 40 } }),
    ],
    createdAt: at(50),
  });

const sampleBox = () => screen.findByLabelText('Sample input (JSON)') as Promise<HTMLTextAreaElement>;
const testRequests = (server: FakeRunsServer) => server.requests.filter((r) => r.path.endsWith('/test'));

test('the sample input comes from upstream pins and the last run; Test step saves first, then shows status, duration, tokens and output; Pin keeps the output on the node', async () => {
  const server = createFakeRunsServer({ runs: [lastRun()] });
  const { flush, actions } = renderPanel(server, 'score');
  await waitFor(async () => expect(JSON.parse((await sampleBox()).value)).toEqual({ trigger: { company: 'Acme' }, input: { company: 'Acme' }, extract: { score: 80 }, enrich: { employees: 40 } }));

  server.stepTest = () => ({ status: 'succeeded', output: { grade: 'A', reasons: ['big', 'warm'] }, durationMs: 1250, tokens: 3 });
  fireEvent.click(screen.getByRole('button', { name: 'Test step' }));
  const result = await screen.findByTestId('test-step-result');
  expect(flush).toHaveBeenCalledTimes(1);
  const [request] = testRequests(server);
  expect(request!.path).toBe('/api/workflows/wf-1/nodes/score/test');
  expect((request!.body as { input: Record<string, unknown> }).input.extract).toEqual({ score: 80 });
  expect(request!.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  expect(within(result).getByText('Succeeded')).toBeInTheDocument();
  expect(within(result).getByText('Took 1.3 sec')).toBeInTheDocument();
  expect(within(result).getByText('3 tokens charged')).toBeInTheDocument();
  expect(within(screen.getByTestId('test-step-output')).getByText('"A"')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Pin this output' }));
  expect(actions.at(-1)).toEqual({ type: 'updateNode', id: 'score', pinned: { output: { grade: 'A', reasons: ['big', 'warm'] }, pinnedAt: expect.any(String) } });
  expect(screen.getByTestId('pinned-output')).toHaveTextContent('{"grade":"A","reasons":["big","warm"]}');
  expect(screen.getByTestId('test-step-pinned')).toHaveTextContent('Pinned data');
  expect(screen.getByText('Output pinned.')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Unpin' }));
  expect(actions.at(-1)).toEqual({ type: 'updateNode', id: 'score', pinned: null });
  expect(screen.getByTestId('pinned-output')).toHaveTextContent('null');
  expect(screen.queryByTestId('test-step-pinned')).not.toBeInTheDocument();
});

test('an upstream step without sample data is named; the JSON is checked before anything is sent', async () => {
  const server = createFakeRunsServer();
  renderPanel(server, 'score');
  expect(await screen.findByTestId('test-step-missing')).toHaveTextContent('No sample data yet for: Enrich company.');
  const box = await sampleBox();
  fireEvent.change(box, { target: { value: '{ "extract": ' } });
  expect(screen.getByRole('alert')).toHaveTextContent('This is not valid JSON.');
  expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('button', { name: 'Test step' })).toBeDisabled();
  fireEvent.change(box, { target: { value: '[1, 2]' } });
  expect(screen.getByRole('alert')).toHaveTextContent('The sample input must be a JSON object: { … }.');
  fireEvent.change(box, { target: { value: '{"input": {}, "enrich": {"employees": 3}}' } });
  fireEvent.click(screen.getByRole('button', { name: 'Test step' }));
  await screen.findByTestId('test-step-result');
  expect(testRequests(server)[0]!.body).toEqual({ input: { input: {}, enrich: { employees: 3 } } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset the sample' }));
  expect(JSON.parse((await sampleBox()).value)).toEqual({ trigger: {}, input: {}, extract: { score: 80 } });
});

test('a step that failed says why by its code with the step’s own message; an output too large cannot be pinned', async () => {
  const server = createFakeRunsServer();
  renderPanel(server, 'enrich');
  await sampleBox();
  server.stepTest = () => ({ status: 'failed', error: { code: 'timeout', message: 'No answer within 30000 ms' }, durationMs: 30000, tokens: 1 });
  fireEvent.click(screen.getByRole('button', { name: 'Test step' }));
  const failure = await screen.findByTestId('test-step-failure');
  expect(failure).toHaveTextContent('The step ran out of time.');
  expect(failure).toHaveTextContent('Details: No answer within 30000 ms');
  expect(within(screen.getByTestId('test-step-result')).getByText('Failed')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Pin this output' })).not.toBeInTheDocument();

  server.stepTest = () => ({ status: 'succeeded', output: { body: 'x'.repeat(PINNED_OUTPUT_MAX_BYTES) }, durationMs: 5, tokens: 1 });
  fireEvent.click(screen.getByRole('button', { name: 'Test step' }));
  expect(await screen.findByTestId('test-step-too-large')).toHaveTextContent('This output is too large to pin (65 kB; at most 64 kB).');
  expect(screen.queryByRole('button', { name: 'Pin this output' })).not.toBeInTheDocument();
});

test('refusals are said in the user’s words: no tokens (402) with the way to the plans, an approval is not testable, an unsaved change stops the test', async () => {
  const server = createFakeRunsServer();
  const { flush } = renderPanel(server, 'score');
  await sampleBox();
  server.once('POST', /\/test$/, () => jsonResponse(402, { error: 'Not enough tokens', code: 'insufficient_tokens' }));
  fireEvent.click(screen.getByRole('button', { name: 'Test step' }));
  const refusal = await screen.findByTestId('test-step-refusal');
  expect(within(refusal).getByRole('link')).toHaveAttribute('href', '/billing/plans');
  expect(screen.queryByTestId('test-step-result')).not.toBeInTheDocument();

  server.once('POST', /\/test$/, () => jsonResponse(409, { error: 'In the trash', code: 'workflow-in-trash' }));
  fireEvent.click(screen.getByRole('button', { name: 'Test step' }));
  expect(await screen.findByTestId('test-step-error')).toHaveTextContent('This workflow is in the trash. Restore it to test or run it.');

  flush.mockResolvedValueOnce(false);
  const before = testRequests(server).length;
  fireEvent.click(screen.getByRole('button', { name: 'Test step' }));
  await waitFor(() => expect(screen.getByTestId('test-step-error')).toHaveTextContent('Your latest changes could not be saved, so nothing was tested or started. Try again.'));
  expect(testRequests(server)).toHaveLength(before);
});

test('an approval cannot be tested; Run from here starts a run at the node and opens it, or names the step whose pin is missing', async () => {
  const server = createFakeRunsServer({ runs: [lastRun()] });
  const { flush } = renderPanel(server, 'approve');
  expect(await screen.findByText('An approval waits for a person, so it cannot be tested alone.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Test step' })).not.toBeInTheDocument();

  server.once('POST', /\/runs$/, () => jsonResponse(400, { error: 'score has no pinned output', code: 'pin-missing', field: 'startAt', nodeId: 'score' }));
  fireEvent.click(screen.getByRole('button', { name: 'Run from here' }));
  expect(await screen.findByTestId('test-step-error')).toHaveTextContent('Pin an output on “Score lead” first: a run from here uses the pinned data of the steps before this one.');

  fireEvent.click(screen.getByRole('button', { name: 'Run from here' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/workflows/wf-1/runs/run-100'));
  const start = server.requests.filter((r) => r.method === 'POST' && r.path === '/api/workflows/wf-1/runs').at(-1)!;
  // The run input is the sample's (the last run's here).
  expect(start.body).toEqual({ input: { company: 'Acme' }, startAt: 'approve' });
  expect(flush).toHaveBeenCalledTimes(2);
});

test('in German', async () => {
  const server = createFakeRunsServer();
  renderPanel(server, 'score', { language: 'de' });
  expect(await screen.findByRole('heading', { name: 'Diesen Schritt testen' })).toBeInTheDocument();
  expect(screen.getByLabelText('Beispiel-Eingabe (JSON)')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Ab hier ausführen' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Schritt testen' }));
  const result = await screen.findByTestId('test-step-result');
  expect(within(result).getByText('Erfolgreich')).toBeInTheDocument();
  expect(within(result).getByRole('button', { name: 'Diese Ausgabe fixieren' })).toBeInTheDocument();
});
