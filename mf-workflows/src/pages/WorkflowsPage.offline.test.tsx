// The catalogue offline: a read that fails because the network is unreachable
// shows the last successful result saved on this device (the same tab, the
// same user, the URL's filters applied) with a notice and Try again; with
// nothing saved, or on a refusal from the server, the error stays.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from '@agentflow/shared';
import { TestProviders, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import WorkflowsApp from '../exposes/WorkflowsApp';
import { CATALOGUE_CACHE_PREFIX, cacheKey, readCatalogueCache } from '../api/catalogueCache';
import { renderCatalogue, testQueryClient } from '../testing/renderCatalogue';
import { createFakeCatalogueSource, FAKE_MINE, FAKE_TEMPLATES, type FakeCatalogueSource } from '../testing/fakeCatalogueSource';
import { setOnline } from '@agentflow/shared/testing/online';

jest.mock('../builder/BuilderRoute', () => ({ BuilderRoute: () => <p data-testid="builder-route">Builder</p> }));

const OFFLINE_NOTICE = "You're offline — showing workflows saved on this device";
const cardIds = () => screen.queryAllByTestId('workflow-card').map((card) => card.getAttribute('data-workflow-id'));
/** How Firestore Lite rejects when fetch() gets no response. */
const unreachable = () => Object.assign(new Error('Request failed with error: Failed to fetch'), { code: 'unknown' });
const denied = () => Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
const templateIds = FAKE_TEMPLATES.map((template) => template.id);
const mineIds = FAKE_MINE.map((workflow) => workflow.id).sort();

/** One online visit: the page reads the collection and saves it. */
async function visitOnline(route: string, options: ProvidersOptions = {}, expected: string[] = templateIds) {
  const view = renderCatalogue(route, options);
  await waitFor(() => expect([...cardIds()].sort()).toEqual([...expected].sort()));
  view.unmount();
}

function offlineSource(): FakeCatalogueSource {
  const source = createFakeCatalogueSource();
  source.listTemplates.mockRejectedValue(unreachable());
  source.listMine.mockRejectedValue(unreachable());
  source.listOrganization.mockRejectedValue(unreachable());
  return source;
}

beforeEach(() => localStorage.clear());

describe('offline with a saved copy', () => {
  test('a guest sees the templates seen online, the notice and Try again; Try again online shows the server\'s list', async () => {
    await visitOnline('/workflows', { user: null });
    const source = offlineSource();
    renderCatalogue('/workflows', { user: null, source });
    const notice = await screen.findByTestId('catalogue-offline');
    expect(notice).toHaveTextContent(OFFLINE_NOTICE);
    expect(cardIds()).toEqual(templateIds);
    expect(screen.queryByTestId('catalogue-error')).not.toBeInTheDocument();
    expect(screen.getByText('Workflows shown: 4')).toBeInTheDocument();

    // Still offline: Try again asks again and keeps the saved copy.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(source.listTemplates).toHaveBeenCalledTimes(2));
    expect(await screen.findByTestId('catalogue-offline')).toBeInTheDocument();
    expect(cardIds()).toEqual(templateIds);

    // Back online: the server's list replaces it and the notice goes.
    source.listTemplates.mockImplementation(async () => [FAKE_TEMPLATES[1]!]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cardIds()).toEqual(['tpl-delay']));
    expect(screen.queryByTestId('catalogue-offline')).not.toBeInTheDocument();
    expect(readCatalogueCache({ tab: 'templates', uid: null })?.workflows.map((workflow) => workflow.id)).toEqual(['tpl-delay']);
  });

  test("the URL's filters apply to the saved copy", async () => {
    await visitOnline('/workflows', { user: null });
    renderCatalogue('/workflows?search=carrier', { user: null, source: offlineSource() });
    await screen.findByTestId('catalogue-offline');
    expect(cardIds()).toEqual(['tpl-delay']);
  });

  test('a signed-in user offline sees their own workflows, and the templates they saw, each from its own copy', async () => {
    await visitOnline('/workflows', {}, mineIds);
    await visitOnline('/workflows?tab=templates');
    renderCatalogue('/workflows', { source: offlineSource() });
    await screen.findByTestId('catalogue-offline');
    expect([...cardIds()].sort()).toEqual(mineIds);
    fireEvent.click(screen.getByRole('tab', { name: 'Templates' }));
    await waitFor(() => expect(cardIds()).toEqual(templateIds));
    expect(screen.getByTestId('catalogue-offline')).toHaveTextContent(OFFLINE_NOTICE);
  });

  test('the notice is translated', async () => {
    await visitOnline('/workflows', { user: null });
    renderCatalogue('/workflows', { user: null, source: offlineSource(), language: 'es' });
    expect(await screen.findByTestId('catalogue-offline')).toHaveTextContent('Sin conexión: se muestran los flujos de trabajo guardados en este dispositivo');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('when the saved copy must not stand in', () => {
  test('offline with nothing saved: "Failed to load workflows" and Try again, as before', async () => {
    renderCatalogue('/workflows', { user: null, source: offlineSource() });
    const failure = await screen.findByTestId('catalogue-error');
    expect(failure).toHaveTextContent('Failed to load workflows');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByTestId('catalogue-offline')).not.toBeInTheDocument();
    expect(cardIds()).toEqual([]);
  });

  test('a refusal from the server shows the error, never the saved copy', async () => {
    await visitOnline('/workflows', { user: null });
    const source = createFakeCatalogueSource();
    source.listTemplates.mockRejectedValue(denied());
    renderCatalogue('/workflows', { user: null, source });
    expect(await screen.findByTestId('catalogue-error')).toHaveTextContent('Failed to load workflows');
    expect(screen.queryByTestId('catalogue-offline')).not.toBeInTheDocument();
    expect(cardIds()).toEqual([]);
  });

  test("another user offline never sees the first user's workflows", async () => {
    await visitOnline('/workflows', {}, mineIds);
    renderCatalogue('/workflows?tab=mine', { user: testUser({ uid: 'user-2', email: 'grace@example.com', displayName: 'Grace' }), source: offlineSource() });
    expect(await screen.findByTestId('catalogue-error')).toHaveTextContent('Failed to load workflows');
    expect(cardIds()).toEqual([]);
    // And the first user's copy has left this device.
    expect(localStorage.getItem(cacheKey({ tab: 'mine', uid: 'user-1' }) as string)).toBeNull();
  });
});

test("signing out removes the user's saved workflows from the device; the public templates stay", async () => {
  const source = createFakeCatalogueSource();
  const queryClient = testQueryClient();
  const tree = (
    <Routes>
      <Route path="/workflows/*" element={<WorkflowsApp source={source} queryClient={queryClient} />} />
    </Routes>
  );
  const view = render(<TestProviders options={{ route: '/workflows', user: testUser() }}>{tree}</TestProviders>);
  await waitFor(() => expect([...cardIds()].sort()).toEqual(mineIds));
  fireEvent.click(screen.getByRole('tab', { name: 'Templates' }));
  await waitFor(() => expect(cardIds()).toEqual(templateIds));
  const saved = () => Object.keys(localStorage).filter((key) => key.startsWith(CATALOGUE_CACHE_PREFIX)).sort();
  expect(saved()).toEqual([cacheKey({ tab: 'templates', uid: null }), cacheKey({ tab: 'mine', uid: 'user-1' })].sort());

  view.rerender(<TestProviders options={{ route: '/workflows', user: null }}>{tree}</TestProviders>);
  await waitFor(() => expect(saved()).toEqual([cacheKey({ tab: 'templates', uid: null })]));
});

describe('issue 25: the saved copy says as of when, and copying waits for a connection', () => {
  afterEach(() => setOnline(true));

  test('the notice names when the copy was saved on this device', async () => {
    await visitOnline('/workflows', { user: null });
    const savedAt = readCatalogueCache({ tab: 'templates', uid: null })?.savedAt;
    renderCatalogue('/workflows', { user: null, source: offlineSource() });
    const notice = await screen.findByTestId('catalogue-offline');
    expect(notice).toHaveAttribute('data-saved-at', savedAt);
    expect(notice).toHaveTextContent(/^You're offline — showing workflows saved on this deviceSaved on this device, as of .+Try again$/);
  });

  test('offline, a signed-in user’s Use template is disabled with the reason; when the connection returns the list is read again', async () => {
    await visitOnline('/workflows?tab=templates');
    const source = offlineSource();
    setOnline(false);
    renderCatalogue('/workflows?tab=templates', { source });
    await screen.findByTestId('catalogue-offline');
    const use = screen.getAllByRole('button', { name: /^Use template:/ })[0]!;
    expect(use).toBeDisabled();
    expect(use).toHaveAccessibleDescription("You're offline. This needs a connection and works again when you're back online.");

    source.listTemplates.mockImplementation(async () => [FAKE_TEMPLATES[1]!]);
    const reads = source.listTemplates.mock.calls.length;
    act(() => setOnline(true));
    await waitFor(() => expect(cardIds()).toEqual(['tpl-delay']));
    expect(source.listTemplates.mock.calls.length).toBeGreaterThan(reads);
    expect(screen.queryByTestId('catalogue-offline')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Use template:/ })).toBeEnabled();
  });
});
