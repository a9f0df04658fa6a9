// Connectors in the browser: a new user connects HubSpot by signing in on
// the (fake) HubSpot consent page, builds "new form lead → create HubSpot
// deal → post to Slack" from the palette and the apps' forms (no JSON
// typed), runs it from the run form, and finds the deal in the fake HubSpot
// and the message in the fake Slack. The fakes (test code from
// platform-api/src/connectors/*/testing) listen where the e2e stack pointed
// platform-api (testConnectorEnv).
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { startStackApps, type StackApps } from '../support/fakeApps';
import { freshEmail, signUpThroughPage } from '../support/signUp';
import { copyTemplate } from '../support/templates';

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let apps: StackApps;

const SLACK_TOKEN = 'xoxb-e2e-sales-bot-token';

beforeAll(async () => {
  apps = await startStackApps(SLACK_TOKEN);
  context = await launchBrowser();
  ({ page, pageErrors } = await newPage(context));
});

afterAll(async () => {
  await context?.close();
  await apps?.close();
});

const nodes = () => page.locator('[data-testid="builder-node"]');
const nodeById = (id: string) => page.locator(`[data-testid="builder-node"][data-node-id="${id}"]`);
const panel = () => page.getByTestId('config-panel');

/** Adds a palette entry found by search; resolves with the new node's id (it is selected). */
async function addFromPalette(search: string, entry: string): Promise<string> {
  const before = new Set(await nodes().evaluateAll((all) => all.map((n) => n.getAttribute('data-node-id'))));
  await page.getByLabel('Search steps and apps').fill(search);
  await page.locator(`button[data-entry="${entry}"]`).click();
  await page.getByLabel('Search steps and apps').fill('');
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="builder-node"]').length === count + 1, before.size);
  const ids = await nodes().evaluateAll((all) => all.map((n) => n.getAttribute('data-node-id')));
  return ids.find((id) => id !== null && !before.has(id))!;
}

/** Connects `from` to `to` from `from`'s configuration (the keyboard and touch way). */
async function connect(from: string, to: string): Promise<void> {
  await nodeById(from).click();
  // A step added after the selected one is connected already (issue 19): nothing to do then.
  const choices = await panel().getByLabel('Connect to').locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  if (!choices.includes(to)) return;
  await panel().getByLabel('Connect to').selectOption(to);
  await panel().getByRole('button', { name: 'Connect', exact: true }).click();
}

test('connect HubSpot through its consent page, build form lead → HubSpot deal → Slack from the palette, run it, and find the deal and the message at the apps', async () => {
  const channel = apps.slack.addChannel('sales');
  await signUpThroughPage(page, { email: freshEmail('apps'), password: 'apps-password-1', displayName: 'Apps' });

  // Start from a copied template whose form asks for the lead, and keep only its trigger.
  const workflowPath = await copyTemplate(page, 'Follow-up e-mail');
  await nodes().first().waitFor();
  for (;;) {
    const other = page.locator('[data-testid="builder-node"]:not([data-node-type^="trigger"])').first();
    if ((await other.count()) === 0) break;
    await other.click();
    await page.keyboard.press('Delete');
  }
  const triggerId = (await page.locator('[data-testid="builder-node"][data-node-type^="trigger"]').getAttribute('data-node-id'))!;

  // HubSpot → Create deal, from the palette; its account by signing in at HubSpot.
  const dealId = await addFromPalette('hubspot deal', 'app:hubspot.createDeal');
  await panel().getByTestId('app-step-form').waitFor();
  await panel().getByRole('button', { name: 'Connect HubSpot' }).click();
  await page.waitForURL((url) => url.port === String(new URL(apps.auth.url).port) && url.pathname === '/authorize');
  await page.locator('#allow').click();
  // Back in the builder, the new account is picked on the step that asked for it.
  await page.waitForURL((url) => url.pathname === workflowPath && !url.search.includes('connected'));
  await nodeById(dealId).waitFor();
  if (!(await panel().getByTestId('app-step-form').isVisible())) await nodeById(dealId).click();
  await page.waitForFunction(() => {
    const select = document.querySelector<HTMLSelectElement>('[data-testid="account-picker"] select');
    return !!select && select.value !== '' && (select.selectedOptions[0]?.textContent ?? '').includes('globex.hubspot.test');
  });
  await panel().getByLabel(/^Deal name/).fill('Lead: {{ input.company }}');
  await panel().getByLabel(/^Deal stage/).selectOption('qualifiedtobuy');
  await connect(triggerId, dealId);

  // Slack → Post message; Slack takes a bot token: the short form right in the step.
  const slackId = await addFromPalette('slack post', 'app:slack.postMessage');
  await panel().getByRole('button', { name: 'Connect Slack' }).click();
  await panel().getByLabel(/^Token/).fill(SLACK_TOKEN);
  await panel().getByRole('button', { name: 'Save' }).click();
  await page.waitForFunction(() => (document.querySelector<HTMLSelectElement>('[data-testid="account-picker"] select')?.value ?? '') !== '');
  await panel().getByLabel(/^Channel/).fill(channel.id);
  // The deal step's output ({id, properties}) by its node id.
  await panel().getByLabel(/^Message text/).fill(`New lead {{ input.company }}: HubSpot deal {{ \`${dealId}\`.id }}`);
  await connect(dealId, slackId);

  // Every step is complete: no problem markers, everything saved.
  await page
    .waitForFunction(() => [...document.querySelectorAll('[data-testid="builder-node"]')].every((n) => n.getAttribute('data-problems') === '0'), undefined, { timeout: 10_000 })
    .catch(async (error: unknown) => {
      // Say which problem is left.
      throw new Error(`${String(error)}\nProblems: ${await page.getByTestId('problems-list').textContent()}`);
    });
  await page.waitForFunction(() => document.querySelector('[data-testid="save-status"]')?.textContent?.includes('All changes saved'));

  // Run it from the form the trigger's fields make.
  await page.getByTestId('builder-run').click();
  const form = page.getByTestId('run-form');
  await form.waitFor();
  await form.getByLabel(/^Contact name/).fill('Ada Lovelace');
  await form.getByLabel(/^Company/).fill('Globex');
  await form.getByLabel(/^Notes from the call/).fill('Inbound from the pricing page: 40 seats.');
  await form.getByLabel(/^Your name/).fill('Sam');
  await form.getByRole('button', { name: 'Start run' }).click();
  await page.waitForURL((url) => url.pathname.startsWith(`${workflowPath}/runs/`));
  await page.locator('[data-testid="run-view"][data-status="succeeded"]').waitFor({ timeout: 30_000 });

  // The deal is at HubSpot, linked in the message Slack got.
  const deal = apps.hubspot.deals.find((d) => d.properties.dealname === 'Lead: Globex');
  expect(deal).toBeDefined();
  expect(deal!.properties.dealstage).toBe('qualifiedtobuy');
  expect(apps.slack.messages).toEqual([expect.objectContaining({ channel: channel.id, text: `New lead Globex: HubSpot deal ${deal!.id}` })]);
  // HubSpot was called with the token the sign-in gave, never one the browser saw.
  const issued = apps.auth.issued.at(-1)!;
  expect(apps.hubspot.requests.filter((r) => r.method === 'POST').every((r) => r.authorization === `Bearer ${issued.accessToken}`)).toBe(true);
  expect(await page.content()).not.toContain(issued.accessToken);
  expect(pageErrors).toEqual([]);
});
