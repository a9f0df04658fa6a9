import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from '@agentflow/shared';
import type { ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { NOTIFICATIONS_CHANGED_EVENT } from '@agentflow/shared/notifications';
import type { ApprovalItem } from '@agentflow/shared/approvals';
import { renderRuns } from '../testing/renderRuns';
import { createFakeRunsServer } from '../runs/testing/fakeRunsServer';
import { ApprovalsClientContext } from './ApprovalsClientContext';
import { ApprovalInboxRoute } from './ApprovalsRoutes';
import { approvalItem, createFakeApprovalsServer } from './testing/fakeApprovalsServer';
import { APPROVALS_REFRESH_MS } from './useApprovals';
import { ApprovalInbox } from './ApprovalInbox';

function renderInbox(items: ApprovalItem[], options: ProvidersOptions = {}, route = '/workflows/approvals') {
  const runs = createFakeRunsServer();
  const server = createFakeApprovalsServer(runs, { approvals: items });
  const result = renderRuns(
    runs,
    <>
      <Route
        path="/workflows/approvals"
        element={
          <ApprovalsClientContext.Provider value={server.client}>
            <ApprovalInboxRoute />
          </ApprovalsClientContext.Provider>
        }
      />
      <Route path="/workflows/:id/runs/:runId" element={<p>run page</p>} />
    </>,
    route,
    options,
  );
  return { server, runs, ...result };
}

const listCalls = (server: ReturnType<typeof createFakeApprovalsServer>) => server.requests.filter((request) => request.method === 'GET' && request.path === '/api/approvals').length;


test('lists each waiting approval with its workflow, message, readable data, who waits since when, approvers and a link to the run', async () => {
  const long = 'x'.repeat(400);
  renderInbox([approvalItem(), approvalItem({ runId: 'run-2', workflowId: 'wf-2', workflowName: 'Invoice dispute', message: 'Refund 40 €?', shown: { disputeNote: long, items: ['a', 'b'], urgent: true, customer: { name: 'Bo', tier: 'gold' } }, approvers: [{ kind: 'user', id: 'u-9', label: 'Ada Admin' }] })]);
  const cards = await screen.findAllByTestId('approval-item');
  expect(cards).toHaveLength(2);
  expect(screen.getByTestId('approvals-count')).toHaveTextContent('2 waiting for you');
  const first = cards[0]!;
  expect(within(first).getByRole('heading', { name: 'Discount approval' })).toBeInTheDocument();
  expect(within(first).getByTestId('approval-message')).toHaveTextContent('Approve a 15% discount for ACME?');
  // Key/value pairs with readable keys, not raw JSON.
  expect(within(first).getByText('Customer name')).toBeInTheDocument();
  expect(within(first).getByText('ACME Corp')).toBeInTheDocument();
  expect(first).not.toHaveTextContent('{"customerName"');
  expect(first).toHaveTextContent('Requested by Sam Seller');
  expect(first).toHaveTextContent(/waiting since/);
  expect(within(first).getByTestId('approval-approvers')).toHaveTextContent('Who may decide: Sales manager, ada@example.com');
  expect(within(first).getByRole('link', { name: 'Open the run' })).toHaveAttribute('href', '/workflows/wf-1/runs/run-1');

  const second = cards[1]!;
  expect(second).toHaveTextContent('Dispute note');
  expect(within(second).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['a', 'b']);
  expect(second).toHaveTextContent('Yes');
  expect(second).toHaveTextContent('Tier');
  expect(second).not.toHaveTextContent(long);
  fireEvent.click(within(second).getByRole('button', { name: 'Show all' }));
  expect(second).toHaveTextContent(long);
  expect(within(second).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
});

test('approving with a comment and a file: uploaded first, then decided on the run’s decide route; the item leaves with a toast', async () => {
  const { server, runs } = renderInbox([approvalItem(), approvalItem({ runId: 'run-2', workflowName: 'Invoice dispute' })]);
  const [card] = await screen.findAllByTestId('approval-item');
  fireEvent.change(within(card!).getByLabelText('Comment (optional)'), { target: { value: ' Margin is fine ' } });
  const file = new File(['signed'], 'form.pdf', { type: 'application/pdf' });
  fireEvent.change(within(card!).getByLabelText('Attach a file'), { target: { files: [file] } });
  expect(within(card!).getByTestId('approval-file')).toHaveTextContent('form.pdf');
  fireEvent.click(within(card!).getByRole('button', { name: 'Approve' }));
  // Busy on its own: the other card's buttons stay usable.
  expect(within(card!).getByRole('button', { name: 'Sending…' })).toBeDisabled();
  expect(within(screen.getAllByTestId('approval-item')[1]!).getByRole('button', { name: 'Approve' })).toBeEnabled();
  expect(await screen.findByText('Approved: “Discount approval” continues')).toBeInTheDocument();
  await waitFor(() => expect(screen.getAllByTestId('approval-item')).toHaveLength(1));
  expect(screen.getByRole('heading', { name: 'Invoice dispute' })).toBeInTheDocument();
  expect(runs.uploads.map((upload) => upload.file.name)).toEqual(['form.pdf']);
  const decision = server.requests.find((request) => request.path === '/api/runs/run-1/decide');
  expect(decision).toMatchObject({ method: 'POST', authorization: 'Bearer id-token-1', body: { decision: 'approve', nodeId: 'managerApproval', comment: 'Margin is fine', fileId: runs.uploads[0]!.file.fileId } });
});

test('rejecting; a step decided meanwhile leaves the list with the reason; the last one leaves the empty state', async () => {
  const { server } = renderInbox([approvalItem(), approvalItem({ runId: 'run-2', workflowName: 'Invoice dispute' })]);
  const [first] = await screen.findAllByTestId('approval-item');
  fireEvent.click(within(first!).getByRole('button', { name: 'Reject' }));
  expect(await screen.findByText('Rejected: “Discount approval” stops')).toBeInTheDocument();
  expect(server.requests.find((request) => request.path === '/api/runs/run-1/decide')?.body).toEqual({ decision: 'reject', nodeId: 'managerApproval' });

  await waitFor(() => expect(screen.getAllByTestId('approval-item')).toHaveLength(1));
  // Someone else decided it meanwhile: the service answers approval-not-waiting.
  server.approvals.length = 0;
  fireEvent.click(within(screen.getByTestId('approval-item')).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('Your decision was not recorded')).toBeInTheDocument();
  expect(screen.getByText('This step was already decided, or its run ended.')).toBeInTheDocument();
  expect(await screen.findByTestId('approvals-empty')).toHaveTextContent('Nothing is waiting for your approval.');
});

test('a failure that is not the item’s fault keeps it, with its comment, to try again', async () => {
  const { server } = renderInbox([approvalItem()]);
  const card = await screen.findByTestId('approval-item');
  fireEvent.change(within(card).getByLabelText('Comment (optional)'), { target: { value: 'ok' } });
  server.once('POST', /\/decide$/, 500, { error: 'boom' });
  fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  expect(screen.getByTestId('approval-item')).toBeInTheDocument();
  expect(within(screen.getByTestId('approval-item')).getByLabelText('Comment (optional)')).toHaveValue('ok');
});

test('live: fetched again when the bell’s notifications change, and on a timer (15 s in the app)', async () => {
  expect(APPROVALS_REFRESH_MS).toBe(15_000);
  const runs = createFakeRunsServer();
  const server = createFakeApprovalsServer(runs);
  renderRuns(runs, <Route path="/workflows/approvals" element={<ApprovalInbox client={server.client} runs={runs.client} refreshMs={150} />} />, '/workflows/approvals');
  expect(await screen.findByTestId('approvals-empty')).toBeInTheDocument();
  // The timer brings a new one.
  server.approvals.push(approvalItem());
  expect(await screen.findByTestId('approval-item', {}, { timeout: 2000 })).toBeInTheDocument();
});

test('live: the bell’s change event fetches again at once', async () => {
  const { server } = renderInbox([]);
  expect(await screen.findByTestId('approvals-empty')).toBeInTheDocument();
  const before = listCalls(server);
  server.approvals.push(approvalItem());
  act(() => {
    window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
  });
  expect(await screen.findByTestId('approval-item', {}, { timeout: 1000 })).toBeInTheDocument();
  expect(listCalls(server)).toBe(before + 1);
});

test('a failed load says so and retries', async () => {
  const runs = createFakeRunsServer();
  const server = createFakeApprovalsServer(runs, { approvals: [approvalItem()] });
  server.once('GET', /^\/api\/approvals$/, 500, { error: 'down' });
  renderRuns(
    runs,
    <Route
      path="/workflows/approvals"
      element={
        <ApprovalsClientContext.Provider value={server.client}>
          <ApprovalInboxRoute />
        </ApprovalsClientContext.Provider>
      }
    />,
    '/workflows/approvals',
  );
  expect(await screen.findByText('The approvals could not be loaded.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId('approval-item')).toBeInTheDocument();
});

test('in German, with role names translated', async () => {
  renderInbox([approvalItem()], { language: 'de' });
  const card = await screen.findByTestId('approval-item');
  expect(screen.getByRole('heading', { name: 'Freigaben' })).toBeInTheDocument();
  expect(within(card).getByTestId('approval-approvers')).toHaveTextContent('Wer entscheiden darf: Vertriebsleitung, ada@example.com');
  expect(within(card).getByRole('button', { name: 'Freigeben' })).toBeInTheDocument();
});

test('signed out: sent to sign in', async () => {
  renderInbox([approvalItem()], { user: null });
  await waitFor(() => expect(screen.getByText('sign in page')).toBeInTheDocument());
});

test('opened from a notification (?run=&node=): that card is marked', async () => {
  renderInbox([approvalItem(), approvalItem({ runId: 'run-2', workflowName: 'Invoice dispute' })], {}, '/workflows/approvals?run=run-2&node=managerApproval');
  const cards = await screen.findAllByTestId('approval-item');
  expect(cards[0]).not.toHaveAttribute('data-target');
  expect(cards[1]).toHaveAttribute('data-target', 'true');
});

test('a long list of values shows five until unfolded', async () => {
  renderInbox([approvalItem({ shown: { lines: ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7'] } })]);
  const card = await screen.findByTestId('approval-item');
  expect(within(card).getAllByRole('listitem')).toHaveLength(5);
  fireEvent.click(within(card).getByRole('button', { name: 'Show all 7' }));
  expect(within(card).getAllByRole('listitem')).toHaveLength(7);
});
