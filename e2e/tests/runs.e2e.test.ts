// Running a workflow in the browser: a new user copies the sales template
// "Follow-up e-mail draft", runs it from the builder's Run form with the fake
// model behind platform-api, watches the steps complete live, finds the run
// in the history, and sees the tokens it used in the header and on the Usage
// page (the start token plus the priced usage the model reported).
import type { BrowserContext, Page } from 'playwright-core';
import type { FakeOpenAI } from '../../platform-api/src/testing/fakeOpenAI';
import { launchBrowser, newPage } from '../support/browser';
import { startStackModel } from '../support/fakeModel';
import { freshEmail, signUpThroughPage } from '../support/signUp';
import { copyTemplate } from '../support/templates';

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let model: FakeOpenAI;

/** What the fake model reports for the one agent call. */
const USAGE = { prompt: 2000, completion: 500 };
/** What the ledger debits for it: the price table's default for 'fake-model' (1 per 1,000 in, 4 per 1,000 out) = 2 + 2. */
const AGENT_TOKENS = 4;
/** A run costs one token to start (RUN_START_COST), plus its agents' tokens. */
const RUN_TOKENS = 1 + AGENT_TOKENS;

beforeAll(async () => {
  model = await startStackModel();
  model.script({
    match: { system: /follow-up e-mails/ },
    // Slow enough to see the agent step running before it completes.
    reply: {
      delayMs: 2500,
      usage: USAGE,
      json: { subject: 'Next steps for the Acme pilot', body: 'Hi Ada, thanks for your time today…', nextStep: 'Pilot kick-off on Monday', discountPercent: 5 },
    },
  });
  context = await launchBrowser();
  ({ page, pageErrors } = await newPage(context));
});

afterAll(async () => {
  await context?.close();
  await model?.close();
});

const step = (nodeId: string) => page.locator(`[data-testid="run-step"][data-node-id="${nodeId}"]`);
const tokenCountIs = (text: string) => page.waitForFunction((wanted) => document.querySelector('[data-testid="token-count"]')?.textContent?.includes(wanted), text);

test('run a sales template with the fake model: steps complete live, the run is in the history, its tokens in the header and on the Usage page', async () => {
  await signUpThroughPage(page, { email: freshEmail('runner'), password: 'runner-password-1', displayName: 'Runner' });
  await tokenCountIs('100 tokens');

  // Copy the template and open the Run form from the builder.
  const workflowPath = await copyTemplate(page, 'Follow-up e-mail');
  await page.getByTestId('builder-run').click();
  await page.waitForURL((url) => url.pathname === `${workflowPath}/runs` && url.searchParams.get('run') === '1');

  // The form is built from the manual trigger's input schema and validated before sending.
  const form = page.getByTestId('run-form');
  await form.getByRole('button', { name: 'Start run' }).click();
  await form.getByText('This field is required').first().waitFor();
  await form.getByLabel(/^Contact name/).fill('Ada Lovelace');
  await form.getByLabel(/^Company/).fill('Acme');
  await form.getByLabel(/^Notes from the call/).fill('Wants a two-week pilot; asked about SSO; discussed 5 % off an annual plan.');
  await form.getByLabel(/^Discount discussed/).fill('5');
  await form.getByLabel(/^Your name/).fill('Bob');
  await form.getByRole('button', { name: 'Start run' }).click();

  // The live view: the agent step is seen running, then every step completes.
  await page.waitForURL((url) => url.pathname.startsWith(`${workflowPath}/runs/`));
  const runId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await page.getByTestId('run-view').waitFor();
  // Seen running on the graph (the run view's first tab; the List tab holds the steps below).
  await page.locator('[data-testid="run-graph-node"][data-node-id="draft"][data-status="running"]').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="run-connection"]')?.getAttribute('data-state') === 'live');
  await page.locator('[data-testid="run-view"][data-status="succeeded"]').waitFor({ timeout: 30_000 });
  expect(await step('trigger').getAttribute('data-status')).toBe('succeeded');
  expect(await step('draft').getAttribute('data-status')).toBe('succeeded');
  expect(await step('bigDiscount').getAttribute('data-status')).toBe('succeeded');
  expect(await step('readyDraft').getAttribute('data-status')).toBe('succeeded');
  // The approval branch was not taken.
  expect(await step('managerApproval').getAttribute('data-status')).toBe('skipped');
  expect(await step('approvedDraft').getAttribute('data-status')).toBe('skipped');
  expect(await step('draft').getAttribute('data-tokens')).toBe(String(AGENT_TOKENS));
  expect(await step('draft').textContent()).toContain(`Tokens: ${AGENT_TOKENS}`);
  expect((await page.getByTestId('run-tokens').textContent())?.trim()).toBe(String(RUN_TOKENS));
  expect(await page.getByTestId('run-output').textContent()).toContain('Next steps for the Acme pilot');
  // The model was asked once, with the call details in the prompt.
  expect(model.requests.filter((request) => request.status === 200)).toHaveLength(1);
  expect(model.requests[0]!.lastUser).toContain('Acme');

  // The header's count dropped by the run's tokens without a reload.
  await tokenCountIs(`${100 - RUN_TOKENS} tokens`);

  // The history lists the run: manual (its trigger by name), succeeded, its tokens.
  await page.getByRole('link', { name: 'All runs of this workflow' }).click();
  const row = page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`);
  await row.waitFor();
  expect(await row.getAttribute('data-status')).toBe('succeeded');
  const cells = (await row.locator('td').allTextContents()).map((cell) => cell.trim());
  expect(cells.slice(1, 3)).toEqual(['Manual · Call details', 'Succeeded']);
  expect(cells[4]).toBe(String(RUN_TOKENS));

  // The Usage page counts them too, with the agent's debit among the recent entries.
  await page.getByTestId('token-count').click();
  await page.waitForURL((url) => url.pathname === '/billing/usage');
  await page.waitForFunction((used) => document.querySelector('[data-testid="usage-used"]')?.textContent?.includes(`${used} of 100`), RUN_TOKENS);
  const agentRow = page.locator('[data-testid="usage-recent"] tr[data-feature="agent"]');
  await agentRow.first().waitFor();
  expect(await agentRow.first().locator('td').nth(1).textContent()).toBe(String(AGENT_TOKENS));
  expect(pageErrors).toEqual([]);
});
