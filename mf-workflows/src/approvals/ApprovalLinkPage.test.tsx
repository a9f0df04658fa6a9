import { fireEvent, screen } from '@testing-library/react';
import { Route } from '@agentflow/shared';
import type { ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { renderRuns } from '../testing/renderRuns';
import { createFakeRunsServer } from '../runs/testing/fakeRunsServer';
import { ApprovalsClientContext } from './ApprovalsClientContext';
import { ApprovalLinkRoute } from './ApprovalsRoutes';
import { createFakeApprovalsServer, linkView, type FakeLink } from './testing/fakeApprovalsServer';

function renderLink(link: FakeLink | null, search = '?token=tok-1', options: ProvidersOptions = {}) {
  const runs = createFakeRunsServer();
  const server = createFakeApprovalsServer(runs, { token: options.user === null ? null : 'id-token-1' });
  if (link) server.links.set('tok-1', link);
  renderRuns(
    runs,
    <Route
      path="/workflows/approvals/decide"
      element={
        <ApprovalsClientContext.Provider value={server.client}>
          <ApprovalLinkRoute />
        </ApprovalsClientContext.Provider>
      }
    />,
    `/workflows/approvals/decide${search}`,
    options,
  );
  return server;
}

test('shows what the link decides, decides only on the button (POST), then says it is done', async () => {
  const server = renderLink({ view: linkView() });
  const view = await screen.findByTestId('approval-link-view');
  expect(view).toHaveTextContent('Discount approval');
  expect(view).toHaveTextContent('Approve a 15% discount for ACME?');
  expect(view).toHaveTextContent('Customer name');
  expect(screen.getByTestId('approval-link-decides')).toHaveTextContent('This link approves the step.');
  expect(view).toHaveTextContent(/The link works until/);
  // Opening the page decided nothing.
  expect(server.requests.map((request) => request.method)).toEqual(['GET']);
  expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
  expect(await screen.findByTestId('approval-link-done')).toHaveTextContent('Approved. The run continues.');
  expect(server.requests.at(-1)).toEqual({ method: 'POST', path: '/api/approval-links/tok-1', query: {}, authorization: 'Bearer id-token-1', body: { decision: 'approve' } });
  expect(screen.getByRole('link', { name: 'Open the approval inbox' })).toHaveAttribute('href', '/workflows/approvals');
});

test('a link made for either decision offers both', async () => {
  renderLink({ view: linkView({ decision: null }) });
  expect(await screen.findByTestId('approval-link-decides')).toHaveTextContent('Approve or reject the step.');
  fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
  expect(await screen.findByTestId('approval-link-done')).toHaveTextContent('Rejected. The run stops.');
});

test('signed out, where the workspace demands a sign-in: asks to sign in as the recipient, no decision button', async () => {
  const server = renderLink({ view: linkView({ requiresSignIn: true }) }, '?token=tok-1', { user: null });
  const signIn = await screen.findByTestId('approval-link-signin');
  expect(signIn).toHaveTextContent('Sign in as ada@example.com.');
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/signin?next=${encodeURIComponent('/workflows/approvals/decide?token=tok-1')}`);
  expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  // Read without a token: the link is the credential for what it shows.
  expect(server.requests[0]).toMatchObject({ method: 'GET', authorization: undefined });
});

test('signed out, where no sign-in is demanded: decides without a token', async () => {
  const server = renderLink({ view: linkView() }, '?token=tok-1', { user: null });
  fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  expect(await screen.findByTestId('approval-link-done')).toBeInTheDocument();
  expect(server.requests.at(-1)).toMatchObject({ method: 'POST', authorization: undefined });
  // No inbox link for someone signed out.
  expect(screen.queryByRole('link', { name: 'Open the approval inbox' })).not.toBeInTheDocument();
});

test.each([
  ['expired', { status: 410, code: 'link-expired' }, 'This link has expired. You can still decide from the approval inbox.'],
  ['used', { status: 409, code: 'link-used' }, 'This link was already used, or the step was decided meanwhile.'],
  ['invalid', { status: 400, code: 'link-invalid' }, 'This link is not valid. Check that you opened the whole link from the message.'],
] as const)('a link that is %s says so in words', async (problem, refusal, text) => {
  renderLink(refusal);
  expect(await screen.findByTestId(`approval-link-${problem}`)).toHaveTextContent(text);
  expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
});

test('no token at all is an invalid link (nothing asked)', async () => {
  const server = renderLink(null, '');
  expect(await screen.findByTestId('approval-link-invalid')).toBeInTheDocument();
  expect(server.requests).toEqual([]);
});

test('used twice: the second POST is refused as used', async () => {
  const server = renderLink({ view: linkView() });
  server.once('POST', /approval-links/, 409, { error: 'Already used', code: 'link-used' });
  fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  expect(await screen.findByTestId('approval-link-used')).toHaveTextContent('This link was already used');
});

test('signed in as someone else: says whom to sign in as, keeps the request on screen', async () => {
  const server = renderLink({ view: linkView() });
  server.once('POST', /approval-links/, 403, { error: 'Wrong user', code: 'link-wrong-user' });
  fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  expect(await screen.findByTestId('approval-link-wrongUser')).toHaveTextContent('This link was sent to ada@example.com. Sign in as that user to decide.');
  expect(screen.getByTestId('approval-link-view')).toBeInTheDocument();
});

test('in Italian', async () => {
  renderLink({ view: linkView() }, '?token=tok-1', { language: 'it' });
  expect(await screen.findByRole('heading', { name: 'Richiesta di approvazione' })).toBeInTheDocument();
  expect(await screen.findByTestId('approval-link-decides')).toHaveTextContent('Questo link approva il passaggio.');
});
