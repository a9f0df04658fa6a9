// Issue 20's control-flow journey as steps: a new Basic user starts a blank
// workflow with a webhook trigger, captures a real request as its sample
// ("Listen for test event"), builds "loop over the request's items → code
// step → HubSpot create contact (on error: error branch) → e-mail" from the
// palette and the panels, and later calls the webhook, opens the run and
// pages through the loop's items. Steps reuse the builder journey's helpers
// (translated words, openNode, pick, shoot); what is new here is the loop,
// the code editor, the node settings, connections by branch and the pager.
import type { Locator, Page } from 'playwright-core';
import { getAdminAuth, getAdminDb } from '@agentflow/shared/server';
import { desktop, pick, shoot, startBlankWorkflow, type Journey } from './builderJourney';
import { englishLeftIn, englishTextsTranslatedIn } from './englishLeft';
import { shellUrl } from './stack';

/** The people the webhook's body lists: one of them HubSpot already has (409), so that item takes the error branch. */
export const PEOPLE = [
  { name: 'Ada Lovelace', email: ' Ada@Example.com ' },
  { name: 'Grace Hopper', email: 'grace@example.com' },
  { name: 'Linus Torvalds', email: 'LINUS@example.com' },
];
export const ALREADY_IN_HUBSPOT = 'grace@example.com';
/** Who is told when a person could not be added. */
export const OPS_ADDRESS = 'ops@example.com';
/** The SMTP login the fake mail server (platform-api's connectors/email/testing) accepts. */
export const SMTP_LOGIN = { username: 'robot@agentflow.test', password: 'correct horse' };

/** The code step: each item's name split and its address cleaned, logged to the step record. */
export const CODE = [
  'const [firstname, ...rest] = input.item.name.trim().split(/\\s+/);',
  'const email = input.item.email.trim().toLowerCase();',
  'console.log("item", input.index, email);',
  'return { email, firstname, lastname: rest.join(" ") };',
].join('\n');

export interface ControlFlowIds {
  trigger: string;
  loop: string;
  code: string;
  hubspot: string;
  email: string;
}

const panel = (page: Page) => page.getByTestId('config-panel');
const nodes = (page: Page) => page.locator('[data-testid="builder-node"]');
const nodeById = (page: Page, id: string) => page.locator(`[data-testid="builder-node"][data-node-id="${id}"]`);

/** The account's team on Basic, where webhook triggers are (test setup: buying a plan is the billing test's). */
export async function putOnBasic(accountEmail: string): Promise<void> {
  const { uid } = await getAdminAuth().getUserByEmail(accountEmail);
  await getAdminDb().collection('userMemberships').doc(uid).set({ role: 'basic', tokensRemaining: 2000 }, { merge: true });
}

/** A blank workflow whose trigger is a webhook; the builder opens on it. */
export async function startWithWebhook(journey: Journey): Promise<void> {
  await startBlankWorkflow(journey, 'webhook');
}

/** The webhook trigger's address as its panel shows it. */
export async function webhookAddress(journey: Journey, triggerId: string): Promise<string> {
  const trigger = await desktop.openNode(journey, triggerId);
  const url = trigger.getByTestId('webhook-url');
  await url.waitFor();
  return url.inputValue();
}

/**
 * "Listen for test event", one real request to the shown address from the
 * test (it is captured, not run), and the capture shown in the panel.
 */
export async function captureTestEvent(journey: Journey, triggerId: string, body: unknown): Promise<void> {
  const { page, t } = journey;
  const W = 'workflows.webhookTrigger.listen.';
  const hookUrl = await webhookAddress(journey, triggerId);
  const listen = panel(page).getByTestId('webhook-listen');
  await listen.getByRole('button', { name: t(`${W}start`) }).click();
  await listen.getByRole('button', { name: t(`${W}stop`) }).waitFor();
  const delivery = await fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect({ status: delivery.status, body: await delivery.json() }).toEqual({ status: 200, body: { captured: true } });
  const capture = listen.getByTestId('webhook-capture');
  await capture.waitFor();
  await capture.getByText(new RegExp(escapeRegExp(t(`${W}captured`, { time: '§' })).replace('§', '.+'))).waitFor();
  // The body as it arrived: the sample the next steps pick from.
  const shown = JSON.parse((await capture.locator('details[open] pre').textContent()) ?? 'null') as unknown;
  expect(shown).toEqual(body);
  await capture.scrollIntoViewIfNeeded();
  await shoot(journey, '01-test-event-captured');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Adds the palette entry `entry` (data-entry) found by `search` after the selected node; resolves with the new node's id. */
export async function addFromPalette(journey: Journey, search: string, entry: string): Promise<string> {
  const { page, t } = journey;
  const before = new Set(await nodes(page).evaluateAll((all) => all.map((n) => n.getAttribute('data-node-id'))));
  const palette = await desktop.openPalette(journey);
  const searchbox = palette.getByRole('searchbox', { name: t('workflows.connectors.palette.search') });
  await searchbox.fill(search);
  await palette.locator(`button[data-entry="${entry}"]`).click();
  await searchbox.fill('');
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="builder-node"]').length === count + 1, before.size);
  const ids = await nodes(page).evaluateAll((all) => all.map((n) => n.getAttribute('data-node-id')));
  return ids.find((id) => id !== null && !before.has(id))!;
}

/** The outgoing connections of a node as its panel lists them ("For each item → Code"). */
async function connectionsOf(journey: Journey, nodeId: string): Promise<string[]> {
  const config = await desktop.openNode(journey, nodeId);
  return (await config.locator('.builder-connections li').allTextContents()).map((text) => text.replace('×', '').replace(/\s+/g, ' ').trim());
}

/** The loop after the trigger, its list picked from the captured sample with the field picker. */
export async function addLoop(journey: Journey, ids: ControlFlowIds): Promise<void> {
  const { t } = journey;
  await desktop.openNode(journey, ids.trigger);
  ids.loop = await addFromPalette(journey, t('workflows.builder.nodeTypes.loop').toLowerCase(), 'loop');
  const config = await desktop.openNode(journey, ids.loop);
  const items = config.getByLabel(t('workflows.builder.fields.loopItems'), { exact: true });
  await items.fill('');
  // The trigger's captured body is the run input's sample: its fields are offered.
  await pick(journey, items, t('workflows.mapping.picker.runInput'), 'items', '02-loop-items-picker');
  expect(await items.inputValue()).toBe('input.items');
  expect(await connectionsOf(journey, ids.trigger)).toEqual([`→ ${t('workflows.builder.nodeTypes.loop')}`]);
}

/** The code step on the loop's "For each item" output, its code typed into the editor. */
export async function addCode(journey: Journey, ids: ControlFlowIds): Promise<void> {
  const { page, t } = journey;
  await desktop.openNode(journey, ids.loop);
  ids.code = await addFromPalette(journey, t('workflows.builder.nodeTypes.code').toLowerCase(), 'code');
  const config = await desktop.openNode(journey, ids.code);
  const editor = config.getByRole('textbox', { name: t('workflows.code.label') });
  await editor.waitFor();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(CODE);
  // Parsed as it is typed: no syntax error under the editor; in the loop's body the hint names the item.
  await config.getByText(t('workflows.code.syntaxOk')).waitFor();
  await config.getByTestId('code-hint').getByText(t('workflows.code.hintItem')).waitFor();
  await config.getByTestId('code-field').scrollIntoViewIfNeeded();
  await shoot(journey, '03-code-step');
  expect(await connectionsOf(journey, ids.loop)).toEqual([`${t('workflows.canvas.branch.body')} → ${t('workflows.builder.nodeTypes.code')}`]);
}

/** HubSpot → Create contact after the code step, signed in on the (fake) consent page, its on-error setting "Error branch". */
export async function addHubSpot(journey: Journey, ids: ControlFlowIds, consentPort: number): Promise<void> {
  const { page, t } = journey;
  const K = 'workflows.connectors.';
  await desktop.openNode(journey, ids.code);
  ids.hubspot = await addFromPalette(journey, 'hubspot contact', 'app:hubspot.createContact');
  const workflowPath = new URL(page.url()).pathname;
  await panel(page).getByTestId('app-step-form').waitFor();
  await panel(page).getByRole('button', { name: t(`${K}connect.connect`, { app: 'HubSpot' }) }).click();
  await page.waitForURL((url) => url.port === String(consentPort) && url.pathname === '/authorize');
  await page.locator('#allow').click();
  await page.waitForURL((url) => url.pathname === workflowPath && !url.search.includes('connected'));
  await nodeById(page, ids.hubspot).waitFor();
  await page.waitForFunction(() => {
    const select = document.querySelector<HTMLSelectElement>('[data-testid="account-picker"] select');
    return !!select && select.value !== '' && (select.selectedOptions[0]?.textContent ?? '').includes('globex.hubspot.test');
  });
  const config = await desktop.openNode(journey, ids.hubspot);
  await config.getByLabel(new RegExp(`^${escapeRegExp(t(`${K}params.email`))}`)).fill(`{{ ${ids.code}.email }}`);
  await config.getByLabel(new RegExp(`^${escapeRegExp(t(`${K}params.firstname`))}`)).fill(`{{ ${ids.code}.firstname }}`);
  await config.getByLabel(new RegExp(`^${escapeRegExp(t(`${K}params.lastname`))}`)).fill(`{{ ${ids.code}.lastname }}`);
  const S = 'workflows.nodeSettings.';
  const settings = config.getByTestId('node-settings');
  await settings.getByLabel(t(`${S}onError`), { exact: true }).selectOption({ label: t(`${S}onErrorBranch`) });
  await settings.getByText(t(`${S}onErrorHint.branch`)).waitFor();
  // The card grows its red "Error" output.
  await nodeById(page, ids.hubspot).locator('[data-handleid="error"]').waitFor();
  await settings.scrollIntoViewIfNeeded();
  await shoot(journey, '04-hubspot-error-branch');
}

/**
 * E-mail → Send e-mail on HubSpot's error output: added after HubSpot (it
 * arrives on the main output), its SMTP account entered in the step, then
 * moved to the Error branch in HubSpot's Connections.
 */
export async function addEmailOnError(journey: Journey, ids: ControlFlowIds, smtpPort: number): Promise<void> {
  const { page, t } = journey;
  const K = 'workflows.connectors.';
  const C = 'workflows.credentials.';
  await desktop.openNode(journey, ids.hubspot);
  ids.email = await addFromPalette(journey, 'e-mail smtp', 'app:email.sendEmail');
  const config = await desktop.openNode(journey, ids.email);
  await config.getByRole('button', { name: t(`${K}connect.connect`, { app: 'E-mail (SMTP)' }) }).click();
  const form = config.getByTestId('credential-form');
  await form.waitFor();
  const field = (key: string) => form.getByLabel(new RegExp(`^${escapeRegExp(t(`${C}fields.${key}`))}`));
  await field('host').fill('127.0.0.1');
  await field('port').fill(String(smtpPort));
  await field('security').fill('none');
  await field('username').fill(SMTP_LOGIN.username);
  await field('password').fill(SMTP_LOGIN.password);
  await field('fromAddress').fill('Agentflow Robot <robot@agentflow.test>');
  await form.locator('button[type="submit"]').click();
  await form.waitFor({ state: 'detached' });
  await page.waitForFunction(() => (document.querySelector<HTMLSelectElement>('[data-testid="account-picker"] select')?.value ?? '') !== '');
  await config.getByLabel(new RegExp(`^${escapeRegExp(t(`${K}params.to`))}`)).fill(OPS_ADDRESS);
  await config.getByLabel(new RegExp(`^${escapeRegExp(t(`${K}params.subject`))}`)).fill(`Not added to HubSpot: {{ ${ids.code}.email }}`);
  await config.getByLabel(new RegExp(`^${escapeRegExp(t(`${K}params.body`))}`)).fill(`HubSpot refused {{ ${ids.code}.email }} (item {{ index + 1 }}): {{ ${ids.hubspot}.error.message }}`);

  // From HubSpot's Success output to its Error output.
  const hubspot = await desktop.openNode(journey, ids.hubspot);
  const emailName = t(`${K}operations.email.sendEmail`);
  const success = t('workflows.canvas.branch.main');
  const error = t('workflows.canvas.branch.error');
  expect(await connectionsOf(journey, ids.hubspot)).toEqual([`${success} → ${emailName}`]);
  await hubspot.getByRole('button', { name: `${t('workflows.builder.config.removeEdge')}: ${emailName}` }).click();
  await hubspot.getByLabel(t('workflows.builder.config.branch'), { exact: true }).selectOption({ label: error });
  await hubspot.getByLabel(t('workflows.builder.config.connectTo'), { exact: true }).selectOption({ label: emailName });
  await hubspot.getByRole('button', { name: t('workflows.builder.config.connect'), exact: true }).click();
  expect(await connectionsOf(journey, ids.hubspot)).toEqual([`${error} → ${emailName}`]);
}

/** Every card without problems and everything saved. */
export async function expectCompleteAndSaved(journey: Journey): Promise<void> {
  const { page, t } = journey;
  await page
    .waitForFunction(() => [...document.querySelectorAll('[data-testid="builder-node"]')].every((n) => n.getAttribute('data-problems') === '0'), undefined, { timeout: 10_000 })
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}\nProblems: ${await page.getByTestId('problems-list').textContent().catch(() => '?')}`);
    });
  await page.getByTestId('save-status').filter({ hasText: t('workflows.builder.status.saved') }).waitFor();
  await page.getByRole('button', { name: t('workflows.canvas.flow.fitView') }).click();
  await shoot(journey, '05-builder-complete');
}

/** The loop pager on the run graph: its position text, and the shown item's body step of `nodeId` on the graph. */
export function runGraphParts(page: Page) {
  const graph = page.getByTestId('run-graph');
  return {
    graph,
    pager: graph.getByTestId('loop-pager'),
    position: graph.getByTestId('loop-pager-position'),
    card: (nodeId: string): Locator => graph.locator(`[data-testid="run-graph-node"][data-node-id="${nodeId}"]`),
    details: graph.getByTestId('run-graph-details'),
  };
}

/**
 * Where the page shows the user's data rather than its own words: JSON of
 * inputs, outputs and the captured event, the code, the cards' summaries of
 * expressions, and step errors (the engine's and the apps' messages, English
 * with a stable code by design).
 */
const DATA_REGIONS = [
  'pre',
  '[data-testid="run-graph-input"]',
  '[data-testid="run-graph-output"]',
  '[data-testid="code-editor"]',
  '.builder-node-summary',
  '.run-graph-step > .field-error',
  '.run-loop-pager-steps .field-error',
];

/** The page's visible text without its data regions. */
async function visibleWords(page: Page): Promise<string> {
  return page.evaluate((selectors) => {
    const hidden = [...document.querySelectorAll<HTMLElement>(selectors.join(','))].filter((element) => element.style.display !== 'none');
    for (const element of hidden) element.style.display = 'none';
    const text = document.body.innerText;
    for (const element of hidden) element.style.display = '';
    return text;
  }, DATA_REGIONS);
}

/**
 * Reloads `path` in German and returns the English catalog texts it shows.
 * `typed`: what the user named or typed (the workflow's and the steps' names,
 * given in English when they were added), which is no catalog text.
 */
export async function englishLeftOnReload(page: Page, path: string, typed: readonly string[], ready: (page: Page) => Promise<void>): Promise<string[]> {
  const english = await englishTextsTranslatedIn('de');
  await page.evaluate(() => window.localStorage.setItem('preferredLanguage', 'de'));
  await page.goto(shellUrl(path));
  await ready(page);
  const text = await visibleWords(page);
  // Kept beside the screenshots: what was read, to see where a text left in English is.
  if (process.env.SHOTS_DIR) (await import('node:fs')).writeFileSync(`${process.env.SHOTS_DIR}/de-${path.replace(/\W+/g, '_')}-${Date.now()}.txt`, text);
  const visible = typed.reduce((all, value) => all.split(value).join(' '), text);
  return englishLeftIn(visible, english).map((left) => `${path}: "${left.text}" (${left.catalog} ${left.key})`);
}

export { APP_NAMES } from './englishLeft';

/** The names the steps were given (the cards' titles), longest first so no name is cut by a shorter one. */
export async function stepNames(page: Page): Promise<string[]> {
  const names = await page.locator('[data-testid="builder-node"] .builder-node-name').allTextContents();
  return names.filter(Boolean).sort((a, b) => b.length - a.length);
}
