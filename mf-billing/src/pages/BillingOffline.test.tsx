// Billing offline (issue 25): the last known plan saved on this device, said
// to be that, with every billing action disabled and the reason given; never
// "You have no paid subscription" and never a "Failed to fetch" toast.
import { act, screen, waitFor, within } from '@testing-library/react';
import { createFakeBillingServer, subscribed, type FakeBillingServer } from '../testing/fakeBillingServer';
import { renderBilling, restoreFetch } from '../testing/renderBilling';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  setOnline(true);
  restoreFetch();
  window.localStorage.clear();
  consoleError.mockRestore();
});

function premiumServer(): FakeBillingServer {
  const server = createFakeBillingServer();
  subscribed(server.state, 'premium');
  return server;
}

/** One online visit of `route` (which saves the answers on the device), waiting for `testId`. */
async function visitOnline(route: string, testId: string, server = premiumServer()) {
  const visit = renderBilling(route, { server });
  await screen.findByTestId(testId);
  visit.unmount();
  return server;
}

/** The same device without a network: the browser says offline and every request fails. */
function goOffline(server: FakeBillingServer) {
  setOnline(false);
  const offlineServer = { ...server, fetch: jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) };
  return offlineServer as unknown as FakeBillingServer;
}

const noFailureToast = () => expect(document.querySelector('.toast-destructive')).toBeNull();

describe('billing overview offline', () => {
  test('shows the last known plan, says billing cannot be reached and since when it is saved, and disables every action with the reason', async () => {
    const server = await visitOnline('/billing', 'invoice-in_1');
    renderBilling('/billing', { server: goOffline(server) });

    const note = await screen.findByTestId('billing-offline');
    expect(note).toHaveTextContent("We can't reach billing right now. This is your last known plan.");
    expect(note).toHaveTextContent(/Saved on this device, as of .+/);
    expect(Date.parse(note.getAttribute('data-saved-at') ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(screen.getByTestId('subscription-plan')).toHaveTextContent('Premium · 10,000 tokens a month');
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Active');
    expect(await screen.findByTestId('billing-plan')).toHaveTextContent('Your plan: Premium');
    expect(screen.queryByTestId('subscription-none')).not.toBeInTheDocument();
    expect(screen.queryByText(/no paid subscription/)).not.toBeInTheDocument();

    const why = screen.getAllByTestId('needs-connection')[0]!;
    expect(why).toHaveTextContent("You're offline. This needs a connection and works again when you're back online.");
    for (const testId of ['change-cycle', 'cancel-subscription', 'manage-billing']) {
      const action = screen.getByTestId(testId);
      expect(action).toBeDisabled();
      expect(action).toHaveAccessibleDescription("You're offline. This needs a connection and works again when you're back online.");
    }
    expect(within(screen.getByTestId('billing-offline-more')).getByTestId('needs-connection')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-methods')).not.toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    noFailureToast();
  });

  test('with nothing saved on the device it says so, and claims nothing about a subscription', async () => {
    renderBilling('/billing', { server: goOffline(premiumServer()) });
    const note = await screen.findByTestId('billing-offline');
    expect(note).toHaveTextContent("We can't reach billing right now. Your plan shows here again once you're back online.");
    expect(screen.queryByTestId('subscription-none')).not.toBeInTheDocument();
    expect(screen.queryByTestId('subscription-plan')).not.toBeInTheDocument();
    expect(screen.queryByTestId('subscription-loading')).not.toBeInTheDocument();
    noFailureToast();
  });

  test('a free user’s last known plan is named, not "no paid subscription"', async () => {
    const server = await visitOnline('/billing', 'subscription-none', createFakeBillingServer());
    renderBilling('/billing', { server: goOffline(server) });
    expect(await screen.findByTestId('subscription-last-plan')).toHaveTextContent('Your last known plan: Free');
    expect(screen.queryByTestId('subscription-none')).not.toBeInTheDocument();
  });

  test('in German: the message and the reason the actions are disabled', async () => {
    const server = await visitOnline('/billing', 'invoice-in_1');
    renderBilling('/billing', { server: goOffline(server), language: 'de' });
    expect(await screen.findByTestId('billing-offline')).toHaveTextContent('Die Abrechnung ist gerade nicht erreichbar. Dies ist Ihr zuletzt bekannter Tarif.');
    expect(screen.getByTestId('billing-offline')).toHaveTextContent(/Auf diesem Gerät gespeichert, Stand .+/);
    expect(screen.getByTestId('cancel-subscription')).toBeDisabled();
    expect(screen.getByTestId('cancel-subscription')).toHaveAccessibleDescription('Sie sind offline. Dafür ist eine Verbindung nötig; es funktioniert wieder, sobald Sie online sind.');
  });

  test('back online, the account is read from billing-api again and the actions return', async () => {
    const server = await visitOnline('/billing', 'invoice-in_1');
    const offline = goOffline(server);
    renderBilling('/billing', { server: offline });
    await screen.findByTestId('billing-offline');
    await screen.findByTestId('subscription-plan');
    expect(await screen.findByTestId('billing-plan')).toHaveTextContent('Your plan: Premium');
    // The connection returns: requests reach the server again.
    (offline.fetch as jest.Mock).mockImplementation(server.fetch);
    act(() => setOnline(true));
    await waitFor(() => expect(screen.queryByTestId('billing-offline')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('cancel-subscription')).toBeEnabled());
  });
});

describe('plans offline', () => {
  test('the plans saved on the device, every Subscribe and Switch disabled with the reason', async () => {
    const server = await visitOnline('/billing/plans', 'plan-basic', createFakeBillingServer());
    renderBilling('/billing/plans', { server: goOffline(server) });
    expect(await screen.findByTestId('billing-offline')).toHaveTextContent(/^We can't reach billing right now\. These are the plans as last shown to you\.Saved on this device, as of .+/);
    const basic = await screen.findByTestId('plan-basic');
    const subscribe = within(basic).getByRole('button', { name: 'Subscribe to Basic' });
    expect(subscribe).toBeDisabled();
    expect(subscribe).toHaveAccessibleDescription("You're offline. This needs a connection and works again when you're back online.");
    expect(screen.getByTestId('plan-free')).toHaveAttribute('data-current', 'true');
    noFailureToast();
  });
});

describe('usage offline', () => {
  test('the summary saved on the device is marked; history and recent use say they need a connection', async () => {
    const server = await visitOnline('/billing/usage', 'usage-used', premiumServer());
    renderBilling('/billing/usage', { server: goOffline(server) });
    const summary = await screen.findByTestId('usage-summary');
    await waitFor(() => expect(within(summary).getByTestId('usage-used')).toHaveTextContent('0 of 10,000 tokens used'));
    expect(within(summary).getByTestId('saved-on-device')).toHaveTextContent(/^We can't reach billing right now\. These are your last known figures\.Saved on this device, as of .+/);
    expect(screen.getByTestId('usage-history-offline')).toHaveTextContent("You're offline.");
    expect(screen.getByTestId('usage-recent-offline')).toHaveTextContent("You're offline.");
  });
});
