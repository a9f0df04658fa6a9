// Issue 25 in Chromium with a persistent profile: a signed-in user visits the
// catalogue, a workflow and billing online; then, with no network and the
// remotes down, a reload brings the shell up signed in within 2 s, and the
// catalogue, the workflow and billing open from what this device saved,
// marked as such; network-only actions are disabled with the reason (in
// German too); an edit made offline reaches Firestore when the connection
// returns, and a conflicting edit made meanwhile (Admin SDK) is offered to the
// user rather than overwritten. And on an iPhone, Install Now is remembered.
import type { BrowserContext, Page } from 'playwright-core';
import { getAdminDb } from '@agentflow/shared/server';
import { launchBrowser, newPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { createUserWithWorkflow, goOffline, goOnline, makePremium, restoreRemotes, signInThroughPage, waitForServiceWorkerControl, type OfflineUser } from '../support/offline';
import { shellUrl } from '../support/stack';

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WHY_EN = "You're offline. This needs a connection and works again when you're back online.";
const WHY_DE = 'Sie sind offline. Dafür ist eine Verbindung nötig; es funktioniert wieder, sobald Sie online sind.';

let context: BrowserContext | undefined;
let page: Page;
let pageErrors: string[];

afterEach(async () => {
  await context?.setOffline(false).catch(() => undefined);
  await restoreRemotes();
  await context?.close();
  context = undefined;
});

const workflowDoc = (id: string) => getAdminDb().collection('workflows').doc(id);
const storedWorkflow = async (id: string) => (await workflowDoc(id).get()).data() as { version: number; name: string; nodes: Array<{ type: string; name: string }> };
const saveStatus = () => page.getByTestId('save-status');
const agents = (workflow: { nodes: Array<{ type: string }> }) => workflow.nodes.filter((node) => node.type === 'agent').length;

/** Online: sign in, then the catalogue, the workflow in the builder and billing, as a user would. */
async function visitOnline(user: OfflineUser): Promise<void> {
  await signInThroughPage(page, user, shellUrl('/signin'));
  await makePremium(user.uid);
  await waitForServiceWorkerControl(page);
  await page.goto(shellUrl('/workflows'));
  await page.locator(`[data-testid="workflow-card"][data-workflow-id="${user.workflowId}"]`).waitFor();
  await page.goto(shellUrl(`/workflows/${user.workflowId}`));
  await page.getByTestId('builder-canvas').waitFor();
  await page.getByTestId('builder-node').first().waitFor();
  await page.goto(shellUrl('/billing'));
  await page.getByTestId('subscription-plan').waitFor();
  expect(await page.getByTestId('subscription-plan').textContent()).toContain('Premium');
  // The header's tokens come from the membership (saved on the device with it).
  await page.getByTestId('token-count').waitFor();
}

test('signed in offline: shell within 2 s, catalogue, workflow and billing from this device, actions disabled with the reason, an offline edit syncs, a conflicting one is offered', async () => {
  context = await launchBrowser();
  ({ page, pageErrors } = await newPage(context));
  const user = await createUserWithWorkflow('Basement Bea');
  await visitOnline(user);

  await goOffline(context);
  const started = Date.now();
  await page.reload({ waitUntil: 'commit' });
  await page.getByTestId('user-status').filter({ hasText: 'Signed in as Basement Bea' }).waitFor({ timeout: 2_000 });
  expect(Date.now() - started).toBeLessThan(2_000);
  await page.getByTestId('offline-indicator').waitFor();
  expect(await page.getByTestId('offline-indicator').textContent()).toContain('Offline');

  // Billing: the last known plan, said to be that; never "no paid subscription"; actions disabled with the reason.
  const billingNote = page.getByTestId('billing-offline');
  await billingNote.waitFor();
  expect(await billingNote.textContent()).toMatch(/^We can't reach billing right now\. This is your last known plan\.Saved on this device, as of .+/);
  expect(await page.getByTestId('subscription-plan').textContent()).toContain('Premium');
  expect(await page.getByText('You have no paid subscription', { exact: false }).count()).toBe(0);
  const cancel = page.getByTestId('cancel-subscription');
  expect(await cancel.isDisabled()).toBe(true);
  expect(await page.locator(`#${await cancel.getAttribute('aria-describedby')}`).textContent()).toBe(WHY_EN);
  expect(await page.getByTestId('toast').count()).toBe(0);

  // The catalogue: the user's workflows saved on this device, marked as such.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Workflows' }).click();
  const catalogueNote = page.getByTestId('catalogue-offline');
  await catalogueNote.waitFor({ timeout: 15_000 });
  expect(await catalogueNote.textContent()).toMatch(/You're offline — showing workflows saved on this deviceSaved on this device, as of .+/);
  const card = page.locator(`[data-testid="workflow-card"][data-workflow-id="${user.workflowId}"]`);
  await card.waitFor();

  // The workflow in the builder, from Firestore's persistent cache.
  await card.getByRole('link').click();
  const builderNote = page.getByTestId('builder-offline');
  await builderNote.waitFor({ timeout: 15_000 });
  expect(await builderNote.textContent()).toMatch(/^You're offline\. Your changes are saved on this device and sync when you're back online\.Saved on this device, as of .+/);
  const nodesBefore = await page.getByTestId('builder-node').count();
  expect(nodesBefore).toBe((await storedWorkflow(user.workflowId)).nodes.length);
  const agentsBefore = agents(await storedWorkflow(user.workflowId));
  // Run needs the network: disabled, with the reason.
  const run = page.getByTestId('builder-run');
  expect(await run.isDisabled()).toBe(true);
  expect(await page.getByTestId('builder-run-offline').textContent()).toBe(WHY_EN);

  // Edit offline: kept on this device.
  await page.getByRole('button', { name: 'Add Agent' }).click();
  await saveStatus().filter({ hasText: "Saved on this device — syncs when you're back online" }).waitFor({ timeout: 10_000 });
  expect((await storedWorkflow(user.workflowId)).version).toBe(1);

  // Back online: the edit reaches Firestore, on top of version 1.
  await goOnline(context);
  await saveStatus().filter({ hasText: 'All changes saved' }).waitFor({ timeout: 30_000 });
  const synced = await eventually(() => storedWorkflow(user.workflowId), (stored) => stored.version === 2);
  expect(synced.nodes).toHaveLength(nodesBefore + 1);
  expect(agents(synced)).toBe(agentsBefore + 1);
  await page.getByTestId('offline-indicator').waitFor({ state: 'detached' });

  // Offline again, another edit; meanwhile someone else saves version 3 (the Admin SDK, as another device would).
  await goOffline(context);
  await page.getByRole('button', { name: 'Add Condition' }).click();
  await saveStatus().filter({ hasText: 'Saved on this device' }).waitFor({ timeout: 10_000 });
  const theirs = { ...synced, version: 3, name: 'Renamed on the office PC' };
  await workflowDoc(user.workflowId).set({ ...theirs, updatedAt: new Date() });
  await workflowDoc(user.workflowId).collection('versions').doc('3').set({ version: 3, name: theirs.name, nodes: theirs.nodes, edges: (synced as unknown as { edges: unknown[] }).edges, savedBy: 'someone-else', savedByName: 'Office PC', savedAt: new Date() });

  await goOnline(context);
  const dialog = page.getByTestId('conflict-dialog');
  await dialog.waitFor({ timeout: 30_000 });
  expect(await dialog.getByTestId('conflict-theirs').textContent()).toContain('Renamed on the office PC');
  expect(await dialog.getByTestId('conflict-theirs').textContent()).toContain('Version 3 on the server');
  expect(await dialog.getByTestId('conflict-mine').textContent()).toContain(`Steps: ${nodesBefore + 2}`);
  // Offered, not overwritten: Firestore still has their version.
  expect(await storedWorkflow(user.workflowId)).toMatchObject({ version: 3, name: 'Renamed on the office PC' });
  expect(await saveStatus().textContent()).toBe('Changed elsewhere — choose a version');

  // The user keeps their own version: written on top of version 3, which stays in the history.
  await dialog.getByTestId('conflict-keep-mine').click();
  await saveStatus().filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
  const kept = await eventually(() => storedWorkflow(user.workflowId), (stored) => stored.version === 4);
  expect(kept.nodes).toHaveLength(nodesBefore + 2);
  expect(kept.nodes.some((node) => node.type === 'condition')).toBe(true);
  expect((await workflowDoc(user.workflowId).collection('versions').doc('3').get()).data()?.name).toBe('Renamed on the office PC');
  expect(pageErrors).toEqual([]);
});

test('offline in German: the run button and billing actions are disabled with the explanation', async () => {
  context = await launchBrowser();
  ({ page, pageErrors } = await newPage(context));
  const user = await createUserWithWorkflow('Keller Karl');
  await signInThroughPage(page, user, shellUrl('/signin'));
  // German through the language menu (saved in the profile and on the device), then the online visits.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await page.getByTestId('user-status').filter({ hasText: 'Angemeldet als Keller Karl' }).waitFor();
  await makePremium(user.uid);
  await waitForServiceWorkerControl(page);
  await page.goto(shellUrl(`/workflows/${user.workflowId}`));
  await page.getByTestId('builder-node').first().waitFor();
  await page.goto(shellUrl('/billing'));
  await page.getByTestId('subscription-plan').waitFor();

  await goOffline(context);
  await page.reload();
  await page.getByTestId('offline-indicator').filter({ hasText: 'Keine Verbindung' }).waitFor();
  const note = page.getByTestId('billing-offline');
  await note.waitFor();
  expect(await note.textContent()).toMatch(/^Die Abrechnung ist gerade nicht erreichbar\. Dies ist Ihr zuletzt bekannter Tarif\.Auf diesem Gerät gespeichert, Stand .+/);
  const cancel = page.getByTestId('cancel-subscription');
  expect(await cancel.isDisabled()).toBe(true);
  expect(await page.locator(`#${await cancel.getAttribute('aria-describedby')}`).textContent()).toBe(WHY_DE);

  await page.goto(shellUrl(`/workflows/${user.workflowId}`));
  const run = page.getByTestId('builder-run');
  await run.waitFor({ timeout: 15_000 });
  expect(await run.isDisabled()).toBe(true);
  expect(await run.textContent()).toBe('Ausführen');
  expect(await page.getByTestId('builder-run-offline').textContent()).toBe(WHY_DE);
  expect(pageErrors).toEqual([]);
});

test('on an iPhone, Install Now is remembered: the modal does not return on reload, nor the Install app bar', async () => {
  context = await launchBrowser({ width: 390, height: 844 }, { installPrompt: 'fresh', userAgent: IPHONE_UA });
  ({ page, pageErrors } = await newPage(context));
  await page.goto(shellUrl('/'));
  const bar = page.getByTestId('install-bar');
  await bar.waitFor();
  // The bar is in the page's flow above the header: it covers nothing.
  expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('static');
  const barBox = await bar.boundingBox();
  const headerBox = await page.locator('header.app-header').boundingBox();
  expect(barBox && headerBox && barBox.y + barBox.height <= headerBox.y + 0.5).toBe(true);

  const modal = page.getByTestId('install-modal');
  await modal.waitFor({ timeout: 15_000 });
  await modal.getByRole('button', { name: 'Install Now' }).click();
  await page.waitForURL((url) => url.pathname === '/pwa/install-instructions' && url.searchParams.get('platform') === 'ios');
  expect(await bar.count()).toBe(0);

  await page.reload();
  await page.locator('main h1').waitFor();
  await page.waitForTimeout(5_000); // past the 3 s after which it would open
  expect(await modal.count()).toBe(0);
  expect(await bar.count()).toBe(0);
  await page.goto(shellUrl('/'));
  await page.locator('main h1').waitFor();
  await page.waitForTimeout(4_000);
  expect(await modal.count()).toBe(0);
  expect(pageErrors).toEqual([]);
});
