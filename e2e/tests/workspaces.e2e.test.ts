// Issue 21's Chromium must-show, two people in two browsers at 1280×800: an
// admin creates a workspace from the header's switcher and invites a user by
// e-mail from its members page (first refused past the Free plan's one seat,
// in words naming Basic; on Basic it goes out). The invitation e-mail reaches
// a real SMTP server (smtp-server, where the e2e stack points platform-api's
// SMTP_URL) and its link opens the invitation in the invitee's browser, who
// signs in and accepts. The admin builds a workflow in the workspace whose
// approval step names the workspace role workspace_admin and shares it with
// the invitee as runner; the invitee runs it and the run waits. The approval
// lands in the admin's bell and inbox live; approving from the inbox with a
// comment completes the run (the invitee's run view turns succeeded) and the
// workspace's dashboard counts it. Then the same two on phones (390×844) in
// German: the runner runs it again and is told, in one sentence, that they
// may not decide; the admin approves with the approval e-mail's one-click
// link, which works once; executions list both runs. Every German screen is
// scanned for English left untranslated. SHOTS_DIR=<dir> keeps screenshots.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shellUrl } from '../support/stack';
import {
  acceptInvitation,
  addApprovalStep,
  approveFromInbox,
  bellShowsApproval,
  createVerifiedAccount,
  createWorkspace,
  dashboardCountsRun,
  inviteMember,
  markVerified,
  openBrowserFor,
  putOnPlan,
  runFromCatalogue,
  shareAsRunner,
  signUp,
  startWorkspaceWorkflow,
  switchWorkspace,
  type Person,
} from '../support/workspaces';
import { linksIn, startStackMailbox, type StackMail, type StackMailbox } from '../support/workspacesMail';
import { approveWithLink, englishFound, executionsListBoth, onPhone, runWaitsForSomeoneElse, signIn } from '../support/workspacesOnPhone';

// Two sign-ins, an e-mail, a workflow built in the builder, a run that waits for a decision.
jest.setTimeout(240_000);

if (process.env.SHOTS_DIR) mkdirSync(process.env.SHOTS_DIR, { recursive: true });

let mailbox: StackMailbox;
let admin: Person;
let invitee: Person;
/** What the first test leaves for the second: the workspace, the first run and the approval e-mail it sent. */
const story: { workspaceName?: string; firstRunId?: string; firstApprovalMail?: StackMail } = {};
let phones: Person[] = [];

beforeAll(async () => {
  mailbox = await startStackMailbox();
  admin = await openBrowserFor('ws-admin', 'Ada Admin');
  invitee = await openBrowserFor('ws-runner', 'Rico Runner');
});

afterAll(async () => {
  for (const person of phones) await person.context.close();
  await admin?.context.close();
  await invitee?.context.close();
  await mailbox?.close();
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MESSAGE = 'Send the quarterly report to the board?';

test('a workspace, an invitation accepted from its e-mail, a workflow shared as runner, a run approved from the inbox and counted on the dashboard', async () => {
  const workspaceName = `Board ${Date.now().toString(36)}`;
  admin.journey.workflowName = `Quarterly report ${Date.now().toString(36)}`;
  invitee.journey.workflowName = admin.journey.workflowName;
  const { t } = admin.journey;
  let failed: Person = admin;
  try {
    // The invitee already has an account with a verified e-mail (test setup); the admin signs up.
    await createVerifiedAccount(invitee);
    await signUp(admin);
    await markVerified(admin.email);

    // A workspace from the switcher; the Free plan's one seat is the owner's, so the invitation is refused naming Basic.
    await createWorkspace(admin, workspaceName);
    await inviteMember(admin, invitee.email, { refusedNaming: 'basic' });
    await putOnPlan(admin.email, 'basic');
    await inviteMember(admin, invitee.email);

    // The e-mail at the SMTP server: its link opens the invitation; the invitee signs in there and accepts.
    const mail = await mailbox.waitFor(invitee.email, new RegExp(workspaceName));
    const link = linksIn(mail.mail.text ?? '').find((candidate) => candidate.includes('/admin/access/invitations/'));
    expect(link).toBeDefined();
    expect(link!.startsWith(shellUrl('/admin/access/invitations/'))).toBe(true);
    failed = invitee;
    await acceptInvitation(invitee, link!, workspaceName);

    // The admin builds the workflow in the workspace: an approval step naming the workspace's admins.
    failed = admin;
    await startWorkspaceWorkflow(admin);
    await addApprovalStep(admin, 'workspace_admin', MESSAGE);
    await shareAsRunner(admin, invitee.email);
    // The admin waits on the catalogue: the bell and the inbox link must change without a reload.
    await admin.page.goto(shellUrl('/workflows'));
    await admin.page.getByTestId('notifications-button').waitFor();

    // The runner runs it from the workspace's catalogue; the run waits for an approver, who is not them.
    failed = invitee;
    await switchWorkspace(invitee, workspaceName);
    const runId = await runFromCatalogue(invitee);
    await invitee.page.getByTestId('run-approval-verdict').filter({ hasText: t('approvals.panel.youMayNot') }).waitFor();

    // The approval in the admin's bell and inbox; approved there with a comment.
    failed = admin;
    await bellShowsApproval(admin);
    // And by e-mail, with one-click links into the app (approve, reject) beside the inbox's.
    const approvalMail = await mailbox.waitFor(admin.email, new RegExp(escapeRegExp(admin.journey.workflowName)));
    const decideLinks = linksIn(approvalMail.mail.text ?? '').filter((candidate) => candidate.startsWith(shellUrl('/workflows/approvals/decide?token=')));
    expect(decideLinks).toHaveLength(2);
    Object.assign(story, { workspaceName, firstRunId: runId, firstApprovalMail: approvalMail });
    await approveFromInbox(admin, { message: MESSAGE, requestedBy: invitee.displayName, comment: 'Approved for the board meeting.' });

    // The runner's run view, live: the run went on and succeeded.
    failed = invitee;
    await invitee.page.locator(`[data-testid="run-view"][data-run-id="${runId}"][data-status="succeeded"]`).waitFor({ timeout: 30_000 });

    // The workspace's dashboard counts it.
    failed = admin;
    await dashboardCountsRun(admin, runId);

    expect({ admin: admin.pageErrors, invitee: invitee.pageErrors }).toEqual({ admin: [], invitee: [] });
  } catch (error) {
    await failed.page.screenshot({ path: path.join(process.env.SHOTS_DIR || os.tmpdir(), `workspaces-failed-${failed === admin ? 'admin' : 'invitee'}.png`) }).catch(() => undefined);
    throw error;
  }
});

// The same people on phones, in German: a second run decided from the e-mail's one-click link.
test('in German on phones: the runner runs it again and is told who may decide; the admin approves from the e-mail link, which works once', async () => {
  const { workspaceName, firstRunId, firstApprovalMail } = story;
  if (!workspaceName || !firstRunId || !firstApprovalMail) throw new Error('The first journey did not finish: nothing to continue');
  // The admin built the workflow in English: its steps' default names and the message are theirs, not the app's.
  const t = admin.journey.t;
  const content = [MESSAGE, t('workflows.lifecycle.create.triggers.manual.nodeName'), t('workflows.builder.nodeTypes.approval')];
  const runner = await onPhone(invitee, 'de', 'de-phone-runner', content);
  const approver = await onPhone(admin, 'de', 'de-phone-admin', content);
  phones = [runner, approver];
  let failed: Person = runner;
  try {
    await signIn(runner);
    await switchWorkspace(runner, workspaceName);
    const runId = await runFromCatalogue(runner);
    await runWaitsForSomeoneElse(runner);

    failed = approver;
    const mail = await mailbox.waitFor(admin.email, new RegExp(escapeRegExp(admin.journey.workflowName)), { excluding: [firstApprovalMail] });
    const approveLink = linksIn(mail.mail.text ?? '').find((link) => link.startsWith(shellUrl('/workflows/approvals/decide?token=')));
    expect(approveLink).toBeDefined();
    await signIn(approver);
    await approveWithLink(approver, approveLink!, MESSAGE);

    failed = runner;
    await runner.page.locator(`[data-testid="run-view"][data-run-id="${runId}"][data-status="succeeded"]`).waitFor({ timeout: 30_000 });
    failed = approver;
    await switchWorkspace(approver, workspaceName);
    await executionsListBoth(approver, [firstRunId, runId]);

    expect(englishFound(runner, approver)).toEqual([]);
    expect({ runner: runner.pageErrors, approver: approver.pageErrors }).toEqual({ runner: [], approver: [] });
  } catch (error) {
    await failed.page.screenshot({ path: path.join(process.env.SHOTS_DIR || os.tmpdir(), `workspaces-phone-failed-${failed === runner ? 'runner' : 'admin'}.png`) }).catch(() => undefined);
    throw error;
  }
});
