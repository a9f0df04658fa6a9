// Plan entitlements in the browser (issue 16): a new user on the Free plan
// copies a template with a webhook trigger. Asking for its webhook address,
// the service refuses (403 plan_required, naming Basic), and the builder says
// so in the user's words with a link to the plan that unlocks it; the plans
// page then marks Basic. The refusal is the service's, not a hidden button.
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { freshEmail, signUpThroughPage } from '../support/signUp';
import { copyTemplate } from '../support/templates';

let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  context = await launchBrowser();
  ({ page, pageErrors } = await newPage(context));
});

afterAll(async () => {
  await context?.close();
});

test('a Free user is refused webhook triggers by the service, told why, and led to the plan that has them', async () => {
  await signUpThroughPage(page, { email: freshEmail('free-plan'), password: 'free-plan-password-1', displayName: 'Fran Free' });
  await page.getByTestId('token-count').waitFor();
  await copyTemplate(page, 'Work-order intake');

  // Selecting the webhook trigger asks platform-api for the address: it refuses.
  const refusal = page.waitForResponse((response) => /\/api\/workflows\/[^/]+\/webhook$/.test(new URL(response.url()).pathname) && response.request().method() === 'GET');
  await page.locator('[data-testid="builder-node"][data-node-id="trigger"]').click();
  const answer = await refusal;
  expect(answer.status()).toBe(403);
  expect(await answer.json()).toMatchObject({ code: 'plan_required', plan: 'basic', feature: 'webhookTriggers' });

  const panel = page.getByTestId('webhook-panel');
  await panel.getByText('Your plan does not include webhook triggers.').waitFor();
  await panel.getByText('It is available from the Basic plan.').waitFor();
  expect(await panel.getByTestId('webhook-url').count()).toBe(0);
  const upgrade = panel.getByRole('link', { name: 'Upgrade to Basic' });
  expect(await upgrade.getAttribute('href')).toBe('/billing/plans?plan=basic');

  await upgrade.click();
  await page.waitForURL((url) => url.pathname === '/billing/plans' && url.searchParams.get('plan') === 'basic');
  const basic = page.getByTestId('plan-basic');
  await basic.getByTestId('plan-unlocks').waitFor();
  expect(await basic.getAttribute('data-unlocks')).toBe('true');
  expect(await page.getByTestId('plan-free').getAttribute('data-current')).toBe('true');
  // What Free lacks is said on its card, as the service enforces it.
  expect(await page.getByTestId('plan-free').textContent()).toContain('Not included');
  expect(pageErrors).toEqual([]);
});
