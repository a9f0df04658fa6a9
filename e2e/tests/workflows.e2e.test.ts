// Workflows in the browser: the catalogue's search and filters, Use template,
// and the builder: add an agent, see its problem marked, fix it by
// connecting, reload to find it saved, restore an earlier version, export and
// import the JSON.
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { shellUrl } from '../support/stack';

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

const cards = () => page.getByTestId('workflow-card');
const attributesOfCards = (name: string) => cards().evaluateAll((elements, attribute) => elements.map((element) => element.getAttribute(attribute)), name);
const nodes = () => page.getByTestId('builder-node');

test('guests browse the templates: search, industry and category filters, and an empty result', async () => {
  await page.goto(shellUrl('/workflows'));
  await cards().first().waitFor();
  expect(await cards().count()).toBeGreaterThanOrEqual(12);

  await page.getByLabel('Search workflows').fill('DISPATCH');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="workflow-card"]').length === 1);
  expect(await cards().first().textContent()).toMatch(/dispatch/i);
  expect(new URL(page.url()).searchParams.get('search')).toBe('DISPATCH');

  await page.getByLabel('Search workflows').fill('xyzzy-nothing');
  await page.getByTestId('catalogue-empty').waitFor();
  expect(await page.getByTestId('catalogue-empty').textContent()).toContain('No workflows found');

  await page.goto(shellUrl('/workflows?industry=logistics'));
  await cards().first().waitFor();
  expect(new Set(await attributesOfCards('data-industry'))).toEqual(new Set(['logistics']));

  await page.getByLabel('Category').selectOption('communication');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="workflow-card"]')].every((card) => card.getAttribute('data-category') === 'communication'));
  expect(await cards().count()).toBeGreaterThanOrEqual(1);
  expect(new URL(page.url()).searchParams.get('category')).toBe('communication');
});

test('a signed-in user copies a template and edits it in the builder; changes are saved, versioned and exportable', async () => {
  await page.goto(shellUrl('/signup'));
  await page.getByLabel('E-mail').fill(`builder-${Date.now().toString(36)}@example.com`);
  await page.getByLabel('Password').fill('builder-password-1');
  await page.getByLabel('Display name').fill('Builder');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname !== '/signup');

  await page.goto(shellUrl('/workflows?tab=templates&search=technician'));
  await cards().first().waitFor();
  await cards().first().getByRole('button', { name: /Use the template/ }).click();
  await page.waitForURL((url) => /^\/workflows\/[^/]+$/.test(url.pathname));
  await page.getByTestId('builder-canvas').waitFor();
  await nodes().first().waitFor();
  const original = await nodes().count();
  expect(original).toBeGreaterThan(3);

  // An agent added on its own is unreachable: the builder marks the problem on it.
  await page.getByRole('button', { name: 'Add Agent' }).click();
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="builder-node"]').length === count + 1, original);
  const added = page.locator('[data-testid="builder-node"][data-node-type="agent"]').last();
  const addedId = await added.getAttribute('data-node-id');
  await page.waitForFunction((id) => Number(document.querySelector(`[data-testid="builder-node"][data-node-id="${id}"]`)?.getAttribute('data-problems') ?? 0) > 0, addedId);

  // Fix it: connect the trigger to the new agent from the trigger's configuration.
  await page.locator('[data-testid="builder-node"][data-node-type^="trigger"]').first().click();
  const panel = page.getByTestId('config-panel');
  await panel.getByLabel('Connect to').selectOption(addedId!);
  await panel.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.waitForFunction((id) => document.querySelector(`[data-testid="builder-node"][data-node-id="${id}"]`)?.getAttribute('data-problems') === '0', addedId);

  // A condition added next is unreachable too, until the new agent connects to it.
  await page.getByRole('button', { name: 'Add Condition' }).click();
  const condition = page.locator('[data-testid="builder-node"][data-node-type="condition"]').last();
  const conditionId = await condition.getAttribute('data-node-id');
  await page.waitForFunction((id) => Number(document.querySelector(`[data-testid="builder-node"][data-node-id="${id}"]`)?.getAttribute('data-problems') ?? 0) > 0, conditionId);
  await page.locator(`[data-testid="builder-node"][data-node-id="${addedId}"]`).click();
  await panel.getByLabel('Connect to').selectOption(conditionId!);
  await panel.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.waitForFunction((id) => document.querySelector(`[data-testid="builder-node"][data-node-id="${id}"]`)?.getAttribute('data-problems') === '0', conditionId);
  await page.waitForFunction(() => document.querySelector('[data-testid="save-status"]')?.textContent?.includes('All changes saved'));

  // Saved: a reload finds the new agent and condition.
  await page.reload();
  await nodes().first().waitFor();
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="builder-node"]').length === count + 2, original);

  // Export shows both in the JSON.
  await page.getByTestId('export-json').click();
  const json = await page.getByLabel('Workflow JSON').inputValue();
  const exported = JSON.parse(json) as { nodes: Array<{ id: string }>; edges: Array<{ source: string; target: string }> };
  expect(exported.nodes.map((node) => node.id)).toEqual(expect.arrayContaining([addedId, conditionId]));
  expect(exported.edges).toContainEqual(expect.objectContaining({ source: addedId, target: conditionId }));

  // Restore version 1 (the copied template): both are gone again, as a new version.
  const firstVersion = page.locator('[data-testid="version-row"][data-version="1"]');
  await firstVersion.getByRole('button', { name: 'Restore' }).click();
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="builder-node"]').length === count, original);

  // Import the exported JSON back: the agent and the condition return.
  await page.getByLabel('Workflow JSON').fill(json);
  await page.getByTestId('import-json').click();
  await page.getByTestId('import-report').waitFor();
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="builder-node"]').length === count + 2, original);
  expect(pageErrors).toEqual([]);
});
