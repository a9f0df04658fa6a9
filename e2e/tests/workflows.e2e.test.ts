// Workflows in the browser: the catalogue's search and filters, a failed
// read and its retry, Use template, and the builder: add an agent, see its
// problem marked, fix it by connecting, reload to find it saved, restore an
// earlier version, export and import the JSON. Then the same on a touch
// tablet: tap to add, select, edit and connect, with nothing overflowing.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, launchBrowser, newPage } from '../support/browser';
import { freshEmail, signUpThroughPage } from '../support/signUp';
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

test('a failed read of the workflows shows "Failed to load workflows" and Try again, which recovers', async () => {
  // The catalogue reads with Firestore Lite (REST): abort its queries to the emulator.
  const queries = (url: URL) => url.pathname.endsWith('/documents:runQuery');
  let aborted = 0;
  await page.route(queries, (route) => {
    aborted++;
    return route.abort('connectionfailed');
  });
  // Nothing saved on this device: with the templates the previous test saved, a
  // failed connection shows them with the offline notice instead (pwa.e2e.test.ts).
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('agentflow.workflows.catalogue.')) localStorage.removeItem(key);
  }).catch(() => undefined); // no page of the app open yet: nothing saved either
  await page.goto(shellUrl('/workflows?tab=templates'));
  const failure = page.getByTestId('catalogue-error');
  await failure.waitFor({ timeout: 15_000 });
  expect(await failure.textContent()).toContain('Failed to load workflows');
  expect(aborted).toBeGreaterThanOrEqual(1);
  expect(await cards().count()).toBe(0);

  // The server answers again: Try again shows the templates.
  await page.unroute(queries);
  await failure.getByRole('button', { name: 'Try again' }).click();
  await cards().first().waitFor();
  expect(await cards().count()).toBeGreaterThanOrEqual(12);
  expect(await page.getByTestId('catalogue-error').count()).toBe(0);
  expect(pageErrors).toEqual([]);
});

test('a signed-in user copies a template and edits it in the builder; changes are saved, versioned and exportable', async () => {
  await signUpThroughPage(page, { email: freshEmail('builder'), password: 'builder-password-1', displayName: 'Builder' });

  await page.goto(shellUrl('/workflows?tab=templates&search=technician'));
  await cards().first().waitFor();
  await cards().first().getByRole('button', { name: /^Use template:/ }).click();
  // The preview says what the template does; its own button copies it.
  await page.getByTestId('template-preview').getByRole('button', { name: 'Use template' }).click();
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

  // A condition added with the new agent selected lands after it, connected from it (issue 19):
  // no problem to fix, and the agent's outgoing connections name it.
  await page.locator(`[data-testid="builder-node"][data-node-id="${addedId}"]`).click();
  const conditionsBefore = await page.locator('[data-testid="builder-node"][data-node-type="condition"]').count();
  await page.getByRole('button', { name: 'Add Condition' }).click();
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="builder-node"][data-node-type="condition"]').length === count + 1, conditionsBefore);
  const condition = page.locator('[data-testid="builder-node"][data-node-type="condition"]').last();
  const conditionId = await condition.getAttribute('data-node-id');
  const conditionName = await panel.getByLabel('Node name').inputValue();
  await page.waitForFunction((id) => document.querySelector(`[data-testid="builder-node"][data-node-id="${id}"]`)?.getAttribute('data-problems') === '0', conditionId);
  await page.locator(`[data-testid="builder-node"][data-node-id="${addedId}"]`).click();
  await panel.locator('.builder-connections li', { hasText: conditionName }).waitFor();
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

  // Restore version 1 (the copied template), after confirming: both are gone again, and Undo is offered.
  const firstVersion = page.locator('[data-testid="version-row"][data-version="1"]');
  await firstVersion.getByRole('button', { name: 'Restore' }).click();
  await page.getByTestId('restore-dialog').getByRole('button', { name: 'Restore version 1' }).click();
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="builder-node"]').length === count, original);
  await page.getByTestId('restored-banner').getByRole('button', { name: 'Undo' }).waitFor();

  // Import the exported JSON: a new workflow opens with the agent and the condition (the open one is left as it was).
  const restoredUrl = page.url();
  await page.getByLabel('Workflow JSON').fill(json);
  await page.getByTestId('import-json').click();
  await page.waitForURL((url) => url.href !== restoredUrl && /^\/workflows\/[^/]+$/.test(url.pathname));
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="builder-node"]').length === count + 2, original);
  expect(pageErrors).toEqual([]);
});

describe('on a touch tablet (820 x 1180)', () => {
  let tablet: BrowserContext;
  let tab: Page;
  const tabletErrors: string[] = [];

  beforeAll(async () => {
    // launchBrowser has no touch options: the same browser, as a tablet.
    tablet = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'agentflow-e2e-tablet-')), {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 820, height: 1180 },
      hasTouch: true,
      isMobile: true,
      locale: 'en-US',
    });
    await tablet.addInitScript(() => window.localStorage.setItem('pwa-prompt-dismissed', 'true'));
    tab = await tablet.newPage();
    tab.on('pageerror', (error) => tabletErrors.push(error.message));
  });

  afterAll(async () => {
    await tablet?.close();
  });

  /** The page never scrolls sideways: its content fits the viewport's width. */
  async function expectNoHorizontalOverflow() {
    const widths = await tab.evaluate(() => {
      const client = document.documentElement.clientWidth;
      // What sticks out (not clipped by a scrolling or clipping parent), to name it when this fails.
      const clipped = (element: Element) => {
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX !== 'visible' && parent.getBoundingClientRect().right <= client) return true;
        }
        return false;
      };
      const offenders = [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > client + 0.5 && !clipped(element))
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ').join('.')} (right ${Math.round(element.getBoundingClientRect().right)})`)
        .slice(0, 8);
      return { client, fits: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) <= client, offenders };
    });
    expect(widths).toEqual({ client: 820, fits: true, offenders: [] });
  }

  /** The element is on screen, inside the viewport's width. */
  async function expectInView(locator: ReturnType<Page['locator']>) {
    await locator.waitFor();
    const box = await locator.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(820);
    expect(box!.width).toBeGreaterThan(0);
  }

  const tabNodes = () => tab.getByTestId('builder-node');
  const nodeById = (id: string) => tab.locator(`[data-testid="builder-node"][data-node-id="${id}"]`);

  test('the catalogue and the builder work by touch: tap to add, select, edit, connect; nothing overflows', async () => {
    await signUpThroughPage(tab, { email: freshEmail('tablet'), password: 'tablet-password-1', displayName: 'Tablet' }, 'tap');

    // The catalogue: filters, tabs and cards fit the width.
    await tab.goto(shellUrl('/workflows?tab=templates'));
    const tabCards = tab.getByTestId('workflow-card');
    await tabCards.first().waitFor();
    expect(await tabCards.count()).toBeGreaterThanOrEqual(12);
    await expectInView(tab.getByLabel('Search workflows'));
    await expectInView(tab.getByTestId('catalogue-tab-templates'));
    await expectInView(tabCards.first());
    await expectNoHorizontalOverflow();
    await tab.screenshot({ path: `${process.cwd()}/.agentflow/workflows-tablet-catalogue.png` });

    await tab.getByLabel('Search workflows').fill('technician');
    await tab.waitForFunction(() => {
      const found = [...document.querySelectorAll('[data-testid="workflow-card"]')];
      return found.length > 0 && found.length < 12 && found.every((card) => /technician/i.test(card.textContent ?? ''));
    });
    await tabCards.first().getByRole('button', { name: /^Use template:/ }).tap();
    await tab.getByTestId('template-preview').getByRole('button', { name: 'Use template' }).tap();
    await tab.waitForURL((url) => /^\/workflows\/[^/]+$/.test(url.pathname));
    await tab.getByTestId('builder-canvas').waitFor();
    await tabNodes().first().waitFor();
    const original = await tabNodes().count();
    await expectInView(tab.getByTestId('builder-canvas'));
    await expectInView(tab.getByRole('button', { name: 'Undo' }));
    await expectInView(tab.getByTestId('save-status'));
    await expectNoHorizontalOverflow();

    // Tap a palette entry: the agent is added and selected, its form shown.
    await tab.getByRole('button', { name: 'Add Agent' }).tap();
    await tab.waitForFunction((count) => document.querySelectorAll('[data-testid="builder-node"]').length === count + 1, original);
    const agentId = (await tab.locator('[data-testid="builder-node"][data-node-type="agent"]').last().getAttribute('data-node-id'))!;
    const panel = tab.getByTestId('config-panel');
    await expectInView(panel.getByLabel('Node name'));

    // Tap the trigger on the canvas: it is selected and its form replaces the agent's.
    const triggerId = (await tab.locator('[data-testid="builder-node"][data-node-type^="trigger"]').first().getAttribute('data-node-id'))!;
    await nodeById(triggerId).tap();
    await tab.waitForFunction((id) => document.querySelector(`[data-testid="builder-node"][data-node-id="${id}"]`)?.classList.contains('builder-node--selected'), triggerId);
    await expectInView(panel.getByLabel('Connect to'));

    // Connect the trigger to the agent from its form: the agent's problem goes.
    await panel.getByLabel('Connect to').selectOption(agentId);
    await panel.getByRole('button', { name: 'Connect', exact: true }).tap();
    await tab.waitForFunction((id) => document.querySelector(`[data-testid="builder-node"][data-node-id="${id}"]`)?.getAttribute('data-problems') === '0', agentId);

    // Tap the agent and edit its configuration: the canvas shows the new name.
    await nodeById(agentId).tap();
    await expectInView(panel.getByLabel('Agent name'));
    await panel.getByLabel('Node name').fill('Tablet agent');
    await panel.getByLabel('Role instructions').fill('Answer the customer politely.');
    await tab.waitForFunction((id) => document.querySelector(`[data-testid="builder-node"][data-node-id="${id}"]`)?.textContent?.includes('Tablet agent'), agentId);
    await expectNoHorizontalOverflow();

    // Connect by the handles: a new Output lands after the selected trigger (connected from it); with the
    // docks folded the canvas takes the width; tap the agent's output, then the Output's input: a second edge.
    await nodeById(triggerId).tap();
    await tab.getByRole('button', { name: 'Add Output' }).tap();
    const outputId = (await tab.locator('[data-testid="builder-node"][data-node-type="output"]').last().getAttribute('data-node-id'))!;
    // Select the agent first: selecting a step unfolds the side panels, which would move the canvas mid-gesture.
    await nodeById(agentId).tap();
    await tab.getByRole('button', { name: 'Hide the step palette' }).tap();
    await tab.getByRole('button', { name: 'Hide the side panels' }).tap();
    await tab.waitForFunction(() => (document.querySelector('[data-testid="builder-canvas"]')?.getBoundingClientRect().width ?? 0) > 700);
    await tab.locator('.react-flow__controls-fitview').tap();
    const edgesBefore = await tab.locator('.react-flow__edge').count();
    await nodeById(agentId).locator('.react-flow__handle.source').tap();
    await nodeById(outputId).locator('.react-flow__handle.target').tap();
    await tab.waitForFunction((count) => document.querySelectorAll('.react-flow__edge').length === count + 1, edgesBefore);
    await tab.waitForFunction((id) => document.querySelector(`[data-testid="builder-node"][data-node-id="${id}"]`)?.getAttribute('data-problems') === '0', outputId);
    await tab.screenshot({ path: `${process.cwd()}/.agentflow/workflows-tablet-builder.png` });

    // Saved: a reload finds the named, connected agent.
    await tab.waitForFunction(() => document.querySelector('[data-testid="save-status"]')?.textContent?.includes('All changes saved'));
    await tab.reload();
    await nodeById(agentId).waitFor();
    expect(await nodeById(agentId).textContent()).toContain('Tablet agent');
    expect(await nodeById(agentId).getAttribute('data-problems')).toBe('0');
    expect(await nodeById(outputId).getAttribute('data-problems')).toBe('0');
    await expectNoHorizontalOverflow();
    expect(tabletErrors).toEqual([]);
  });
});
