// Billing with Stripe in Chromium, against the fake Stripe (started here on the
// stack's Stripe port, delivering signed webhooks to billing-api): a free user
// picks Premium monthly, Stripe.js (a double) sends them to the test Checkout
// page, they pay and come back to Premium with its allowance; then they switch
// to yearly billing, make another card the default and delete the first, open
// an invoice, and cancel. Every step is checked again after a reload, and in
// the fake Stripe's own state.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { startFakeStripe, type FakeStripe } from '../../billing-api/src/testing/fakeStripe';
import { launchBrowser, newPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { freshEmail, signUpThroughPage } from '../support/signUp';
import { shellUrl } from '../support/stack';
import { serveStripeJsDouble, stackStripeEnv } from '../support/stripeJs';

const ROOT = path.resolve(__dirname, '../..');

let fake: FakeStripe;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let stripeJs: { loads: string[] };
/** Set by the checkout test, used by the ones after it. */
let sessionId = '';

beforeAll(async () => {
  const stripe = stackStripeEnv();
  fake = await startFakeStripe({ port: stripe.port, webhookUrl: `${stripe.billingApiUrl}/api/webhooks/stripe`, webhookSecret: stripe.webhookSecret, emitApiEvents: true });
  // The plans' products and prices, stored on the packages, as `npm run stripe:sync` makes them.
  // Asynchronously: the fake answers from this very process.
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'billing-api/dist/stripe/syncCli.js')], { env: { ...process.env, ...stripe.env } });
  expect(stripe.publishableKey).toMatch(/^pk_test_/); // so the browser goes through Stripe.js
  context = await launchBrowser();
  stripeJs = await serveStripeJsDouble(context, fake.url);
  ({ page, pageErrors } = await newPage(context));
});

afterAll(async () => {
  await context?.close();
  await fake?.close();
});

const text = async (testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();
const waitForText = (testId: string, wanted: string | RegExp, timeout = 15_000) =>
  page.waitForFunction(
    ({ id, source, flags }) => new RegExp(source, flags).test(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''),
    { id: testId, source: typeof wanted === 'string' ? wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : wanted.source, flags: typeof wanted === 'string' ? '' : wanted.flags },
    { timeout },
  );
const toast = (title: string) => page.locator('.toast-title', { hasText: title }).first().waitFor();
const openBilling = async () => {
  await page.goto(shellUrl('/billing'));
  await page.getByTestId('subscription-plan').waitFor();
};
const subscription = () => fake.subscriptions.get(String(fake.checkoutSessions.get(sessionId)?.subscription));
const customerId = () => String(fake.checkoutSessions.get(sessionId)?.customer);

test('a free user picks Premium monthly, pays on the test Checkout page, and comes back to Premium with its token allowance', async () => {
  await signUpThroughPage(page, { email: freshEmail('buyer'), password: 'buyer-password-1', displayName: 'Bea Buyer' });
  await eventually(() => text('token-count'), (value) => value === '100 tokens');

  await page.goto(shellUrl('/billing/plans'));
  await page.getByTestId('plan-premium').waitFor();
  expect(await page.getByTestId('plan-free').getAttribute('data-current')).toBe('true');
  expect(await page.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
  expect(await text('plan-premium-price')).toBe('$29.00 / month');
  expect(await text('plan-premium-tokens')).toBe('10,000 tokens a month');
  expect(stripeJs.loads).toEqual([]); // Stripe.js is not part of the plans page

  await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
  await page.waitForURL((url) => url.origin === fake.url && url.pathname.startsWith('/checkout/'));
  expect(stripeJs.loads).toHaveLength(1);
  sessionId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  const session = fake.checkoutSessions.get(sessionId);
  expect(session).toMatchObject({ mode: 'subscription', metadata: { packageId: 'premium' } });
  await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
  expect(await text('checkout-amount')).toBe('29.00 USD / month');

  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL((url) => url.origin === new URL(shellUrl()).origin && url.pathname === '/billing/success');
  expect(new URL(page.url()).searchParams.get('session_id')).toBe(sessionId);
  await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
  await waitForText('checkout-success-plan', 'You are now on Premium: 10,000 tokens a month.');
  // The header's balance: Premium's 10,000 for this month (the free 100 already granted plus 9,900), granted once by the webhook.
  await eventually(() => text('token-count'), (value) => /^10,?000 tokens$/.test(value));

  // After a reload: Premium, monthly, active, with the allowance in the header.
  await page.reload();
  await waitForText('checkout-success-plan', 'You are now on Premium');
  await openBilling();
  expect(await text('subscription-plan')).toBe('Premium · 10,000 tokens a month');
  expect(await page.getByTestId('subscription-status').getAttribute('data-status')).toBe('active');
  expect(await text('subscription-interval')).toBe('Billed monthly');
  await eventually(() => text('token-count'), (value) => /^10,?000 tokens$/.test(value));
  await page.getByTestId('invoice-table').waitFor();
  expect(pageErrors).toEqual([]);
});

test('switches to yearly billing; the page and Stripe say yearly after a reload', async () => {
  await openBilling();
  await page.getByRole('button', { name: 'Switch to yearly billing' }).click();
  await toast('You are now billed yearly.');
  await page.locator('[data-testid="subscription-interval"][data-interval="year"]').waitFor();
  expect(subscription()?.items.data[0].price.recurring.interval).toBe('year');

  await page.reload();
  await page.getByTestId('subscription-plan').waitFor();
  expect(await text('subscription-interval')).toBe('Billed yearly');
  expect(await page.getByRole('button', { name: 'Switch to monthly billing' }).isEnabled()).toBe(true);
  expect(pageErrors).toEqual([]);
});

test('makes a second card the default and deletes the first; both stick after a reload', async () => {
  // The card paid with at checkout is the default; a second one arrives through the fake's controls (as the portal would add it).
  const visa = [...fake.paymentMethods.values()].find((pm) => pm.customer === customerId());
  expect(visa?.id).toMatch(/^pm_/);
  const mastercard = fake.addPaymentMethod(customerId(), { brand: 'mastercard', last4: '4444', expMonth: 8, expYear: 2031 });
  expect(visa!.card.last4).toBe('4242');

  await openBilling();
  const row = (id: string) => page.getByTestId(`payment-method-${id}`);
  await row(mastercard.id).waitFor();
  expect(await row(visa!.id).getAttribute('data-default')).toBe('true');
  expect(await row(mastercard.id).getAttribute('data-default')).toBe('false');

  await page.getByRole('button', { name: 'Set as default Mastercard ending in 4444' }).click();
  await toast('Mastercard ending in 4444 is now your default payment method.');
  await page.locator(`[data-testid="payment-method-${mastercard.id}"][data-default="true"]`).waitFor();
  expect(fake.customers.get(customerId())?.invoice_settings.default_payment_method).toBe(mastercard.id);

  await page.reload();
  await row(mastercard.id).waitFor();
  expect(await row(mastercard.id).getAttribute('data-default')).toBe('true');
  expect(await row(visa!.id).getAttribute('data-default')).toBe('false');

  await page.getByRole('button', { name: 'Delete Visa ending in 4242' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Visa ending in 4242?' });
  await dialog.getByRole('button', { name: 'Delete card' }).click();
  await toast('Visa ending in 4242 was deleted.');
  await row(visa!.id).waitFor({ state: 'detached' });
  expect(fake.paymentMethods.get(visa!.id)?.customer ?? null).toBeNull();

  await page.reload();
  await row(mastercard.id).waitFor();
  expect(await page.locator('[data-testid^="payment-method-pm_"]').count()).toBe(1);
  expect(pageErrors).toEqual([]);
});

test('opens an invoice in a new tab: the hosted invoice page', async () => {
  await openBilling();
  const table = page.getByTestId('invoice-table');
  await table.waitFor();
  const link = table.getByRole('link', { name: /^View invoice / }).first();
  const href = await link.getAttribute('href');
  expect(href?.startsWith(`${fake.url}/invoices/in_`)).toBe(true);
  expect(await link.getAttribute('target')).toBe('_blank');
  const [invoicePage] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await invoicePage.waitForLoadState();
  expect(invoicePage.url()).toBe(href);
  expect(await invoicePage.getByTestId('invoice-summary').textContent()).toMatch(/paid$/);
  await invoicePage.close();
  expect(pageErrors).toEqual([]);
});

test('cancels the subscription at the period’s end; still shown after a reload', async () => {
  await openBilling();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await toast('Your subscription will end on');
  await page.getByTestId('subscription-cancels').waitFor();
  expect(subscription()?.cancel_at_period_end).toBe(true);

  await page.reload();
  await page.getByTestId('subscription-plan').waitFor();
  await eventually(() => text('subscription-cancels'), (value) => value === 'Cancels at period end');
  expect(await text('subscription-period-end')).toMatch(/^Your plan stays active until .+; you will not be charged again\.$/);
  expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
  // Still Premium until the period ends.
  expect(await text('subscription-plan')).toBe('Premium · 10,000 tokens a month');
  expect(pageErrors).toEqual([]);
});
