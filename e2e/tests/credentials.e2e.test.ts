// Credentials in the browser: a new user adds an OpenAI-compatible credential
// pointing at the stack's fake model, tests it (the models it lists), picks it
// and one of its models in the agent of a copied sales template, runs it and
// sees the run succeed on their own credential for a few tokens. Then the
// same flow in German (credentials page, the agent's model picker, the run
// form and the run view) shows no English text.
import type { BrowserContext, Page } from 'playwright-core';
import type { FakeOpenAI } from '../../platform-api/src/testing/fakeOpenAI';
import { en as credentialsEnglish } from '../../mf-workflows/src/credentials/i18n/en';
import { en as builderEnglish } from '../../mf-workflows/src/builder/i18n/en';
import { en as refusalsEnglish } from '../../mf-workflows/src/i18n/refusals/en';
import { en as runsEnglish } from '../../mf-workflows/src/runs/i18n/en';
import { launchBrowser, newPage } from '../support/browser';
import { stackModelApiKey, startStackModel } from '../support/fakeModel';
import { freshEmail, signUpThroughPage } from '../support/signUp';
import { shellUrl } from '../support/stack';
import { copyTemplate } from '../support/templates';

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let model: FakeOpenAI;
/** The copied template and its run, from the first test (the German test walks the same flow). */
let workflowPath = '';
let runPath = '';

const CREDENTIAL = 'Fake model';
/** The fake's second model (its list: fake-model, fake-model-large): the run must call this one, not the platform's default. */
const PICKED_MODEL = 'fake-model-large';

beforeAll(async () => {
  model = await startStackModel();
  model.script({
    match: { system: /follow-up e-mails/ },
    reply: { usage: { prompt: 1200, completion: 300 }, json: { subject: 'Next steps for the Acme pilot', body: 'Hi Ada, thanks for your time today…', nextStep: 'Pilot kick-off on Monday', discountPercent: 0 } },
  });
  context = await launchBrowser();
  ({ page, pageErrors } = await newPage(context));
});

afterAll(async () => {
  await context?.close();
  await model?.close();
});

const tokenCount = async () => Number(/\d+/.exec((await page.getByTestId('token-count').textContent()) ?? '')?.[0] ?? NaN);
const card = (name: string) => page.getByRole('listitem', { name });
const step = (nodeId: string) => page.locator(`[data-testid="run-step"][data-node-id="${nodeId}"]`);

/** Every English text of these catalogs (the credentials area by default), as a pattern ({{placeholders}} match anything). */
function englishPatterns(catalogs: unknown[] = [credentialsEnglish]): RegExp[] {
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  catalogs.forEach(walk);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return texts.map((text) => new RegExp(`^${text.split(/\{\{\s*\w+\s*\}\}/).map(escape).join('.+')}$`));
}

/** The visible texts of the page's main area (controls' labels, buttons, statuses, options). */
function mainTexts(target: Page): Promise<string[]> {
  return target.evaluate(() => {
    const texts: string[] = [];
    const main = document.querySelector('main');
    if (!main) return texts;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!text || !parent) continue;
      const style = getComputedStyle(parent);
      if (!parent.closest('option') && (style.display === 'none' || style.visibility === 'hidden')) continue;
      texts.push(text);
    }
    for (const element of main.querySelectorAll('[aria-label], [placeholder], optgroup[label]')) {
      for (const attribute of ['aria-label', 'placeholder', 'label']) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

test('a new user connects their own model, tests it, picks it and a model in an agent, and runs a sales template on it', async () => {
  await signUpThroughPage(page, { email: freshEmail('credentials'), password: 'credentials-password-1', displayName: 'Vault User' });
  await page.getByTestId('token-count').waitFor();
  const tokensBefore = await tokenCount();

  // From the catalogue's header to the credentials page: empty, and it says what a credential is.
  await page.goto(shellUrl('/workflows'));
  await page.getByRole('link', { name: 'Credentials', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/workflows/credentials');
  await page.getByRole('heading', { level: 1, name: 'Credentials' }).waitFor();
  await page.getByTestId('credentials-empty').getByText(/A credential is a key or address of a service/).waitFor();

  // Add an OpenAI-compatible credential: the form checks the address before sending.
  await page.getByRole('button', { name: 'Add credential' }).click();
  const form = page.getByRole('form', { name: 'Add credential' });
  await form.getByLabel('Type', { exact: true }).selectOption('openaiCompatible');
  await form.getByLabel('Name', { exact: true }).fill(CREDENTIAL);
  await form.getByLabel('Base URL').fill('not an address');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByText('Enter an address starting with http:// or https://').waitFor();
  await form.getByLabel('Base URL').fill(model.baseUrl);
  await form.getByLabel('API key (optional)').fill(stackModelApiKey());
  expect(await form.getByLabel('API key (optional)').getAttribute('type')).toBe('password');
  await form.getByRole('button', { name: 'Save' }).click();

  // Listed with its type and a masked key; the key itself is never shown again.
  const saved = card(CREDENTIAL);
  await saved.waitFor();
  expect(await saved.textContent()).toContain('OpenAI-compatible endpoint');
  expect(await saved.textContent()).toContain('••••');

  // Test connection lists the fake's models.
  await saved.getByRole('button', { name: `Test connection of ${CREDENTIAL}` }).click();
  await saved.getByText('Connected — 2 models').waitFor();

  // Copy the sales template and pick the credential and a model in its agent.
  workflowPath = await copyTemplate(page, 'Follow-up e-mail');
  await page.locator('[data-testid="builder-node"][data-node-id="draft"]').click();
  const panel = page.getByTestId('config-panel');
  await panel.getByLabel('Model provider').selectOption({ label: CREDENTIAL });
  const modelSelect = panel.getByRole('combobox', { name: 'Model', exact: true });
  await modelSelect.locator(`option[value="${PICKED_MODEL}"]`).waitFor({ state: 'attached' });
  await modelSelect.selectOption(PICKED_MODEL);
  expect(await panel.getByRole('link', { name: 'Manage credentials' }).getAttribute('href')).toBe('/workflows/credentials');
  // A credential the user has is no problem.
  expect(await page.locator('[data-testid="builder-node"][data-node-id="draft"]').getAttribute('data-problems')).toBe('0');

  // Run it (Run saves the change first).
  await page.getByTestId('builder-run').click();
  await page.waitForURL((url) => url.pathname === `${workflowPath}/runs` && url.searchParams.get('run') === '1');
  const runForm = page.getByTestId('run-form');
  await runForm.getByLabel(/^Contact name/).fill('Ada Lovelace');
  await runForm.getByLabel(/^Company/).fill('Acme');
  await runForm.getByLabel(/^Notes from the call/).fill('Wants a two-week pilot; asked about SSO.');
  await runForm.getByLabel(/^Your name/).fill('Bob');
  await runForm.getByRole('button', { name: 'Start run' }).click();

  await page.waitForURL((url) => url.pathname.startsWith(`${workflowPath}/runs/`));
  runPath = new URL(page.url()).pathname;
  await page.locator('[data-testid="run-view"][data-status="succeeded"]').waitFor({ timeout: 30_000 });
  expect(await step('draft').getAttribute('data-status')).toBe('succeeded');
  expect(await page.getByTestId('run-output').textContent()).toContain('Next steps for the Acme pilot');
  // The agent called the picked model with the credential's key.
  const calls = model.requests.filter((request) => request.path.endsWith('/chat/completions') && request.status === 200);
  expect(calls).toHaveLength(1);
  expect(calls[0]!.model).toBe(PICKED_MODEL);
  expect(calls[0]!.authorization).toBe(`Bearer ${stackModelApiKey()}`);
  // On the user's own credential a run costs a few tokens (the start and the step fee), not the model's usage.
  const runTokens = Number((await page.getByTestId('run-tokens').textContent())?.trim());
  expect(runTokens).toBeGreaterThan(0);
  expect(runTokens).toBeLessThanOrEqual(3);
  await page.waitForFunction((wanted) => document.querySelector('[data-testid="token-count"]')?.textContent?.includes(`${wanted} tokens`), tokensBefore - runTokens);
  expect(pageErrors).toEqual([]);
});

test('in German the credentials page (list, add form, test result) shows no English text', async () => {
  await page.goto(shellUrl('/workflows/credentials'));
  await page.getByRole('heading', { level: 1, name: 'Credentials' }).waitFor();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await page.getByRole('heading', { level: 1, name: 'Zugangsdaten' }).waitFor();

  const saved = card(CREDENTIAL);
  await saved.getByRole('button', { name: `Verbindung testen: ${CREDENTIAL}` }).click();
  await saved.getByText('Verbunden — 2 Modelle').waitFor();
  // Used by the run of the first test: a date, not "Nie".
  expect(await saved.textContent()).not.toContain('Nie');

  await page.getByRole('button', { name: 'Zugangsdaten hinzufügen' }).click();
  const form = page.getByRole('form', { name: 'Zugangsdaten hinzufügen' });
  await form.getByLabel('Art', { exact: true }).selectOption('openaiCompatible');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await form.getByText('Dieses Feld ist erforderlich').first().waitFor();

  const english = englishPatterns();
  const texts = await mainTexts(page);
  expect(texts.length).toBeGreaterThan(20);
  expect(texts.filter((text) => english.some((pattern) => pattern.test(text)))).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('in German the rest of the flow (the agent’s provider and model, the run form, the run view with its balance) shows no English UI text', async () => {
  expect(workflowPath).not.toBe('');
  const english = englishPatterns([credentialsEnglish, builderEnglish, runsEnglish, refusalsEnglish]);
  // 'Version {{n}}' reads as a pattern that the German 'Version speichern' matches: German, not English left.
  const englishIn = async () => (await mainTexts(page)).filter((text) => text !== 'Version speichern' && english.some((pattern) => pattern.test(text)));

  // The builder, the agent's model picker (the language stays German: it is kept on the device).
  await page.goto(shellUrl(workflowPath));
  await page.locator('[data-testid="builder-node"][data-node-id="draft"]').click();
  const panel = page.getByTestId('config-panel');
  // The saved credential is picked once the list of credentials has loaded.
  await panel.getByLabel('Modellanbieter').locator('option:checked', { hasText: CREDENTIAL }).waitFor({ state: 'attached' });
  await panel.getByRole('combobox', { name: 'Modell', exact: true }).locator(`option[value="${PICKED_MODEL}"]:checked`).waitFor({ state: 'attached' });
  expect(await englishIn()).toEqual([]);

  // The run form, with the balance and the link to the plans.
  await page.getByTestId('builder-run').click();
  await page.waitForURL((url) => url.pathname === `${workflowPath}/runs` && url.searchParams.get('run') === '1');
  await page.getByTestId('run-form').getByRole('button', { name: 'Ausführung starten' }).waitFor();
  expect(await englishIn()).toEqual([]);

  // The run view of the first test's run.
  await page.goto(shellUrl(runPath));
  await page.locator('[data-testid="run-view"][data-status="succeeded"]').waitFor();
  const texts = await mainTexts(page);
  expect(texts.length).toBeGreaterThan(10);
  expect(await englishIn()).toEqual([]);
  expect(pageErrors).toEqual([]);
});
