// The workflow lifecycle in the browser (issue 19 item 2): a new workflow with
// a trigger, rename, duplicate, move to trash, restore, delete forever, import
// a file as a new workflow (and a bad one refused), a template's preview; then
// the same screens on a phone (390 x 844) by touch, with nothing overflowing.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, launchBrowser, newPage } from '../support/browser';
import { freshEmail, signUpThroughPage } from '../support/signUp';
import { shellUrl } from '../support/stack';

const shot = (page: Page, name: string) => page.screenshot({ path: `${process.cwd()}/.agentflow/lifecycle-${name}.png` });

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

const card = (p: Page, name: string) => p.getByTestId('workflow-card').filter({ has: p.getByRole('heading', { name, exact: true }) });

async function menu(p: Page, name: string, item: string) {
  await card(p, name).getByRole('button', { name: 'More actions' }).click();
  await p.getByRole('menuitem', { name: item }).click();
}

test('new → rename → duplicate → trash → restore → delete forever; import a file; a template preview', async () => {
  await signUpThroughPage(page, { email: freshEmail('lifecycle'), password: 'lifecycle-password-1', displayName: 'Life' });

  // New workflow: a name and a trigger, then the builder opens on it.
  await page.goto(shellUrl('/workflows'));
  await page.getByRole('button', { name: 'New workflow' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workflow' });
  await dialog.getByLabel('Workflow name').fill('Lifecycle flow');
  await dialog.getByRole('radio', { name: /^Webhook/ }).check();
  await shot(page, 'new-1280');
  await dialog.getByRole('button', { name: 'Create and open' }).click();
  await page.waitForURL((url) => /^\/workflows\/[^/]+$/.test(url.pathname));
  await page.getByTestId('builder-canvas').waitFor();
  await page.locator('[data-testid="builder-node"][data-node-type="trigger.webhook"]').waitFor();

  // Rename from the card's menu.
  await page.goto(shellUrl('/workflows?tab=mine'));
  await card(page, 'Lifecycle flow').waitFor();
  await card(page, 'Lifecycle flow').getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menu').waitFor();
  await shot(page, 'menu-1280');
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename workflow' });
  await rename.getByLabel('New name').fill('Renamed flow');
  await rename.getByRole('button', { name: 'Save' }).click();
  await card(page, 'Renamed flow').waitFor();

  // Duplicate: "Copy of …" beside it.
  await menu(page, 'Renamed flow', 'Duplicate');
  await card(page, 'Copy of Renamed flow').waitFor();

  // Move to trash: gone from My workflows, listed in the Trash with its deletion date; Restore brings it back.
  await menu(page, 'Renamed flow', 'Move to trash');
  await card(page, 'Renamed flow').waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: 'Trash' }).click();
  const item = page.getByTestId('trash-item').filter({ hasText: 'Renamed flow' });
  await item.waitFor();
  expect(await item.textContent()).toMatch(/Deleted for good on/);
  await shot(page, 'trash-1280');
  await item.getByRole('button', { name: 'Restore' }).click();
  await page.getByTestId('trash-empty').waitFor();
  await page.getByRole('tab', { name: 'My workflows' }).click();
  await card(page, 'Renamed flow').waitFor();

  // Delete forever, after the confirmation.
  await menu(page, 'Copy of Renamed flow', 'Move to trash');
  await card(page, 'Copy of Renamed flow').waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: 'Trash' }).click();
  await page.getByTestId('trash-item').filter({ hasText: 'Copy of Renamed flow' }).getByRole('button', { name: 'Delete forever' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Copy of Renamed flow” forever?' });
  await confirm.getByRole('button', { name: 'Delete forever' }).click();
  await page.getByTestId('trash-empty').waitFor();
  await page.goto(shellUrl('/workflows?tab=mine'));
  await card(page, 'Renamed flow').waitFor();
  expect(await card(page, 'Copy of Renamed flow').count()).toBe(0);

  // Import a file: a bad one says why; a workflow file opens as a new workflow.
  await page.getByTestId('import-workflow-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"nodes": 3}') });
  await page.getByTestId('import-error').waitFor();
  expect(await page.getByTestId('import-error').textContent()).toContain('This file is not a workflow');
  const file = {
    name: 'Imported flow',
    nodes: [
      { id: 'start', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: { inputSchema: [] } },
      { id: 'done', type: 'output', name: 'Done', position: { x: 0, y: 160 }, params: {} },
    ],
    edges: [{ id: 'e1', source: 'start', target: 'done' }],
  };
  await page.getByTestId('import-workflow-file').setInputFiles({ name: 'imported.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await page.waitForURL((url) => /^\/workflows\/[^/]+$/.test(url.pathname));
  await page.getByTestId('builder-canvas').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="builder-node"]').length === 2);

  // A template's preview before copying.
  await page.goto(shellUrl('/workflows?tab=templates&search=technician'));
  await page.getByTestId('workflow-card').first().getByRole('button', { name: /^Use template:/ }).click();
  const preview = page.getByTestId('template-preview');
  await preview.getByTestId('preview-steps').waitFor();
  expect(await preview.getByTestId('preview-steps').getByRole('listitem').count()).toBeGreaterThan(2);
  await shot(page, 'preview-1280');
  await preview.getByRole('button', { name: 'Close' }).click();
  expect(pageErrors).toEqual([]);
});

describe('on a phone (390 x 844), by touch', () => {
  let phone: BrowserContext;
  let tab: Page;
  const phoneErrors: string[] = [];

  beforeAll(async () => {
    phone = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'agentflow-e2e-phone-')), {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      locale: 'en-US',
    });
    await phone.addInitScript(() => window.localStorage.setItem('pwa-prompt-dismissed', 'true'));
    tab = await phone.newPage();
    tab.on('pageerror', (error) => phoneErrors.push(error.message));
  });

  afterAll(async () => {
    await phone?.close();
  });

  async function expectNoHorizontalOverflow() {
    const fits = await tab.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) <= document.documentElement.clientWidth);
    expect(fits).toBe(true);
  }

  test('the menu, the new-workflow dialog, the preview and the trash fit and work by touch', async () => {
    await signUpThroughPage(tab, { email: freshEmail('lifecycle-phone'), password: 'lifecycle-password-1', displayName: 'Phone' }, 'tap');
    await tab.goto(shellUrl('/workflows'));
    await tab.getByRole('button', { name: 'New workflow' }).tap();
    const dialog = tab.getByRole('dialog', { name: 'New workflow' });
    await dialog.getByLabel('Workflow name').fill('Phone flow');
    await dialog.getByRole('radio', { name: /^Schedule/ }).tap();
    await shot(tab, 'new-390');
    await dialog.getByRole('button', { name: 'Create and open' }).tap();
    await tab.waitForURL((url) => /^\/workflows\/[^/]+$/.test(url.pathname));

    await tab.goto(shellUrl('/workflows?tab=mine'));
    await card(tab, 'Phone flow').getByRole('button', { name: 'More actions' }).tap();
    const item = tab.getByRole('menuitem', { name: 'Move to trash' });
    const box = await item.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectNoHorizontalOverflow();
    await shot(tab, 'menu-390');
    await item.tap();
    await card(tab, 'Phone flow').waitFor({ state: 'detached' });
    await tab.getByRole('tab', { name: 'Trash' }).tap();
    await tab.getByTestId('trash-item').waitFor();
    await expectNoHorizontalOverflow();
    await shot(tab, 'trash-390');

    await tab.goto(shellUrl('/workflows?tab=templates'));
    await tab.getByTestId('workflow-card').first().getByRole('button', { name: /^Use template:/ }).tap();
    await tab.getByTestId('template-preview').getByTestId('preview-steps').waitFor();
    await shot(tab, 'preview-390');
    expect(phoneErrors).toEqual([]);
  });
});
