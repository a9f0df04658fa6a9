// Issue 21's workspace journey as steps: an admin creates a workspace from
// the header's switcher, invites a user by e-mail from its members page (the
// e-mail reaches the stack's real SMTP server: support/workspacesMail.ts),
// the invitee opens the link and accepts, the admin builds a workflow in the
// workspace whose approval step names the workspace role workspace_admin and
// shares it with the invitee as runner; the invitee runs it; the approval
// lands in the admin's bell and inbox, approving there completes the run and
// the dashboard counts it. Controls are found by the words the reader sees
// (the catalogs, translatorFor) and roles, as in the other journeys.
import type { BrowserContext, Page } from 'playwright-core';
import { getAdminAuth, getAdminDb } from '@agentflow/shared/server';
import { launchBrowser, newPage } from './browser';
import { desktop, newJourney, shoot, type Journey, type Translate } from './builderJourney';
import { addFromPalette } from './controlFlow';
import { freshEmail } from './signUp';
import { shellUrl } from './stack';

export interface Person {
  email: string;
  password: string;
  displayName: string;
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
  journey: Journey;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A catalog text with {{values}} as a pattern (what the reader sees, whatever the values). */
export const textPattern = (text: string) => new RegExp(escapeRegExp(text).replace(/\\\{\\\{\s*\w+\s*\\\}\\\}|\{\{\s*\w+\s*\}\}/g, '.+'));

/** A browser of one person (1280×800, English), with the journey helpers of the builder test. */
export async function openBrowserFor(prefix: string, displayName: string): Promise<Person> {
  const context = await launchBrowser({ width: 1280, height: 800 });
  const { page, pageErrors } = await newPage(context);
  const journey = await newJourney(page, desktop, 'en', prefix);
  return { email: freshEmail(prefix), password: `${prefix}-password-1`, displayName, context, page, pageErrors, journey };
}

/** Signs up through the sign-up page and waits for the signed-in header. */
export async function signUp(person: Person): Promise<void> {
  const { page, journey } = person;
  const { t } = journey;
  await page.goto(shellUrl('/signup'));
  await page.getByLabel(t('auth.signIn.email')).fill(person.email);
  await page.getByLabel(t('auth.signIn.password'), { exact: true }).fill(person.password);
  await page.getByLabel(t('auth.signUp.displayName')).fill(person.displayName);
  await page.getByRole('button', { name: t('auth.signUp.submit') }).click();
  await page.waitForURL((url) => url.pathname !== '/signup');
  await page.getByTestId('workspace-switcher').waitFor();
}

/**
 * Test setup, not the journey: an account whose e-mail is verified (the
 * product sends no verification e-mail; the Auth emulator's Admin SDK marks
 * it), as an invitation is accepted only with the verified address it went to.
 */
export async function createVerifiedAccount(person: Person): Promise<string> {
  const user = await getAdminAuth().createUser({ email: person.email, password: person.password, displayName: person.displayName, emailVerified: true });
  return user.uid;
}

/** Test setup: a signed-up account's e-mail verified (platform-api e-mails only verified addresses). */
export async function markVerified(email: string): Promise<void> {
  const { uid } = await getAdminAuth().getUserByEmail(email);
  await getAdminAuth().updateUser(uid, { emailVerified: true });
}

/** Test setup: the admin pays for Basic (3 seats), as the billing journey shows buying it. */
export async function putOnPlan(email: string, role: 'basic' | 'premium'): Promise<void> {
  const { uid } = await getAdminAuth().getUserByEmail(email);
  await getAdminDb().collection('userMemberships').doc(uid).set({ role, tokensRemaining: 2000 }, { merge: true });
}

/** The header's switcher names the current workspace (its description, the title, says "Workspace: <name>"). */
async function currentWorkspaceIs(page: Page, t: Translate, name: string): Promise<void> {
  const switcher = page.getByTestId('workspace-switcher');
  // Attached, not visible: a phone's header keeps the switcher in its closed menu.
  await switcher.filter({ hasText: name }).and(page.getByTitle(t('workspaceSwitcher.button', { name }), { exact: true })).waitFor({ state: 'attached' });
}

/** The header's switcher: "New workspace…", its dialog; the new workspace becomes current and its members page opens. */
export async function createWorkspace({ page, journey }: Person, name: string): Promise<void> {
  const { t } = journey;
  const S = 'workspaceSwitcher.';
  await page.goto(shellUrl('/workflows'));
  await page.getByTestId('workspace-switcher').click();
  await page.getByRole('menuitem', { name: t(`${S}create`) }).click();
  const dialog = page.getByRole('dialog', { name: t(`${S}createDialog.title`) });
  await dialog.getByLabel(t(`${S}createDialog.nameLabel`), { exact: true }).fill(name);
  await dialog.getByRole('button', { name: t(`${S}createDialog.submit`) }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.waitForURL((url) => url.pathname === '/admin/access/workspace');
  await currentWorkspaceIs(page, t, name);
  await shoot(journey, '01-workspace-created');
}

/** Chooses `name` (or Personal) in the header's switcher. */
export async function switchWorkspace({ page, journey }: Person, name: string | null): Promise<void> {
  const { t } = journey;
  const label = name ?? t('workspaceSwitcher.personal');
  // A phone's header keeps the switcher in its menu.
  if (!(await page.getByTestId('workspace-switcher').isVisible())) await page.getByRole('button', { name: t('nav.openMenu') }).click();
  await page.getByTestId('workspace-switcher').click();
  // The current one's name starts with its check mark (✓), and each ends with the user's role there.
  await page.getByTestId('workspace-menu').getByRole('menuitemradio', { name: new RegExp(`(^|\\s)${escapeRegExp(label)}(\\s|$)`) }).click();
  await currentWorkspaceIs(page, t, label);
}

/** A blank workflow with a manual trigger in the current workspace's catalogue; the builder opens on it. */
export async function startWorkspaceWorkflow({ page, journey }: Person): Promise<void> {
  const { t } = journey;
  const L = 'workflows.lifecycle.';
  await page.goto(shellUrl('/workflows'));
  await page.getByTestId('catalogue-workspace-note').waitFor();
  await page.getByRole('button', { name: t(`${L}newWorkflow`) }).click();
  const dialog = page.getByRole('dialog', { name: t(`${L}create.title`) });
  await dialog.getByLabel(t(`${L}create.nameLabel`)).fill(journey.workflowName);
  await dialog.getByRole('radio', { name: new RegExp(`^\\s*${escapeRegExp(t(`${L}create.triggers.manual.title`))}`) }).check();
  await dialog.getByRole('button', { name: t(`${L}create.create`) }).click();
  await page.waitForURL((url) => /^\/workflows\/[^/]+$/.test(url.pathname));
  await page.getByTestId('builder-canvas').waitFor();
  journey.ids.trigger = (await page.locator('[data-testid="builder-node"][data-node-type="trigger.manual"]').first().getAttribute('data-node-id'))!;
}

/** The approval step after the trigger, naming `approvers` (comma-separated, as the field says) with `message`. */
export async function addApprovalStep(person: Person, approvers: string, message: string): Promise<string> {
  const { page, journey } = person;
  const { t } = journey;
  await desktop.openNode(journey, journey.ids.trigger);
  const approvalId = await addFromPalette(journey, t('workflows.builder.nodeTypes.approval').toLowerCase(), 'approval');
  const config = await desktop.openNode(journey, approvalId);
  const approversField = config.getByLabel(t('workflows.builder.fields.approvers'), { exact: true });
  await approversField.fill(approvers);
  await approversField.blur();
  const messageField = config.getByLabel(t('workflows.builder.fields.message'), { exact: true });
  await messageField.fill(message);
  await messageField.blur();
  await page
    .waitForFunction(() => [...document.querySelectorAll('[data-testid="builder-node"]')].every((n) => n.getAttribute('data-problems') === '0'), undefined, { timeout: 10_000 })
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}\nProblems: ${await page.getByTestId('problems-list').textContent().catch(() => '?')}`);
    });
  await page.getByTestId('save-status').filter({ hasText: t('workflows.builder.status.saved') }).waitFor();
  await shoot(journey, '04-approval-step');
  return approvalId;
}

/** The workspace's catalogue card of the journey's workflow. */
export function workflowCard({ page, journey }: Person) {
  return page.getByTestId('workflow-card').filter({ has: page.getByRole('heading', { name: journey.workflowName }) });
}

/** From the catalogue card's ⋯ menu: Share…, the invitee's e-mail with "Can run". */
export async function shareAsRunner(admin: Person, email: string): Promise<void> {
  const { page, journey } = admin;
  const { t } = journey;
  const D = 'workflows.sharing.dialog.';
  await page.goto(shellUrl('/workflows'));
  const card = workflowCard(admin);
  await card.waitFor();
  await card.getByRole('button', { name: t('workflows.lifecycle.menu.button') }).click();
  await page.getByRole('menuitem', { name: t('workflows.sharing.menu.share') }).click();
  const dialog = page.getByRole('dialog', { name: t(`${D}title`, { name: journey.workflowName }) });
  await dialog.waitFor();
  await dialog.getByLabel(t('emailRoleForm.emailLabel'), { exact: true }).fill(email);
  await dialog.getByLabel(t(`${D}roleLabel`), { exact: true }).selectOption({ label: t('workflows.sharing.roles.workspace_runner') });
  await dialog.getByRole('button', { name: t(`${D}add`), exact: true }).click();
  await dialog.getByRole('status').filter({ hasText: t(`${D}added`, { email }) }).waitFor();
  await dialog.getByTestId('share-list').getByText(email).waitFor();
  await shoot(journey, '05-shared-as-runner');
  await dialog.getByRole('button', { name: t(`${D}close`) }).click();
}

/** The runner opens the workflow from the workspace's catalogue and starts a run; resolves with the run's id. */
export async function runFromCatalogue(runner: Person): Promise<string> {
  const { page, journey } = runner;
  const { t } = journey;
  await page.goto(shellUrl('/workflows'));
  const card = workflowCard(runner);
  await card.waitFor();
  await card.getByRole('link', { name: t('workflows.catalogue.card.openLabel', { name: journey.workflowName }) }).click();
  await page.getByTestId('builder-canvas').waitFor();
  await page.getByTestId('builder-run').click();
  const form = page.getByTestId('run-form');
  await form.waitFor();
  await form.getByRole('button', { name: t('workflows.runs.form.submit') }).click();
  await page.waitForURL((url) => /^\/workflows\/[^/]+\/runs\/[^/]+$/.test(url.pathname));
  await page.locator('[data-testid="run-view"][data-status="waiting"]').waitFor({ timeout: 30_000 });
  return (await page.getByTestId('run-view').getAttribute('data-run-id'))!;
}

/** The admin's header, live: the bell counts the approval waiting and lists it; the inbox link beside it counts it too. */
export async function bellShowsApproval(admin: Person): Promise<void> {
  const { page, journey } = admin;
  const { t } = journey;
  await page.getByTestId('notifications-badge').filter({ hasText: /^[1-9]/ }).waitFor({ timeout: 30_000 });
  await page.getByTestId('approvals-badge').filter({ hasText: '1' }).waitFor();
  await page.getByTestId('notifications-button').click();
  const item = page.locator('[data-testid="notification"][data-kind="approval_waiting"]').filter({ hasText: journey.workflowName });
  await item.waitFor();
  await item.getByRole('link', { name: t('notifications.approval.open') }).waitFor();
  await shoot(journey, '07-bell');
  // Closed unread: the step's decision is what reads it (platform-api marks every approver's entry).
  await page.keyboard.press('Escape');
  await page.getByTestId('approvals-link').click();
  await page.waitForURL((url) => url.pathname === '/workflows/approvals');
}

/** The inbox card of the journey's workflow: what is approved, by whom, who may decide; a comment and Approve. */
export async function approveFromInbox(admin: Person, { message, requestedBy, comment }: { message: string; requestedBy: string; comment: string }): Promise<void> {
  const { page, journey } = admin;
  const { t } = journey;
  const I = 'approvals.item.';
  const card = page.getByTestId('approval-item').filter({ has: page.getByRole('heading', { name: journey.workflowName }) });
  await card.waitFor();
  expect(await card.getByTestId('approval-message').textContent()).toBe(message);
  await card.getByText(t(`${I}requestedBy`, { name: requestedBy })).waitFor();
  expect(await card.getByTestId('approval-approvers').textContent()).toBe(`${t(`${I}approvers`)} ${t('approvals.roles.workspace_admin')}`);
  await card.getByLabel(t(`${I}comment`)).fill(comment);
  await shoot(journey, '08-inbox');
  await card.getByRole('button', { name: t(`${I}approve`), exact: true }).click();
  await page.getByTestId('toast').filter({ hasText: t('approvals.toasts.approved', { name: journey.workflowName }) }).waitFor();
  await card.waitFor({ state: 'detached' });
  // Decided: the bell's entry is read and the inbox link counts nothing.
  await page.getByTestId('approvals-badge').waitFor({ state: 'detached', timeout: 15_000 });
  await page.getByTestId('notifications-badge').waitFor({ state: 'detached' });
}

/**
 * The members page's "Invite by e-mail": the address as Workspace viewer.
 * `refusedNaming`: the owner's plan has no seat left; the page says so in
 * words naming the plan with more seats, and nothing is sent.
 */
export async function inviteMember({ page, journey }: Person, email: string, { refusedNaming }: { refusedNaming?: 'basic' | 'premium' } = {}): Promise<void> {
  const { t } = journey;
  const I = 'workspacePages.invitations.';
  if (new URL(page.url()).pathname !== '/admin/access/workspace') await page.goto(shellUrl('/admin/access/workspace'));
  await page.getByLabel(t('emailRoleForm.emailLabel'), { exact: true }).fill(email);
  await page.getByLabel(t(`${I}roleLabel`), { exact: true }).selectOption({ label: t('workspacePages.roles.workspace_viewer') });
  await page.getByRole('button', { name: t(`${I}invite`), exact: true }).click();
  if (refusedNaming) {
    const refusal = t(`${I}seatLimit`, { current: t('workspacePages.plans.free'), plan: t(`workspacePages.plans.${refusedNaming}`) });
    await page.getByRole('alert').filter({ hasText: refusal }).waitFor();
    await shoot(journey, '02-seat-limit');
    return;
  }
  await page.getByText(t(`${I}invited`, { email })).waitFor();
  await page.getByRole('table', { name: t(`${I}tableLabel`) }).getByRole('row').filter({ hasText: email }).waitFor();
  await shoot(journey, '03-invited');
}

/**
 * The invitee opens the e-mail's link signed out: the sign-in page, back to
 * the invitation after signing in, Accept; the workspace becomes theirs and current.
 */
export async function acceptInvitation({ page, journey, email, password }: Person, link: string, workspaceName: string): Promise<void> {
  const { t } = journey;
  await page.goto(link);
  await page.waitForURL((url) => url.pathname === '/signin');
  await page.getByLabel(t('auth.signIn.email')).fill(email);
  await page.getByLabel(t('auth.signIn.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('auth.signIn.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === new URL(link).pathname);
  const accept = page.getByRole('button', { name: t('workspacePages.received.acceptLabel', { workspace: workspaceName }) });
  await accept.waitFor();
  await shoot(journey, '01-invitation');
  await accept.click();
  await page.getByText(t('workspacePages.invitation.accepted', { workspace: workspaceName })).waitFor();
  await currentWorkspaceIs(page, t, workspaceName);
  await shoot(journey, '02-invitation-accepted');
}

/**
 * From the home page's "Go to Dashboard", in the workspace: the run is
 * counted (runs, success rate) and nothing waits any more; the Runs figure
 * opens the executions it counts, where the run is listed as succeeded.
 */
export async function dashboardCountsRun({ page, journey }: Person, runId: string): Promise<void> {
  const { t } = journey;
  const D = 'workflows.dashboard.';
  await page.goto(shellUrl('/'));
  await page.getByRole('link', { name: t('home.goToDashboard') }).click();
  await page.waitForURL((url) => url.pathname === '/workflows/dashboard');
  await page.getByRole('heading', { level: 1, name: t(`${D}title`) }).waitFor();
  const kpi = (label: string) => page.locator('.dashboard-kpi').filter({ has: page.locator('.dashboard-kpi-label').getByText(label, { exact: true }) });
  const value = async (label: string) => (await kpi(label).locator('.dashboard-kpi-value').textContent())?.trim();
  await kpi(t(`${D}figures.runs`)).waitFor();
  expect({
    runs: await value(t(`${D}figures.runs`)),
    successRate: await value(t(`${D}figures.successRate`)),
    failed: await value(t(`${D}figures.failed`)),
    approvals: await value(t(`${D}figures.approvals`)),
  }).toEqual({ runs: '1', successRate: '100%', failed: '0', approvals: '0' });
  await shoot(journey, '09-dashboard');
  await kpi(t(`${D}figures.runs`)).click();
  await page.waitForURL((url) => url.pathname === '/workflows/executions');
  const row = page.locator('.executions-table tbody tr').filter({ has: page.getByRole('link', { name: journey.workflowName, exact: true }) });
  await row.waitFor();
  expect(await row.getAttribute('data-status')).toBe('succeeded');
  expect(await row.getByRole('link', { name: journey.workflowName, exact: true }).getAttribute('href')).toContain(runId);
  await shoot(journey, '10-executions');
}
