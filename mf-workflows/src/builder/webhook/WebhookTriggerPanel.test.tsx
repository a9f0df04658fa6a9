import { useReducer } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { nodeProblems, type WebhookCapture, type WebhookListenState, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import { RunsClientContext } from '../../runs/RunsClientContext';
import { createFakeRunsServer } from '../../runs/testing/fakeRunsServer';
import { builderReducer, initialBuilderState, type BuilderAction } from '../builderState';
import { ListenClientContext, type ListenClient } from './listenClient';
import { WebhookTriggerSection } from './WebhookTriggerSection';

const node = (id: string, type: WorkflowNode['type'], params: Record<string, unknown> = {}, name = `Step ${id}`): WorkflowNode => ({ id, name, type, position: { x: 0, y: 0 }, params });

const workflow = (hookParams: Record<string, unknown> = {}, extra: Partial<Workflow> = {}): Workflow => ({
  id: 'wf-1',
  ownerId: 'user-1',
  name: 'Orders',
  description: '',
  category: 'automation',
  industry: 'general',
  tags: [],
  visibility: 'private',
  version: 3,
  nodes: [node('hook', 'trigger.webhook', { path: 'orders', method: 'POST', ...hookParams }, 'New order'), node('price', 'transform', { mapping: '$' }, 'Price the order'), node('out', 'output', {}, 'Result')],
  edges: [
    { id: 'e1', source: 'hook', target: 'price' },
    { id: 'e2', source: 'price', target: 'out' },
  ],
  createdAt: null,
  updatedAt: null,
  ...extra,
});

/** A fake listen API: `state` is what GET answers; calls are recorded. */
interface FakeListen {
  state: WebhookListenState;
  calls: string[];
  client: ListenClient;
}

function fakeListen(initial: WebhookListenState = { until: null, capture: null }): FakeListen {
  const calls: string[] = [];
  const api: FakeListen = {
    state: initial,
    calls,
    client: {
      listen: async () => {
        calls.push('listen');
        api.state = { ...api.state, until: new Date(Date.now() + 120_000).toISOString() };
        return { until: api.state.until! };
      },
      state: async () => {
        calls.push('state');
        return api.state;
      },
      stop: async () => {
        calls.push('stop');
        api.state = { ...api.state, until: null };
      },
    },
  };
  return api;
}

function Harness({ start, actions, readOnly }: { start: Workflow; actions: BuilderAction[]; readOnly?: boolean }) {
  const [state, dispatch] = useReducer(builderReducer, start, initialBuilderState);
  const hook = state.workflow.nodes.find((n) => n.id === 'hook')!;
  return (
    <>
      <p data-testid="params">{JSON.stringify(hook.params)}</p>
      <p data-testid="pinned">{JSON.stringify(hook.pinned?.output ?? null)}</p>
      <WebhookTriggerSection
        workflow={state.workflow}
        node={hook}
        problems={nodeProblems(hook, state.workflow.nodes)}
        readOnly={readOnly}
        pollMs={20}
        dispatch={(action) => {
          actions.push(action);
          dispatch(action);
        }}
      />
    </>
  );
}

function renderPanel(start: Workflow, listen = fakeListen(), options: { language?: 'it'; readOnly?: boolean } = {}) {
  const actions: BuilderAction[] = [];
  const server = createFakeRunsServer();
  renderWithProviders(
    <RunsClientContext.Provider value={server.client}>
      <ListenClientContext.Provider value={listen.client}>
        <Harness start={start} actions={actions} readOnly={options.readOnly} />
      </ListenClientContext.Provider>
    </RunsClientContext.Provider>,
    { user: testUser(), ...(options.language ? { language: options.language } : {}) },
  );
  return { actions, listen };
}

const params = () => JSON.parse(screen.getByTestId('params').textContent ?? '{}') as Record<string, unknown>;
const writeText = jest.fn(async (_text: string) => undefined);
beforeEach(() => {
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

test('shows the full address, shaped by the trigger path, with Copy', async () => {
  renderPanel(workflow());
  expect(await screen.findByLabelText('Hook URL')).toHaveValue('http://platform.test/api/hooks/wf-1/secret-1/orders');
  fireEvent.click(screen.getByRole('button', { name: 'Copy the hook URL' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith('http://platform.test/api/hooks/wf-1/secret-1/orders'));
});

test('answer mode, the step to answer with and the timeout are stored in the params; a bad timeout is refused in words', async () => {
  renderPanel(workflow());
  const mode = await screen.findByLabelText('Answer');
  expect(mode).toHaveValue('immediately');
  expect(screen.queryByLabelText('Answer with the output of')).toBeNull();

  fireEvent.change(mode, { target: { value: 'whenDone' } });
  expect(params()).toMatchObject({ respond: 'whenDone' });
  const step = screen.getByLabelText('Answer with the output of');
  expect(within(step).getAllByRole('option').map((o) => o.textContent)).toEqual(['The run’s output (every output step)', 'Price the order', 'Result']);
  fireEvent.change(step, { target: { value: 'price' } });
  expect(params()).toMatchObject({ respondWith: 'price' });

  const timeout = screen.getByLabelText('Wait at most (seconds)');
  expect(timeout).toHaveAttribute('placeholder', '30');
  fireEvent.change(timeout, { target: { value: '45' } });
  expect(params()).toMatchObject({ timeoutMs: 45_000 });
  fireEvent.change(timeout, { target: { value: '500' } });
  expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number of seconds from 1 to 120.');
  expect(params()).toMatchObject({ timeoutMs: 45_000 });

  fireEvent.change(mode, { target: { value: 'immediately' } });
  expect(params()).not.toHaveProperty('respond');
});

test('a respondWith naming a step that is gone shows the translated problem', async () => {
  renderPanel(workflow({ respond: 'whenDone', respondWith: 'ghost' }), fakeListen(), { language: 'it' });
  expect(await screen.findByText('«ghost» non è un passaggio di questo workflow: scegli uno dei suoi passaggi.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Ascolta un evento di prova' })).toBeInTheDocument();
});

test('Listen for test event waits, then pins the captured request as the trigger sample and shows it', async () => {
  const { listen, actions } = renderPanel(workflow());
  fireEvent.click(await screen.findByRole('button', { name: 'Listen for test event' }));
  expect(await screen.findByText(/^Waiting for a request… \(until .+\)$/)).toBeInTheDocument();
  const capture: WebhookCapture = { capturedAt: new Date().toISOString(), method: 'POST', input: { email: 'ada@example.com', total: 42 }, query: { source: 'crm' }, headers: { 'content-type': 'application/json' } };
  listen.state = { until: null, capture };
  await waitFor(() => expect(JSON.parse(screen.getByTestId('pinned').textContent!)).toEqual({ email: 'ada@example.com', total: 42 }));
  expect(actions.at(-1)).toEqual({ type: 'updateNode', id: 'hook', pinned: { output: capture.input, pinnedAt: capture.capturedAt } });
  const shown = screen.getByTestId('webhook-capture');
  expect(shown).toHaveTextContent(/Test event received at .+: pinned as this trigger’s sample data/);
  expect(shown).toHaveTextContent('"source": "crm"');
  expect(listen.calls[0]).toBe('state');
  expect(listen.calls).toContain('listen');
});

test('after two minutes without a request it says so and offers to listen again; Stop ends the wait', async () => {
  const { listen } = renderPanel(workflow());
  fireEvent.click(await screen.findByRole('button', { name: 'Listen for test event' }));
  await screen.findByText(/Waiting for a request/);
  fireEvent.click(screen.getByRole('button', { name: 'Stop listening' }));
  await waitFor(() => expect(listen.calls).toContain('stop'));
  fireEvent.click(await screen.findByRole('button', { name: 'Listen for test event' }));
  await screen.findByText(/Waiting for a request/);
  listen.state = { until: new Date(Date.now() - 1000).toISOString(), capture: null };
  expect(await screen.findByText('No request arrived in 2 minutes.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Listen again' })).toBeInTheDocument();
});

test('an earlier capture not pinned any more can be used as sample data again', async () => {
  const capture: WebhookCapture = { capturedAt: '2026-11-20T10:00:00.000Z', method: 'POST', input: { id: 7 }, query: {}, headers: {} };
  renderPanel(workflow(), fakeListen({ until: null, capture }));
  fireEvent.click(await screen.findByRole('button', { name: 'Use as sample data' }));
  expect(JSON.parse(screen.getByTestId('pinned').textContent!)).toEqual({ id: 7 });
});

test('a template shows no address to listen on, and read-only settings cannot change', async () => {
  renderPanel(workflow({}, { visibility: 'template' }), fakeListen(), { readOnly: true });
  expect(await screen.findByLabelText('Answer')).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Listen for test event' })).toBeNull();
});

test('after a capture the waiting line goes: the capture shows with Listen again, which hides it until the next one arrives', async () => {
  const earlier: WebhookCapture = { capturedAt: '2026-11-20T10:00:00.000Z', method: 'POST', input: { id: 7 }, query: {}, headers: {} };
  const { listen } = renderPanel(workflow(), fakeListen({ until: null, capture: earlier }));
  const again = await screen.findByRole('button', { name: 'Listen again' });
  expect(screen.getByTestId('webhook-capture')).toHaveTextContent('"id": 7');

  fireEvent.click(again);
  expect(await screen.findByText(/^Waiting for a request… \(until .+\)$/)).toBeInTheDocument();
  // The earlier capture would read as if the awaited request had come.
  expect(screen.queryByTestId('webhook-capture')).toBeNull();

  // The server's clock is a minute behind this device's: the new capture is still the awaited one.
  const next: WebhookCapture = { capturedAt: new Date(Date.now() - 60_000).toISOString(), method: 'POST', input: { id: 8 }, query: {}, headers: {} };
  listen.state = { until: null, capture: next };
  await waitFor(() => expect(screen.getByTestId('webhook-capture')).toHaveTextContent('"id": 8'));
  expect(screen.queryByText(/Waiting for a request/)).toBeNull();
  expect(screen.getByRole('button', { name: 'Listen again' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Stop listening' })).toBeNull();
  expect(JSON.parse(screen.getByTestId('pinned').textContent!)).toEqual({ id: 8 });
});

test('reopened while its window is open, the panel waits and keeps the earlier capture out of sight', async () => {
  const earlier: WebhookCapture = { capturedAt: '2026-11-20T10:00:00.000Z', method: 'POST', input: { id: 7 }, query: {}, headers: {} };
  renderPanel(workflow(), fakeListen({ until: new Date(Date.now() + 60_000).toISOString(), capture: earlier }));
  expect(await screen.findByText(/^Waiting for a request… \(until .+\)$/)).toBeInTheDocument();
  expect(screen.queryByTestId('webhook-capture')).toBeNull();
  // Polling sees the same earlier capture: still waiting, nothing pinned.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(screen.getByText(/Waiting for a request/)).toBeInTheDocument();
  expect(JSON.parse(screen.getByTestId('pinned').textContent!)).toBeNull();
});
