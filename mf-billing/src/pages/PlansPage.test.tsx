import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadStripe } from '@stripe/stripe-js';
import { BILLING_MESSAGES } from '@agentflow/shared';
import { TEST_APP_CONFIG } from '@agentflow/shared/testing/renderWithProviders';
import { browserLocation } from '../api/checkout';
import { createFakeBillingServer, subscribed } from '../testing/fakeBillingServer';
import { renderBilling, restoreFetch } from '../testing/renderBilling';

// Stripe.js is Stripe's code on Stripe's CDN: the tests stand in for the loader.
jest.mock('@stripe/stripe-js', () => ({ loadStripe: jest.fn() }));
const mockedLoadStripe = jest.mocked(loadStripe);

let assign: jest.SpyInstance;
let consoleError: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  mockedLoadStripe.mockReset();
});
afterEach(() => {
  restoreFetch();
  jest.restoreAllMocks();
});

/** An error toast's title (variant destructive). */
const TOAST_ERROR = { selector: '.toast-destructive .toast-title' };
const WITH_KEY = { ...TEST_APP_CONFIG, stripePublishableKey: 'pk_test_agentflow' };
const card = (id: string) => screen.getByTestId(`plan-${id}`);
const checkoutRequests = (server: ReturnType<typeof createFakeBillingServer>) => server.requests.filter((request) => request.path === '/api/create-checkout-session');

async function openPlans(options: Parameters<typeof renderBilling>[1] = {}) {
  const rendered = renderBilling('/billing/plans', options);
  await screen.findByTestId('plans');
  return rendered;
}

describe('Plans page', () => {
  test('lists the eligible plans with monthly prices, token allowance and what each allows; the free plan is marked current', async () => {
    const { server } = await openPlans();
    expect(within(screen.getByTestId('plans')).getAllByRole('heading', { level: 3 }).map((heading) => heading.firstChild?.textContent)).toEqual(['Free', 'Basic', 'Premium', 'Enterprise']);
    expect(screen.getByTestId('plan-premium-price')).toHaveTextContent('$29.00 / month');
    expect(screen.getByTestId('plan-premium-tokens')).toHaveTextContent('10,000 tokens a month');
    expect(screen.getByTestId('plan-enterprise-tokens')).toHaveTextContent('50,000 tokens a month');
    expect(within(card('premium')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '✓Webhook triggersIncluded',
      '✓Schedule triggersIncluded',
      '✓Up to 100 saved credentials',
      '✓Up to 10 people per workspace',
      '✓Files up to 25\u00a0MB each',
      '✓10\u00a0GB of file storage',
      '✓Run history kept 90 days',
    ]);
    expect(screen.getByTestId('plan-free-price')).toHaveTextContent('Free');
    expect(card('free')).toHaveAttribute('data-current', 'true');
    expect(within(card('free')).getByText('Current plan')).toBeInTheDocument();
    expect(within(card('free')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card('premium')).queryByText('Current plan')).not.toBeInTheDocument();
    expect(within(card('premium')).getByRole('button', { name: 'Subscribe to Premium' })).toBeEnabled();
    expect(server.requests.find((request) => request.path === '/api/packages/eligible')).toMatchObject({ method: 'GET', authorization: 'Bearer test-id-token-user-1' });
    expect(document.title).toBe('Agentflow · Plans');
  });

  test('the Monthly/Yearly switch shows the yearly prices', async () => {
    await openPlans();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.getByTestId('plans')).toHaveAttribute('data-interval', 'year');
    expect(screen.getByTestId('plan-premium-price')).toHaveTextContent('$290.00 / year');
    expect(screen.getByTestId('plan-basic-price')).toHaveTextContent('$90.00 / year');
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(screen.getByTestId('plan-basic-price')).toHaveTextContent('$9.00 / month');
  });

  test('a plan without a price for the chosen cycle says so and offers no Subscribe', async () => {
    const server = createFakeBillingServer();
    server.state.packages = server.state.packages.map((pkg) => (pkg.id === 'basic' ? { ...pkg, priceYearly: 0, stripePriceIdYearly: null } : pkg));
    await openPlans({ server });
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.getByTestId('plan-basic-price')).toHaveTextContent('Not offered with this billing cycle');
    expect(within(card('basic')).queryByRole('button')).not.toBeInTheDocument();
  });

  test('Subscribe without a publishable key: creates the checkout session, then opens its URL (Stripe.js is never loaded)', async () => {
    const { server } = await openPlans();
    fireEvent.click(within(card('premium')).getByRole('button', { name: 'Subscribe to Premium' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/));
    const [request] = checkoutRequests(server);
    expect(request).toMatchObject({ method: 'POST', authorization: 'Bearer test-id-token-user-1' });
    expect(request?.body).toEqual({
      userId: 'user-1',
      priceId: 'price_premium_month',
      packageId: 'premium',
      successUrl: `${window.location.origin}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${window.location.origin}/billing/cancel`,
      stripeCustomerId: null,
    });
    expect(mockedLoadStripe).not.toHaveBeenCalled();
    expect(within(card('premium')).getByRole('button', { name: 'Subscribe to Premium' })).toHaveTextContent('Opening the checkout page…');
  });

  test('Subscribe yearly sends the yearly price and the stored Stripe customer', async () => {
    const server = createFakeBillingServer();
    server.state.membership.stripeCustomerId = 'cus_returning';
    await openPlans({ server });
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    fireEvent.click(within(card('basic')).getByRole('button', { name: 'Subscribe to Basic' }));
    await waitFor(() => expect(checkoutRequests(server)).toHaveLength(1));
    expect(checkoutRequests(server)[0]?.body).toMatchObject({ priceId: 'price_basic_year', packageId: 'basic', stripeCustomerId: 'cus_returning' });
  });

  test('with a publishable key: Stripe.js is loaded on Subscribe and redirectToCheckout gets the session id', async () => {
    const redirectToCheckout = jest.fn(() => new Promise<never>(() => undefined)); // it leaves the page: never settles
    mockedLoadStripe.mockResolvedValue({ redirectToCheckout } as never);
    const { server } = await openPlans({ config: WITH_KEY });
    expect(mockedLoadStripe).not.toHaveBeenCalled(); // not with the first view
    fireEvent.click(within(card('premium')).getByRole('button', { name: 'Subscribe to Premium' }));
    await waitFor(() => expect(redirectToCheckout).toHaveBeenCalledTimes(1));
    expect(mockedLoadStripe).toHaveBeenCalledWith('pk_test_agentflow');
    const sessionId = (redirectToCheckout.mock.calls[0] as unknown as [{ sessionId: string }])[0].sessionId;
    expect(sessionId).toMatch(/^cs_test_\d+$/);
    expect(checkoutRequests(server)).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });

  test('when redirectToCheckout fails, the session URL is opened instead', async () => {
    mockedLoadStripe.mockResolvedValue({ redirectToCheckout: async () => ({ error: { type: 'invalid_request_error', message: 'No such session' } }) } as never);
    await openPlans({ config: WITH_KEY });
    fireEvent.click(within(card('premium')).getByRole('button', { name: 'Subscribe to Premium' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/)));
  });

  test.each([
    ['the script fails to load', () => mockedLoadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'))],
    ['the loader gives nothing', () => mockedLoadStripe.mockResolvedValue(null)],
  ])('Stripe.js unavailable (%s): the toast says “Failed to load Stripe”, logged, nothing opened', async (_label, arrange) => {
    arrange();
    await openPlans({ config: WITH_KEY });
    const subscribe = within(card('premium')).getByRole('button', { name: 'Subscribe to Premium' });
    fireEvent.click(subscribe);
    expect(await screen.findByText('Failed to load Stripe', TOAST_ERROR)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('Failed to load Stripe'), ...(_label.includes('script') ? [expect.any(Error)] : []));
    expect(subscribe).toBeEnabled();
    expect(subscribe).toHaveTextContent('Subscribe');
  });

  test('a refused checkout shows the service’s error as a toast', async () => {
    const server = createFakeBillingServer();
    server.fail('POST', '/api/create-checkout-session', 403, 'That Stripe customer belongs to someone else');
    await openPlans({ server });
    fireEvent.click(within(card('premium')).getByRole('button', { name: 'Subscribe to Premium' }));
    expect(await screen.findByText('That Stripe customer belongs to someone else', TOAST_ERROR)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalledWith('[billing] Failed to create checkout session: That Stripe customer belongs to someone else');
  });

  test.each([
    ['an error without text', (server: ReturnType<typeof createFakeBillingServer>) => server.failBare('POST', '/api/create-checkout-session', 500)],
    ['a network failure', (server: ReturnType<typeof createFakeBillingServer>) => server.fail('POST', '/api/create-checkout-session', 0)],
  ])('%s: the toast says “Failed to create checkout session”', async (_label, arrange) => {
    const server = createFakeBillingServer();
    arrange(server);
    await openPlans({ server });
    fireEvent.click(within(card('premium')).getByRole('button', { name: 'Subscribe to Premium' }));
    expect(await screen.findByText('Failed to create checkout session', TOAST_ERROR)).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  test('Stripe not configured: a notice in the user’s words says so up front and Subscribe is disabled; the operator’s instructions never show', async () => {
    const server = createFakeBillingServer();
    server.state.stripeConfigured = false;
    await openPlans({ server });
    const notice = await screen.findByTestId('plans-not-configured');
    expect(notice).toHaveTextContent('Payments are not available');
    expect(notice).toHaveTextContent('Payments are not set up on this server yet, so plans can’t be bought for now.');
    const subscribe = within(card('basic')).getByRole('button', { name: 'Subscribe to Basic' });
    await waitFor(() => expect(subscribe).toBeDisabled());
    expect(subscribe).toHaveAttribute('aria-describedby', notice.id);
    expect(screen.queryByText(BILLING_MESSAGES.notConfigured, { exact: false })).not.toBeInTheDocument();
    expect(server.requests.some((request) => request.path === '/api/create-checkout-session')).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  test('a refusal as not configured (the status said otherwise) shows the same translated notice and toast, never the operator’s text', async () => {
    const server = createFakeBillingServer();
    await openPlans({ server });
    server.state.stripeConfigured = false;
    fireEvent.click(within(card('basic')).getByRole('button', { name: 'Subscribe to Basic' }));
    const notice = await screen.findByTestId('plans-not-configured');
    expect(notice).toHaveTextContent('Payments are not set up on this server yet');
    await waitFor(() => expect(screen.getAllByText(/Payments are not set up on this server yet/)).toHaveLength(2));
    expect(screen.queryByText(BILLING_MESSAGES.notConfigured, { exact: false })).not.toBeInTheDocument();
  });

  test('subscribed yearly to Premium: Premium is current, the switch starts on Yearly, another plan is a confirmed plan change', async () => {
    const server = createFakeBillingServer();
    subscribed(server.state, 'premium', 'year');
    await openPlans({ server });
    expect(card('premium')).toHaveAttribute('data-current', 'true');
    expect(card('free')).toHaveAttribute('data-current', 'false');
    expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    expect(within(card('premium')).queryByRole('button')).not.toBeInTheDocument();
    fireEvent.click(within(card('enterprise')).getByRole('button', { name: 'Switch to this plan Enterprise' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Change to Enterprise?' });
    expect(dialog).toHaveTextContent('A bigger plan tops this month up to its allowance (50,000 tokens a month); a smaller one keeps your balance until the next refill.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.requests.some((request) => request.path === '/api/change-package')).toBe(false);

    fireEvent.click(within(card('enterprise')).getByRole('button', { name: 'Switch to this plan Enterprise' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText('Your plan is now Enterprise.', { selector: '.toast-success .toast-title' })).toBeInTheDocument();
    expect(server.requests.find((request) => request.path === '/api/change-package')?.body).toEqual({ packageId: 'enterprise' });
    await waitFor(() => expect(card('enterprise')).toHaveAttribute('data-current', 'true'));
    expect(checkoutRequests(server)).toEqual([]);
  });

  test('a plan change when the subscription has ended meanwhile goes to Checkout instead (checkout_required)', async () => {
    const server = createFakeBillingServer();
    subscribed(server.state);
    await openPlans({ server });
    // Stripe ended the subscription after the page loaded.
    server.state.subscriptions = [];
    fireEvent.click(within(card('enterprise')).getByRole('button', { name: /^Switch to this plan/ }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Change plan' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/));
    expect(checkoutRequests(server)[0]?.body).toMatchObject({ packageId: 'enterprise' });
    expect(screen.queryByText('Failed to change plan', TOAST_ERROR)).not.toBeInTheDocument();
  });

  test('billing-api’s error codes read in the page’s language (subscription_exists, in German)', async () => {
    const server = createFakeBillingServer();
    server.failWith('POST', '/api/create-checkout-session', 409, { error: BILLING_MESSAGES.subscriptionExists, code: 'subscription_exists' });
    await openPlans({ server, language: 'de' });
    fireEvent.click(within(card('premium')).getByRole('button'));
    expect(await screen.findByText('Sie haben bereits ein Abonnement: Wechseln Sie dessen Tarif, statt ein zweites abzuschließen.', TOAST_ERROR)).toBeInTheDocument();
  });

  test('a failed plan change says “Failed to change plan” when the server gives no text', async () => {
    const server = createFakeBillingServer();
    subscribed(server.state);
    server.failBare('POST', '/api/change-package', 502);
    await openPlans({ server });
    fireEvent.click(within(card('basic')).getByRole('button', { name: /^Switch to this plan/ }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText('Failed to change plan', TOAST_ERROR)).toBeInTheDocument();
  });

  test('the plans fail to load: the toast and the alert say so; Try again loads them', async () => {
    const server = createFakeBillingServer();
    server.failBare('GET', '/api/packages/eligible', 500);
    renderBilling('/billing/plans', { server });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch plans');
    await waitFor(() => expect(screen.getAllByText('Failed to fetch plans')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('plans')).toBeInTheDocument();
  });

  test('shows skeletons while loading, and an empty state without plans', async () => {
    const server = createFakeBillingServer();
    server.state.packages = [];
    renderBilling('/billing/plans', { server });
    expect(await screen.findByTestId('plans-loading')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByTestId('plans-empty')).toHaveTextContent('No plans are available right now.');
  });

  test('is translated (fr): prices in French, texts from the catalog', async () => {
    await openPlans({ language: 'fr' });
    expect(screen.getByRole('radio', { name: 'Mensuel' })).toBeChecked();
    expect(screen.getByTestId('plan-premium-price').textContent).toMatch(/^29,00\s\$(US)?\s\/ mois$/);
    expect(screen.getByTestId('plan-premium-tokens').textContent).toMatch(/^10\s000 jetons par mois$/);
    expect(within(card('premium')).getByRole('button', { name: 'S’abonner à Avancé' })).toBeInTheDocument();
    expect(within(card('free')).getByText('Formule actuelle')).toBeInTheDocument();
  });

  test('signed out: sent to sign in, nothing fetched', async () => {
    const { server } = renderBilling('/billing/plans', { user: null });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/signin?next=${encodeURIComponent('/billing/plans')}`));
    expect(server.requests).toEqual([]);
  });
});
