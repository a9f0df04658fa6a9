import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { RunsClientContext } from './RunsClientContext';
import { WebhookPanel } from './WebhookPanel';
import { createFakeRunsServer, jsonResponse, type FakeRunsServer } from './testing/fakeRunsServer';

function renderPanel(server: FakeRunsServer, template = false, language: 'en' | 'it' = 'en') {
  return renderWithProviders(
    <RunsClientContext.Provider value={server.client}>
      <WebhookPanel workflowId="wf-1" template={template} />
    </RunsClientContext.Provider>,
    { user: testUser(), language },
  );
}

const writeText = jest.fn(async (_text: string) => undefined);
beforeEach(() => {
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

test('shows the hook URL (absolute) and the secret, each with Copy', async () => {
  const server = createFakeRunsServer();
  renderPanel(server);
  expect(await screen.findByLabelText('Hook URL')).toHaveValue('http://platform.test/api/hooks/wf-1/secret-1');
  expect(screen.getByLabelText('Secret')).toHaveValue('secret-1');
  fireEvent.click(screen.getByRole('button', { name: 'Copy the hook URL' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith('http://platform.test/api/hooks/wf-1/secret-1'));
  expect(await screen.findByText('Copied to the clipboard')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Copy the secret' }));
  await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('secret-1'));
  expect(server.requests).toEqual([{ method: 'GET', path: '/api/workflows/wf-1/webhook', authorization: 'Bearer id-token-1', body: undefined }]);
});

test('a clipboard that refuses says to copy by hand', async () => {
  writeText.mockRejectedValueOnce(new Error('denied'));
  renderPanel(createFakeRunsServer());
  fireEvent.click(await screen.findByRole('button', { name: 'Copy the secret' }));
  expect(await screen.findByText('Copying failed: select the text and copy it yourself.')).toBeInTheDocument();
});

test('Rotate asks first, then shows the new URL and secret; Keep changes nothing', async () => {
  const server = createFakeRunsServer();
  renderPanel(server);
  await screen.findByLabelText('Hook URL');
  fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
  const confirm = screen.getByRole('group', { name: 'Rotate secret' });
  expect(confirm).toHaveTextContent('The current address stops working at once. Rotate the secret?');
  fireEvent.click(within(confirm).getByRole('button', { name: 'Keep the current one' }));
  expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
  fireEvent.click(screen.getByRole('button', { name: 'Yes, rotate' }));
  await waitFor(() => expect(screen.getByLabelText('Secret')).toHaveValue('rotated-secret-1'));
  expect(screen.getByLabelText('Hook URL')).toHaveValue('http://platform.test/api/hooks/wf-1/rotated-secret-1');
  expect(await screen.findByText('New secret made: give the sender the new address.')).toBeInTheDocument();
  expect(server.requests.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', path: '/api/workflows/wf-1/webhook', authorization: 'Bearer id-token-1', body: {} }]);
});

test('a refusal says so and offers Try again; a template has no address and asks nothing', async () => {
  const server = createFakeRunsServer();
  server.once('GET', /\/webhook$/, () => jsonResponse(403, { error: 'Forbidden: only the workflow owner manages its webhook' }));
  const { unmount } = renderPanel(server);
  expect(await screen.findByText('Failed to load the webhook address.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByLabelText('Hook URL')).toHaveValue('http://platform.test/api/hooks/wf-1/secret-1');
  unmount();

  const other = createFakeRunsServer();
  renderPanel(other, true, 'it');
  expect(screen.getByText('I modelli non hanno un indirizzo webhook. Usa il modello per ottenere una tua copia.')).toBeInTheDocument();
  expect(other.requests).toEqual([]);
});

describe('a plan without webhook triggers (403 plan_required)', () => {
  const planRequired = () =>
    jsonResponse(403, { error: 'Webhook triggers are not included in your plan; upgrade to Basic to use them', code: 'plan_required', plan: 'basic', feature: 'webhookTriggers' });

  test('explains it with the plan that has them and a link to it, instead of a failure to retry', async () => {
    const server = createFakeRunsServer();
    server.once('GET', /\/webhook$/, planRequired);
    renderPanel(server);
    const note = await screen.findByTestId('webhook-plan-required');
    expect(note).toHaveTextContent('Your plan does not include webhook triggers. It is available from the Basic plan.');
    expect(within(note).getByRole('link', { name: 'Upgrade to Basic' })).toHaveAttribute('href', '/billing/plans?plan=basic');
    expect(screen.queryByText('Failed to load the webhook address.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByText(/upgrade to Basic to use them/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Hook URL')).not.toBeInTheDocument();
  });

  test('translated (it)', async () => {
    const server = createFakeRunsServer();
    server.once('GET', /\/webhook$/, planRequired);
    renderPanel(server, false, 'it');
    const note = await screen.findByTestId('webhook-plan-required');
    expect(note).toHaveTextContent('Il tuo piano non include i trigger webhook. È disponibile a partire dal piano Base.');
    expect(within(note).getByRole('link', { name: 'Passa al piano Base' })).toHaveAttribute('href', '/billing/plans?plan=basic');
  });

  test('a rotation the plan refuses is explained (announced) instead of a toast with the English', async () => {
    const server = createFakeRunsServer();
    server.once('POST', /\/webhook$/, planRequired);
    renderPanel(server);
    await screen.findByLabelText('Hook URL');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, rotate' }));
    const note = await screen.findByTestId('webhook-plan-required');
    expect(note).toHaveAttribute('role', 'alert');
    expect(within(note).getByRole('link', { name: 'Upgrade to Basic' })).toHaveAttribute('href', '/billing/plans?plan=basic');
    expect(screen.queryByText('That did not work')).not.toBeInTheDocument();
    expect(screen.queryByText(/upgrade to Basic to use them/)).not.toBeInTheDocument();
  });
});
