// Access control end to end: an administrator creates a role with two
// permissions, assigns it to a user inside an organization, the user's console
// reflects it after a reload, the administrator revokes it, and the audit log
// shows both changes with the administrator's e-mail.
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { signUpThroughPage } from '../support/signUp';
import { shellUrl } from '../support/stack';

const ADMIN = { email: 'admin@agentflow.local', password: 'agentflow-admin' };
const run = Date.now().toString(36);
const USER = { email: `field-lead-${run}@example.com`, password: 'field-lead-password', name: 'Field Lead' };
const ROLE = { id: `audit_reader_${run}`, name: `Audit reader ${run}` };
const ORGANIZATION = `Acme Field Ops ${run}`;

let adminContext: BrowserContext;
let userContext: BrowserContext;
let admin: Page;
let user: Page;
const errors: string[][] = [];

beforeAll(async () => {
  adminContext = await launchBrowser();
  userContext = await launchBrowser();
  const a = await newPage(adminContext);
  const u = await newPage(userContext);
  admin = a.page;
  user = u.page;
  errors.push(a.pageErrors, u.pageErrors);
});

afterAll(async () => {
  await adminContext?.close();
  await userContext?.close();
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto(shellUrl('/signin'));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/signin');
}

async function openTab(page: Page, tab: string) {
  await page.goto(shellUrl(`/admin/access/${tab}`));
  await page.getByRole('heading', { level: 1, name: 'Access control' }).waitFor();
}

test('the user starts without access: the console answers with a translated 403', async () => {
  await signUpThroughPage(user, { email: USER.email, password: USER.password, displayName: USER.name });
  await user.goto(shellUrl('/admin/access/audit'));
  await user.getByTestId('access-forbidden').waitFor();
  expect(await user.getByTestId('access-forbidden').textContent()).toContain('Access denied');
});

test('the administrator creates an organization and a role with two permissions', async () => {
  await signIn(admin, ADMIN.email, ADMIN.password);
  await openTab(admin, 'organizations');
  await admin.getByRole('button', { name: 'Create organization' }).click();
  await admin.getByLabel('Organization name').fill(ORGANIZATION);
  await admin.getByTestId('organization-form').getByRole('button', { name: 'Save' }).click();
  await admin.getByTestId('organization-row').filter({ hasText: ORGANIZATION }).waitFor();

  await openTab(admin, 'roles');
  await admin.getByRole('button', { name: 'Create role' }).click();
  const form = admin.getByTestId('role-form');
  await form.getByLabel('Role ID').fill(ROLE.id);
  await form.getByLabel('Role name').fill(ROLE.name);
  await form.getByLabel('Description').fill('Reads the audit log and finds users');
  await form.getByTestId('role-permission-read_audit_log').check();
  await form.getByTestId('role-permission-read_users').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await admin.locator(`[data-testid="role-row"][data-role-id="${ROLE.id}"]`).waitFor();
});

test('assigned in the organization, the user sees the audit log after a reload; revoked, it is gone', async () => {
  await openTab(admin, 'users');
  await admin.getByRole('searchbox', { name: 'Search users by e-mail' }).fill(USER.email.slice(0, 14));
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await admin.getByRole('button', { name: `Select ${USER.email}` }).click();
  const assign = admin.getByTestId('assign-form');
  await assign.getByLabel('Role').selectOption({ label: ROLE.name });
  await assign.getByLabel('Organization').selectOption({ label: ORGANIZATION });
  await assign.getByRole('button', { name: 'Assign' }).click();
  const row = admin.locator(`[data-testid="assignment-row"][data-role-id="${ROLE.id}"]`);
  await row.waitFor();

  // The user's console now offers the audit log (their role holds read_audit_log in the organization).
  await user.goto(shellUrl('/admin/access'));
  await user.reload();
  await user.getByRole('link', { name: 'Audit log' }).waitFor();
  expect(await user.getByTestId('access-forbidden').count()).toBe(0);

  await row.getByRole('button', { name: 'Revoke' }).click();
  await row.waitFor({ state: 'detached' });

  await user.goto(shellUrl('/admin/access/audit'));
  await user.reload();
  await user.getByTestId('access-forbidden').waitFor();
});

test('the audit log shows the assignment and the revocation by the administrator', async () => {
  await openTab(admin, 'audit');
  for (const action of ['ASSIGN_ROLE', 'REVOKE_ROLE']) {
    const entry = admin.locator(`[data-testid="audit-row"][data-action="${action}"]`).filter({ hasText: ADMIN.email }).first();
    await entry.waitFor();
    await entry.getByRole('button', { name: 'Details' }).click();
    const details = admin.getByTestId('audit-details-json');
    await details.waitFor();
    expect(await details.textContent()).toContain(ROLE.id);
    await admin.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
  }
  for (const pageErrors of errors) expect(pageErrors).toEqual([]);
});
