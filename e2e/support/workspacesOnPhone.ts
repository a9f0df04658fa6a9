// The workspace journey's second half on phones (390×844) in German: the
// same two people on new devices sign in, the runner runs the shared workflow
// again from the workspace's catalogue, and the admin decides from the
// approval e-mail's one-click link. Every screen is scanned for English left
// untranslated (checkTranslated), as builderJourney's German run does.
import { launchBrowser, newPage } from './browser';
import { checkTranslated, newJourney, phone, shoot } from './builderJourney';
import { shellUrl } from './stack';
import type { Person } from './workspaces';

/**
 * `person` on a new phone (390×844) whose browser speaks `language`; not
 * signed in yet. `content`: words of the workflow, written by its English
 * author (its step names, the approval's message), not to be translated.
 */
export async function onPhone(person: Person, language: string, prefix: string, content: string[]): Promise<Person> {
  const context = await launchBrowser({ width: 390, height: 844 }, { locale: language === 'de' ? 'de-DE' : language, touch: true });
  const { page, pageErrors } = await newPage(context);
  const journey = await newJourney(page, phone, language, prefix);
  journey.workflowName = person.journey.workflowName;
  journey.content = content;
  return { ...person, context, page, pageErrors, journey };
}

/** Signs in through the sign-in page (in the page's language) and waits for the signed-in header. */
export async function signIn({ page, journey, email, password }: Person): Promise<void> {
  const { t } = journey;
  await page.goto(shellUrl('/signin'));
  await page.getByLabel(t('auth.signIn.email')).fill(email);
  await page.getByLabel(t('auth.signIn.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('auth.signIn.submit'), exact: true }).tap();
  await page.waitForURL((url) => url.pathname !== '/signin');
  // On a phone the switcher sits in the header's menu: present, not shown until the menu opens.
  await page.getByTestId('workspace-switcher').waitFor({ state: 'attached' });
  await checkTranslated(journey, 'signed-in');
}

/**
 * The run view on the phone while the step waits: the panel says who may
 * decide and that this reader may not, once, with no Approve button enabled.
 */
export async function runWaitsForSomeoneElse({ page, journey }: Person): Promise<void> {
  const { t } = journey;
  await page.getByTestId('run-approval-verdict').filter({ hasText: t('approvals.panel.youMayNot') }).waitFor();
  expect(await page.getByText(t('approvals.panel.youMay')).count()).toBe(0);
  for (const button of await page.getByRole('button', { name: t('workflows.runs.actions.approve'), exact: true }).all()) {
    expect(await button.isEnabled()).toBe(false);
  }
  await checkTranslated(journey, 'run-waiting');
  await shoot(journey, '11-run-waiting');
}

/**
 * The one-click link opened on the admin's phone: it shows what it decides
 * (the workflow, the message, "approves the step") and decides only on the
 * confirming press; opened again, it says it was used.
 */
export async function approveWithLink({ page, journey }: Person, link: string, message: string): Promise<void> {
  const { t } = journey;
  const L = 'approvals.link.';
  await page.goto(link);
  const view = page.getByTestId('approval-link-view');
  await view.waitFor();
  await view.getByText(journey.workflowName, { exact: true }).waitFor();
  await view.getByText(message, { exact: true }).waitFor();
  expect(await view.getByTestId('approval-link-decides').textContent()).toBe(t(`${L}decidesApprove`));
  await checkTranslated(journey, 'approval-link');
  await shoot(journey, '12-approval-link');
  await view.getByRole('button', { name: t(`${L}confirmApprove`), exact: true }).tap();
  await page.getByTestId('approval-link-done').filter({ hasText: t(`${L}doneApprove`) }).waitFor();
  await shoot(journey, '13-approval-link-done');
  // Single use: the same link, opened again, decides nothing and says why.
  await page.goto(link);
  await page.getByTestId('approval-link-used').filter({ hasText: t(`${L}problems.used`) }).waitFor();
  await checkTranslated(journey, 'approval-link-used');
}

/** The executions page on the phone: both of the journey's runs, succeeded. */
export async function executionsListBoth({ page, journey }: Person, runIds: readonly string[]): Promise<void> {
  const { t } = journey;
  await page.goto(shellUrl('/workflows/executions'));
  await page.getByRole('heading', { level: 1, name: t('workflows.executions.title') }).waitFor();
  for (const runId of runIds) {
    const link = page.locator(`a[href*="${runId}"]`).first();
    await link.waitFor();
  }
  await checkTranslated(journey, 'executions');
  await shoot(journey, '14-executions');
}

/** The English catalog texts the German screens showed (none expected). */
export const englishFound = (...people: Person[]): string[] => people.flatMap((person) => person.journey.englishCheck?.found ?? []);
