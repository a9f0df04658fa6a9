import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from '@agentflow/shared';
import type { LoopItemPage, RunStep, WorkflowEdge, WorkflowNode, WorkflowRun } from '@agentflow/shared/workflow';
import { RunView } from '../../RunView';
import { at, createFakeRunsServer, fakeRun, fakeStep, jsonResponse, type FakeRunsServer } from '../../testing/fakeRunsServer';
import { renderRuns } from '../../../testing/renderRuns';
import { installXyflowStubs } from '../../../builder/testing/xyflowStubs';

installXyflowStubs();

const node = (id: string, name: string, type: WorkflowNode['type'], x: number): WorkflowNode => ({ id, name, type, position: { x, y: 0 }, params: {} });
const SNAPSHOT: { nodes: WorkflowNode[]; edges: WorkflowEdge[] } = {
  nodes: [node('trigger', 'Shipments', 'trigger.manual', 0), node('each', 'Each shipment', 'loop', 250), node('label', 'Print label', 'transform', 500), node('done', 'Report', 'output', 500)],
  edges: [
    { id: 'e1', source: 'trigger', target: 'each' },
    { id: 'e2', source: 'each', sourceHandle: 'body', target: 'label' },
    { id: 'e3', source: 'each', sourceHandle: 'done', target: 'done' },
  ],
};

const run = (): WorkflowRun =>
  fakeRun({
    status: 'succeeded',
    startedAt: at(0),
    endedAt: at(3),
    updatedAt: at(3),
    snapshot: SNAPSHOT,
    steps: [
      fakeStep({ id: 'trigger', name: 'Shipments', type: 'trigger.manual', status: 'succeeded', startedAt: at(0), endedAt: at(0.1), attempts: 1 }),
      fakeStep({ id: 'each', name: 'Each shipment', type: 'loop', status: 'succeeded', startedAt: at(0.1), endedAt: at(2.9), attempts: 1, output: { items: [{ ok: 1 }, { error: { message: 'No address' } }, { ok: 3 }] } }),
      fakeStep({ id: 'done', name: 'Report', type: 'output', status: 'succeeded', startedAt: at(2.9), endedAt: at(3), attempts: 1 }),
    ],
  });

const itemStep = (index: number, status: RunStep['status'], error: string | null = null): RunStep =>
  fakeStep({ id: `each/label#${index}`, nodeId: 'label', parentStepId: 'each', item: index, name: 'Print label', type: 'transform', status, error, startedAt: at(1), endedAt: at(1.5), attempts: 1, output: status === 'succeeded' ? { label: `L${index}` } : null });
const page = (index: number, status: LoopItemPage['status'], error: string | null = null): LoopItemPage => ({ index, total: 3, status, error, steps: [itemStep(index, status === 'succeeded' ? 'succeeded' : 'failed', error)] });

const answer = (body: unknown, status = 200) => jsonResponse(status, body);

/** The item's page, however often the view asks (strict mode runs effects twice). */
function serve(server: FakeRunsServer, index: number, respond: () => Response) {
  for (let n = 0; n < 5; n++) server.once('GET', new RegExp(`^/api/runs/run-1/steps/each/items/${index}$`), respond);
}

function renderView(server: FakeRunsServer) {
  return renderRuns(server, <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId="run-1" stream={{ reconnectDelayMs: 10, maxDelayMs: 40 }} />} />, '/workflows/wf-1/runs/run-1');
}

const graphNode = (id: string) => document.querySelector(`[data-testid="run-graph-node"][data-node-id="${id}"]`) as HTMLElement;

test("a loop step pages through its items: 'Item 1 of 3', next and previous, each item's body steps on the graph and in the list", async () => {
  const server = createFakeRunsServer({ runs: [run()] });
  serve(server, 0, () => answer(page(0, 'succeeded')));
  serve(server, 1, () => answer(page(1, 'failed', 'No address')));
  renderView(server);

  const pager = await screen.findByTestId('loop-pager');
  expect(pager).toHaveAccessibleName('Items of “Each shipment”');
  expect(await within(pager).findByText('Item 1 of 3')).toBeInTheDocument();
  expect(within(pager).getByRole('button', { name: 'Previous item' })).toBeDisabled();
  // The body node shows item 1's step; the loop's handles are named.
  await waitFor(() => expect(within(graphNode('label')).getByText('Succeeded')).toBeInTheDocument());
  expect(within(within(pager).getByTestId('loop-pager-steps')).getByText('Print label')).toBeInTheDocument();

  fireEvent.click(within(pager).getByRole('button', { name: 'Next item' }));
  expect(await within(pager).findByText('Item 2 of 3')).toBeInTheDocument();
  await waitFor(() => expect(within(graphNode('label')).getByText('Failed')).toBeInTheDocument());
  expect(within(pager).getByText(/No address/)).toBeInTheDocument();
  expect([...new Set(server.requests.filter((r) => r.path.includes('/items/')).map((r) => r.path))]).toEqual(['/api/runs/run-1/steps/each/items/0', '/api/runs/run-1/steps/each/items/1']);

  // Item 3 has no record yet: said so, and next stays off at the last item.
  serve(server, 2, () => answer({ error: 'Item 2 of step each not found' }, 404));
  fireEvent.click(within(pager).getByRole('button', { name: 'Next item' }));
  expect(await within(pager).findByText('No record of this item yet.')).toBeInTheDocument();
  fireEvent.click(within(pager).getByRole('button', { name: 'Previous item' }));
  expect(await within(pager).findByText('Item 2 of 3')).toBeInTheDocument();
});

test('the List tab pages through the same items', async () => {
  const server = createFakeRunsServer({ runs: [run()] });
  serve(server, 0, () => answer(page(0, 'succeeded')));
  serve(server, 1, () => answer(page(1, 'failed', 'No address')));
  renderView(server);
  fireEvent.click(await screen.findByTestId('run-tab-list'));
  const list = await screen.findByRole('tabpanel', { name: 'List' });
  const pager = await within(list).findByTestId('loop-pager');
  expect(await within(pager).findByText('Item 1 of 3')).toBeInTheDocument();
  fireEvent.click(within(pager).getByRole('button', { name: 'Next item' }));
  expect(await within(pager).findByText('Item 2 of 3')).toBeInTheDocument();
  expect(within(within(pager).getByTestId('loop-pager-steps')).getByText(/No address/)).toBeInTheDocument();
});
