import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BILLING_MESSAGES } from '@agentflow/shared';
import { browserLocation } from '../api/checkout';
import { createFakeBillingServer, subscribed, type FakeBillingServer } from '../testing/fakeBillingServer';
import { renderBilling, restoreFetch } from '../testing/renderBilling';

let assign: jest.SpyInstance;
let consoleError: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  restoreFetch();
  jest.restoreAllMocks();
});

function subscribedServer(interval: 'month' | 'year' = 'month'): FakeBillingServer {
  const server = createFakeBillingServer();
  subscribed(server.state, 'premium', interval);
  return server;
}

async function openOverview(options: Parameters<typeof renderBilling>[1] = {}) {
  const rendered = renderBilling('/billing', options);
  await screen.findByTestId(rendered.server.state.subscriptions.length > 0 ? 'subscription-plan' : 'subscription-none');
  return rendered;
}

const posted = (server: FakeBillingServer, path: string) => server.requests.filter((request) => request.method === 'POST' && request.path === path);
const method = (id: string) => screen.getByTestId(`payment-method-${id}`);

describe('Billing overview: without a subscription', () => {
  test('offers the plans; no payment methods, no invoices, no upcoming invoice; Stripe is not asked without a customer', async () => {
    const { server } = await openOverview();
    expect(screen.getByTestId('subscription-none')).toHaveTextContent('You have no paid subscription.');
    expect(within(screen.getByTestId('subscription')).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing/plans');
    expect(screen.queryByTestId('manage-billing')).not.toBeInTheDocument();
    expect(await screen.findByTestId('payment-methods-empty')).toHaveTextContent('No payment methods');
    expect(screen.getByTestId('invoices-empty')).toHaveTextContent('No invoices yet');
    expect(screen.queryByTestId('upcoming-invoice')).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
    // The token links are still there.
    expect(screen.getByRole('link', { name: 'View usage' })).toHaveAttribute('href', '/billing/usage');
    expect(screen.getByTestId('billing-plan')).toHaveTextContent('Your plan: Free');
  });
});

describe('Billing overview: subscribed to Premium', () => {
  test('shows the plan, status, cycle, period end, upcoming invoice, cards and invoices', async () => {
    const { server } = await openOverview({ server: subscribedServer() });
    expect(screen.getByTestId('subscription-plan')).toHaveTextContent('Premium · 10,000 tokens a month');
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Active');
    expect(screen.queryByTestId('subscription-cancels')).not.toBeInTheDocument();
    expect(screen.getByTestId('subscription-interval')).toHaveTextContent('Billed monthly');
    expect(screen.getByTestId('subscription-period-end')).toHaveTextContent('Current period ends on July 1, 2999');

    const upcoming = await screen.findByTestId('upcoming-invoice');
    expect(upcoming).toHaveTextContent('Next charge: $29.00 on July 1, 2999');
    expect(upcoming).toHaveTextContent('For the period July 1, 2999 – August 1, 2999');

    await screen.findByTestId('payment-method-pm_visa');
    expect(method('pm_visa')).toHaveTextContent('Visa ending in 4242');
    expect(method('pm_visa')).toHaveTextContent('Expires 04/2030');
    expect(within(method('pm_visa')).getByText('Default')).toBeInTheDocument();
    expect(within(method('pm_visa')).queryByRole('button', { name: /^Set as default/ })).not.toBeInTheDocument();
    expect(within(method('pm_mc')).queryByText('Default')).not.toBeInTheDocument();
    expect(within(method('pm_mc')).getByRole('button', { name: 'Set as default Mastercard ending in 4444' })).toBeInTheDocument();

    const row = await screen.findByTestId('invoice-in_1');
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['June 1, 2024', '$29.00', 'Paid', 'ViewPDF']);
    expect(within(row).getByRole('rowheader')).toHaveTextContent('AF-0001');
    const view = within(row).getByRole('link', { name: 'View invoice AF-0001 (opens in a new tab)' });
    expect(view).toHaveAttribute('href', 'https://invoice.stripe.test/i/in_1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(row).getByRole('link', { name: 'Download invoice AF-0001 as PDF (opens in a new tab)' })).toHaveAttribute('href', 'https://invoice.stripe.test/i/in_1/pdf');

    expect(posted(server, '/api/payment-methods')[0]?.body).toEqual({ customerId: 'cus_test_1' });
    expect(posted(server, '/api/invoices')[0]?.body).toEqual({ customerId: 'cus_test_1' });
    expect(posted(server, '/api/upcoming-invoice')[0]?.body).toEqual({ customerId: 'cus_test_1' });
  });

  test('no upcoming invoice (null): nothing is shown for it', async () => {
    const server = subscribedServer();
    server.state.upcoming = null;
    await openOverview({ server });
    await screen.findByTestId('invoice-in_1');
    expect(posted(server, '/api/upcoming-invoice')).toHaveLength(1);
    expect(screen.queryByTestId('upcoming-invoice')).not.toBeInTheDocument();
  });

  test('change billing cycle: monthly → yearly with the yearly price, then back is offered', async () => {
    const { server } = await openOverview({ server: subscribedServer() });
    fireEvent.click(screen.getByRole('button', { name: 'Switch to yearly billing' }));
    expect(await screen.findByText('You are now billed yearly.')).toBeInTheDocument();
    expect(posted(server, '/api/change-billing-cycle')[0]?.body).toEqual({ subscriptionId: 'sub_test_1', newPriceId: 'price_premium_year', customerId: 'cus_test_1' });
    await waitFor(() => expect(screen.getByTestId('subscription-interval')).toHaveTextContent('Billed yearly'));
    expect(screen.getByRole('button', { name: 'Switch to monthly billing' })).toBeEnabled();
  });

  test('yearly → monthly sends the monthly price', async () => {
    const { server } = await openOverview({ server: subscribedServer('year') });
    fireEvent.click(screen.getByRole('button', { name: 'Switch to monthly billing' }));
    expect(await screen.findByText('You are now billed monthly.')).toBeInTheDocument();
    expect(posted(server, '/api/change-billing-cycle')[0]?.body).toMatchObject({ newPriceId: 'price_premium_month' });
  });

  test('a plan without a yearly price cannot switch cycle', async () => {
    const server = subscribedServer();
    server.state.packages = server.state.packages.map((pkg) => (pkg.id === 'premium' ? { ...pkg, stripePriceIdYearly: null } : pkg));
    await openOverview({ server });
    expect(screen.getByRole('button', { name: 'Switch to yearly billing' })).toBeDisabled();
  });

  test('cancel asks first: Keep changes nothing; confirming cancels at period end', async () => {
    const { server } = await openOverview({ server: subscribedServer() });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    expect(within(dialog).getByRole('button', { name: 'Keep subscription' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posted(server, '/api/cancel-subscription')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Your subscription will end on July 1, 2999.')).toBeInTheDocument();
    expect(posted(server, '/api/cancel-subscription')[0]?.body).toEqual({ subscriptionId: 'sub_test_1' });
    expect(await screen.findByTestId('subscription-cancels')).toHaveTextContent('Cancels at period end');
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Canceled');
    expect(screen.getByTestId('subscription-period-end')).toHaveTextContent('Your plan stays active until July 1, 2999; you will not be charged again.');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch to yearly billing' })).not.toBeInTheDocument();
  });

  test('change plan: pick a plan, confirm, and the new plan shows', async () => {
    const { server } = await openOverview({ server: subscribedServer() });
    const select = await screen.findByRole('combobox', { name: 'New plan' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Change plan', 'Basic · 2,000 tokens a month', 'Enterprise · 50,000 tokens a month']);
    expect(screen.getByRole('button', { name: 'Change to this plan' })).toBeDisabled();
    fireEvent.change(select, { target: { value: 'enterprise' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change to this plan' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Change to Enterprise?' })).getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText('Your plan is now Enterprise.')).toBeInTheDocument();
    expect(posted(server, '/api/change-package')[0]?.body).toEqual({ packageId: 'enterprise' });
    await waitFor(() => expect(screen.getByTestId('subscription-plan')).toHaveTextContent('Enterprise · 50,000 tokens a month'));
  });

  test('set default: the card becomes the default', async () => {
    const { server } = await openOverview({ server: subscribedServer() });
    fireEvent.click(await screen.findByRole('button', { name: 'Set as default Mastercard ending in 4444' }));
    expect(await screen.findByText('Mastercard ending in 4444 is now your default payment method.')).toBeInTheDocument();
    expect(posted(server, '/api/set-default-payment-method')[0]?.body).toEqual({ customerId: 'cus_test_1', paymentMethodId: 'pm_mc' });
    await waitFor(() => expect(method('pm_mc')).toHaveAttribute('data-default', 'true'));
    expect(method('pm_visa')).toHaveAttribute('data-default', 'false');
  });

  test('delete asks first: Keep card changes nothing; confirming removes the card', async () => {
    const { server } = await openOverview({ server: subscribedServer() });
    const deleteMc = async () => within(await screen.findByTestId('payment-method-pm_mc')).getByRole('button', { name: 'Delete Mastercard ending in 4444' });
    fireEvent.click(await deleteMc());
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Mastercard ending in 4444?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep card' }));
    expect(posted(server, '/api/delete-payment-method')).toEqual([]);
    fireEvent.click(await deleteMc());
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete card' }));
    expect(await screen.findByText('Mastercard ending in 4444 was deleted.')).toBeInTheDocument();
    expect(posted(server, '/api/delete-payment-method')[0]?.body).toEqual({ paymentMethodId: 'pm_mc' });
    await waitFor(() => expect(screen.queryByTestId('payment-method-pm_mc')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('Manage billing opens the portal session for the customer, returning to billing', async () => {
    const { server } = await openOverview({ server: subscribedServer() });
    fireEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/p/session/bps_1'));
    expect(posted(server, '/api/create-portal-session')[0]?.body).toEqual({ customerId: 'cus_test_1', returnUrl: `${window.location.origin}/billing` });
  });

  test('Stripe not configured: actions say so in the user’s words (never the operator’s instructions); reads are empty', async () => {
    const server = subscribedServer();
    server.state.stripeConfigured = false;
    await openOverview({ server });
    expect(await screen.findByTestId('payment-methods-empty')).toHaveTextContent('No payment methods');
    expect(await screen.findByTestId('invoices-empty')).toHaveTextContent('No invoices yet');
    fireEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    expect(await screen.findByText('Payments are not set up on this server yet, so plans can’t be bought for now. Your workflows and tokens keep working.')).toBeInTheDocument();
    expect(screen.queryByText(BILLING_MESSAGES.notConfigured, { exact: false })).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('Billing overview: failures become toasts with the server’s text or the fallback', () => {
  const click = (name: string) => async () => {
    fireEvent.click(await screen.findByRole('button', { name }));
  };
  const clickInDialog = (opener: string, confirm: string) => async () => {
    fireEvent.click(await screen.findByRole('button', { name: opener }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: confirm }));
  };
  const cases: Array<[string, string, string, () => Promise<void>]> = [
    ['POST', '/api/payment-methods', 'Failed to fetch payment methods', async () => undefined],
    ['POST', '/api/invoices', 'Failed to fetch invoices', async () => undefined],
    ['POST', '/api/upcoming-invoice', 'Failed to fetch upcoming invoice', async () => undefined],
    ['POST', '/api/set-default-payment-method', 'Failed to set default payment method', click('Set as default Mastercard ending in 4444')],
    ['POST', '/api/delete-payment-method', 'Failed to delete payment method', clickInDialog('Delete Mastercard ending in 4444', 'Delete card')],
    ['POST', '/api/create-portal-session', 'Failed to create portal session', click('Manage billing')],
    ['POST', '/api/change-billing-cycle', 'Failed to change billing cycle', click('Switch to yearly billing')],
    ['POST', '/api/cancel-subscription', 'Failed to cancel subscription', clickInDialog('Cancel subscription', 'Cancel subscription')],
  ];

  test.each(cases)('%s %s without error text: “%s”, logged', async (verb, path, fallback, act) => {
    const server = subscribedServer();
    server.failBare(verb, path, 500);
    await openOverview({ server });
    await act();
    expect(await screen.findByText(fallback, { selector: '.toast-destructive .toast-title' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(`[billing] ${fallback}`);
  });

  test.each(cases)('%s %s with error text: the server’s text', async (verb, path, _fallback, act) => {
    const server = subscribedServer();
    server.fail(verb, path, 403, `Refused: ${path}`);
    await openOverview({ server });
    await act();
    expect(await screen.findByText(`Refused: ${path}`, { selector: '.toast-destructive .toast-title' })).toBeInTheDocument();
  });

  test('the subscription fails to load: “Failed to fetch subscription”', async () => {
    const server = subscribedServer();
    server.failBare('GET', '/api/subscription/history', 500);
    renderBilling('/billing', { server });
    expect(await screen.findByText('Failed to fetch subscription')).toBeInTheDocument();
  });

  test('a failed delete also says so inside the dialog', async () => {
    const server = subscribedServer();
    server.fail('POST', '/api/delete-payment-method', 403, 'Forbidden: this payment method is not yours');
    await openOverview({ server });
    await clickInDialog('Delete Mastercard ending in 4444', 'Delete card')();
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent('Forbidden: this payment method is not yours');
  });

});

describe('Billing overview: translated', () => {
  test('fr: amounts and dates in French', async () => {
    await openOverview({ server: subscribedServer(), language: 'fr' });
    expect(screen.getByTestId('subscription-plan').textContent).toMatch(/^Avancé · 10\s000 jetons par mois$/);
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Actif');
    const row = await screen.findByTestId('invoice-in_1');
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('1 juin 2024');
    expect(within(row).getAllByRole('cell')[1]?.textContent).toMatch(/^29,00\s\$(US)?$/);
    expect(within(row).getByRole('link', { name: 'Voir la facture AF-0001 (nouvel onglet)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gérer la facturation' })).toBeInTheDocument();
  });
});
