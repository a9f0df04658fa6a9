// Signing up, in and out, the demo account, Google through the Auth
// emulator's own sign-in page, profile edits and the sign-in guard, in
// Chromium against the emulators. Results are checked in Firestore and Auth
// with the Admin SDK, not only on screen.
import type { BrowserContext, Page } from 'playwright-core';
import { getAdminAuth, getAdminDb } from '@agentflow/shared/server';
import { DEFAULT_DEMO_USER } from '@agentflow/shared/runtime-config';
import { launchBrowser, newPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { shellUrl } from '../support/stack';

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let counter = 0;

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`;

beforeEach(async () => {
  context = await launchBrowser(); // a fresh profile: nobody signed in
  ({ page, pageErrors } = await newPage(context));
});

afterEach(async () => {
  await context.close();
});

const userStatus = (target: Page) => target.getByTestId('user-status');

async function signUp(target: Page, email: string, password: string, displayName: string): Promise<void> {
  await target.goto(shellUrl('/signup'));
  await target.getByLabel('E-mail').fill(email);
  await target.getByLabel('Password').fill(password);
  await target.getByLabel('Display name').fill(displayName);
  await target.getByRole('button', { name: 'Create account' }).click();
  await userStatus(target).filter({ hasText: `Signed in as ${displayName}` }).waitFor();
}

async function signIn(target: Page, email: string, password: string): Promise<void> {
  await target.getByLabel('E-mail').fill(email);
  await target.getByLabel('Password').fill(password);
  await target.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(target: Page): Promise<void> {
  await userStatus(target).click();
  await target.getByRole('menuitem', { name: 'Sign out' }).click();
  await target.locator('nav#main-nav').getByRole('link', { name: 'Sign in' }).waitFor();
}

async function profileOf(email: string) {
  const account = await getAdminAuth().getUserByEmail(email);
  const snapshot = await getAdminDb().collection('users').doc(account.uid).get();
  return { account, profile: snapshot.data() };
}

test('sign up creates the account and a b2c_user profile with the display name; sign out; sign in again', async () => {
  const email = uniqueEmail('ada');
  await signUp(page, email, 'correct-horse-42', 'Ada Lovelace');
  // Without a next, a new account lands on the dashboard (issue 21).
  await page.waitForURL((url) => url.pathname === '/workflows/dashboard');

  const { account, profile } = await profileOf(email);
  expect(account.displayName).toBe('Ada Lovelace');
  expect(profile).toMatchObject({ email, displayName: 'Ada Lovelace', roles: ['b2c_user'], preferences: {}, phoneNumber: null });
  expect(profile?.createdAt.toDate()).toBeInstanceOf(Date);
  const firstLogin = profile?.lastLogin.toMillis() as number;

  await signOut(page);
  expect(await userStatus(page).textContent()).toBe('Guest');

  await page.goto(shellUrl('/signin'));
  await signIn(page, email, 'correct-horse-42');
  await userStatus(page).filter({ hasText: 'Signed in as Ada Lovelace' }).waitFor();
  // lastLogin moves on each sign-in.
  await eventually(async () => (await profileOf(email)).profile?.lastLogin.toMillis() as number, (millis) => millis > firstLogin);
  expect(pageErrors).toEqual([]);
});

test('a wrong password shows the mapped sentence, not a Firebase code', async () => {
  const email = uniqueEmail('grace');
  await getAdminAuth().createUser({ email, password: 'right-password-1' });
  await page.goto(shellUrl('/signin'));
  await signIn(page, email, 'wrong-password-1');
  const alert = page.getByRole('alert');
  await alert.filter({ hasText: 'Error signing in: The e-mail or password is incorrect.' }).waitFor();
  expect(await alert.textContent()).not.toMatch(/auth\//);
  expect(await userStatus(page).textContent()).toBe('Guest');
});

test("an e-mail already in use: 'Error creating account: ...' and no second account", async () => {
  const email = uniqueEmail('taken');
  await getAdminAuth().createUser({ email, password: 'first-password-1' });
  await page.goto(shellUrl('/signup'));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('another-password-1');
  await page.getByLabel('Display name').fill('Impostor');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('alert').filter({ hasText: 'Error creating account: An account already uses this e-mail address.' }).waitFor();
  const { account } = await profileOf(email);
  expect(account.displayName).toBeUndefined();
});

test('the sign-up form checks its fields before calling anything', async () => {
  await page.goto(shellUrl('/signup'));
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Enter a valid e-mail address.').waitFor();
  await page.getByText('Use at least 8 characters.').waitFor();
  await page.getByText('Enter a display name.').waitFor();
  expect(new URL(page.url()).pathname).toBe('/signup');
});

test("'Try the demo' signs in the demo account, with no profile read or written", async () => {
  // Requests to Firestore that name a profile document (users/…), in the URL or the body. The
  // header's notifications bell listens to notifications/ once someone is signed in: not a profile read.
  const firestoreRequests: string[] = [];
  const decoded = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      return text;
    }
  };
  page.on('request', (request) => {
    if (new URL(request.url()).port !== '8080') return;
    const seen = `${decoded(request.url())} ${decoded(request.postData() ?? '')}`;
    if (/documents\/users\//.test(seen)) firestoreRequests.push(request.url());
  });
  // Straight to the profile: the default landing page (/workflows) lists the
  // catalogue, whose queries are not profile reads and would race this count.
  await page.goto(shellUrl('/signin?next=%2Fprofile'));
  await page.getByRole('button', { name: 'Try the demo' }).click();
  await userStatus(page).filter({ hasText: 'Signed in as Demo User' }).waitFor();
  await page.getByText('You are using the shared demo account, which has no profile.').waitFor();
  expect(new URL(page.url()).pathname).toBe('/profile');
  expect(firestoreRequests).toEqual([]);
  const demo = await getAdminAuth().getUserByEmail(DEFAULT_DEMO_USER.email);
  expect((await getAdminDb().collection('users').doc(demo.uid).get()).exists).toBe(false);
});

test('Google sign-in through the Auth emulator’s own popup creates a profile with the Google display name', async () => {
  const email = uniqueEmail('google');
  await page.goto(shellUrl('/signin'));
  const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Continue with Google' }).click()]);
  await popup.waitForLoadState();
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill('Grace Hopper');
  await popup.locator('#sign-in').click();
  await userStatus(page).filter({ hasText: 'Signed in as Grace Hopper' }).waitFor();
  const { account, profile } = await profileOf(email);
  expect(account.providerData.map((provider) => provider.providerId)).toContain('google.com');
  expect(profile).toMatchObject({ email, displayName: 'Grace Hopper', roles: ['b2c_user'] });
});

test('a profile edit persists across a reload', async () => {
  const email = uniqueEmail('edit');
  await signUp(page, email, 'correct-horse-42', 'Ada');
  await page.goto(shellUrl('/profile'));
  await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
  await page.getByLabel('Display name').fill('Ada King');
  await page.getByLabel('Phone number').fill('+44 20 7946 0958');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('status').filter({ hasText: 'Your profile is saved.' }).waitFor();

  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
  await eventually(() => page.getByLabel('Display name').inputValue(), (value) => value === 'Ada King');
  expect(await page.getByLabel('Phone number').inputValue()).toBe('+44 20 7946 0958');
  await userStatus(page).filter({ hasText: 'Signed in as Ada King' }).waitFor();
  const { account, profile } = await profileOf(email);
  expect(profile).toMatchObject({ displayName: 'Ada King', phoneNumber: '+44 20 7946 0958', roles: ['b2c_user'] });
  expect(account.displayName).toBe('Ada King');
});

test('a protected page sends a signed-out visitor to sign in, and back afterwards', async () => {
  const email = uniqueEmail('guard');
  await getAdminAuth().createUser({ email, password: 'correct-horse-42', displayName: 'Guarded' });
  await page.goto(shellUrl('/profile'));
  await page.waitForURL((url) => url.pathname === '/signin');
  expect(new URL(page.url()).searchParams.get('next')).toBe('/profile');
  await signIn(page, email, 'correct-horse-42');
  await page.waitForURL((url) => url.pathname === '/profile');
  await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
});

test('the signed-in state survives a reload and reaches the remotes through the shared provider', async () => {
  const email = uniqueEmail('persist');
  await signUp(page, email, 'correct-horse-42', 'Persistent Pat');
  await page.goto(shellUrl('/'));
  await page.getByTestId('host-name').filter({ hasText: 'Signed in as Persistent Pat' }).waitFor();
  await page.reload();
  await userStatus(page).filter({ hasText: 'Signed in as Persistent Pat' }).waitFor();
  await page.getByTestId('host-name').filter({ hasText: 'Signed in as Persistent Pat' }).waitFor();
});

test('a language chosen while signed in is saved in the profile and follows the user to another browser', async () => {
  const email = uniqueEmail('polyglot');
  await signUp(page, email, 'correct-horse-42', 'Polyglot');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await eventually(async () => (await profileOf(email)).profile?.preferences?.language, (language) => language === 'de');

  const otherBrowser = await launchBrowser();
  try {
    const { page: other } = await newPage(otherBrowser);
    await other.goto(shellUrl('/signin'));
    await signIn(other, email, 'correct-horse-42');
    // Sign-in lands on the dashboard (issue 21), in German: its German title differs from the English 'Dashboard'.
    await other.waitForURL((url) => url.pathname === '/workflows/dashboard');
    await other.getByRole('heading', { level: 1, name: 'Workflow-Dashboard' }).waitFor();
    expect(await other.evaluate(() => document.documentElement.lang)).toBe('de');
  } finally {
    await otherBrowser.close();
  }
});
