// The seed's error boundary around the shell's own pages, in the production
// build: a render error thrown inside the profile page (through the shell's
// test-only render-fault hook, see e2e/support/testHooks.ts) shows the error
// screen inside the page frame, and Try Again recovers.
import type { BrowserContext, Page } from 'playwright-core';
import { getAdminAuth } from '@agentflow/shared/server';
import { launchBrowser, newPage } from '../support/browser';
import { enableTestHooks, setRenderFault } from '../support/testHooks';
import { shellUrl } from '../support/stack';

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let counter = 0;

afterEach(async () => {
  await context?.close();
});

/** A new account, signed in through the sign-in page; ends on the workflows page. */
async function signInNewUser(displayName: string): Promise<void> {
  const email = `boundary-${Date.now()}-${counter++}@example.com`;
  await getAdminAuth().createUser({ email, password: 'correct-horse-42', displayName });
  await page.goto(shellUrl('/signin'));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('correct-horse-42');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('user-status').filter({ hasText: `Signed in as ${displayName}` }).waitFor();
}

/** Opens the profile the way a user does: the user menu's Profile item (a client-side navigation). */
async function openProfileFromMenu(): Promise<void> {
  // The account button (on wide screens it shows the avatar only; its name is "Signed in as …").
  await page.getByRole('button', { name: /^Signed in as / }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await page.waitForURL((url) => url.pathname === '/profile');
}

test('a render error thrown inside the profile page shows the error screen; Try Again recovers', async () => {
  context = await launchBrowser();
  await enableTestHooks(context);
  ({ page, pageErrors } = await newPage(context));
  const consoleErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  await signInNewUser('Boundary Bea');

  await setRenderFault(page, 'profile');
  await openProfileFromMenu();
  const errorScreen = page.locator('main').getByRole('alert');
  await errorScreen.waitFor();
  expect(await errorScreen.getByRole('heading', { level: 1 }).textContent()).toBe('Something went wrong');
  expect(await errorScreen.textContent()).toContain('An unexpected error occurred. Please try refreshing the page.');
  expect(await page.getByRole('heading', { level: 1, name: 'Your profile' }).count()).toBe(0);
  // The boundary caught it (logged by the shell), nothing escaped to the window, and the frame stays.
  expect(consoleErrors.some((text) => text.includes('Agentflow: a page failed'))).toBe(true);
  expect(pageErrors).toEqual([]);
  expect(await page.getByTestId('user-status').textContent()).toBe('Signed in as Boundary Bea');

  await setRenderFault(page, null);
  await errorScreen.getByRole('button', { name: 'Try Again' }).click();
  await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
  await page.getByRole('textbox', { name: 'Display name' }).waitFor();
  expect(await page.locator('main').getByRole('alert').count()).toBe(0);
  expect(pageErrors).toEqual([]);
});

test('without the test configuration the hook is inert: the same request leaves the profile working', async () => {
  context = await launchBrowser();
  ({ page, pageErrors } = await newPage(context));
  await signInNewUser('Production Pia');
  await setRenderFault(page, 'profile');
  await openProfileFromMenu();
  await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
  await page.getByRole('textbox', { name: 'Display name' }).waitFor();
  expect(await page.locator('main').getByRole('alert').count()).toBe(0);
  expect(pageErrors).toEqual([]);
});
