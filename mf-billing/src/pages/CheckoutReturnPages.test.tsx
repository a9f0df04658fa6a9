import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createFakeBillingServer, subscribed } from '../testing/fakeBillingServer';
import { renderBilling, restoreFetch } from '../testing/renderBilling';
import { SUCCESS_POLL_ATTEMPTS, SUCCESS_POLL_MS } from './CheckoutReturnPages';

afterEach(() => {
  restoreFetch();
  jest.useRealTimers();
});

const SUCCESS = '/billing/success?session_id=cs_test_42';
const reads = (server: ReturnType<typeof createFakeBillingServer>, path: string) => server.requests.filter((request) => request.path === path).length;

describe('Checkout success page', () => {
  test('thanks the buyer, polls until the webhook has landed, then names the plan and refreshes the membership', async () => {
    const server = createFakeBillingServer();
    renderBilling(SUCCESS, { server });
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByText('Your payment was received.')).toBeInTheDocument();
    expect(await screen.findByTestId('checkout-success-pending')).toHaveTextContent('Activating your plan…');
    expect(document.title).toBe('Agentflow · Thank you!');
    const summariesBefore = reads(server, '/api/tokens/summary');

    // Stripe's webhook reaches billing-api a moment later.
    subscribed(server.state, 'premium');
    const plan = await screen.findByTestId('checkout-success-plan', {}, { timeout: SUCCESS_POLL_MS * 3 });
    expect(plan).toHaveTextContent('You are now on Premium: 10,000 tokens a month.');
    expect(plan).toHaveAttribute('data-plan', 'premium');
    // The header's membership (role, token count) is read again.
    await waitFor(() => expect(reads(server, '/api/tokens/summary')).toBeGreaterThan(summariesBefore));
    // And the polling stops.
    const membershipReads = reads(server, '/api/membership');
    await new Promise((resolve) => setTimeout(resolve, SUCCESS_POLL_MS * 1.5));
    expect(reads(server, '/api/membership')).toBeLessThanOrEqual(membershipReads + 1);
    expect(screen.getByRole('link', { name: 'Go to billing' })).toHaveAttribute('href', '/billing');
    expect(screen.getByRole('link', { name: 'View usage' })).toHaveAttribute('href', '/billing/usage');
  });

  test('already landed on arrival: the plan shows at once', async () => {
    const server = createFakeBillingServer();
    subscribed(server.state, 'basic', 'year');
    renderBilling(SUCCESS, { server });
    expect(await screen.findByTestId('checkout-success-plan')).toHaveTextContent('You are now on Basic: 2,000 tokens a month.');
  });

  test('gives up after a while with a message and a Check again button', async () => {
    jest.useFakeTimers();
    const server = createFakeBillingServer();
    renderBilling(SUCCESS, { server });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SUCCESS_POLL_MS * (SUCCESS_POLL_ATTEMPTS + 3));
    });
    expect(screen.getByTestId('checkout-success-slow')).toHaveTextContent('Your plan is taking longer than usual to appear.');
    const polled = reads(server, '/api/membership');
    expect(polled).toBeGreaterThanOrEqual(SUCCESS_POLL_ATTEMPTS);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SUCCESS_POLL_MS * 5);
    });
    expect(reads(server, '/api/membership')).toBe(polled); // stopped

    subscribed(server.state, 'premium');
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SUCCESS_POLL_MS);
    });
    expect(screen.getByTestId('checkout-success-plan')).toHaveTextContent('You are now on Premium');
  });

  test('is translated (de)', async () => {
    const server = createFakeBillingServer();
    subscribed(server.state, 'premium');
    renderBilling(SUCCESS, { server, language: 'de' });
    expect(await screen.findByRole('heading', { name: 'Vielen Dank!' })).toBeInTheDocument();
    expect((await screen.findByTestId('checkout-success-plan')).textContent).toBe('Sie haben jetzt den Tarif Erweitert: 10.000 Tokens pro Monat.');
  });

  test('signed out: sent to sign in', async () => {
    const { server } = renderBilling(SUCCESS, { user: null });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/signin?next=${encodeURIComponent(SUCCESS)}`));
    expect(server.requests).toEqual([]);
  });
});

describe('Checkout cancel page', () => {
  test('says nothing was charged and leads back to the plans', async () => {
    const { server } = renderBilling('/billing/cancel');
    expect(await screen.findByRole('heading', { name: 'Checkout canceled' })).toBeInTheDocument();
    expect(screen.getByText('Nothing was charged. You can pick a plan again whenever you like.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Back to plans' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/billing/plans'));
    expect(server.pageRequests().filter((request) => request.method === 'POST')).toEqual([]);
  });

  test('is translated (it)', async () => {
    renderBilling('/billing/cancel', { language: 'it' });
    expect(await screen.findByRole('heading', { name: 'Pagamento annullato' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna ai piani' })).toBeInTheDocument();
  });
});
