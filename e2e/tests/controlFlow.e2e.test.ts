// Issue 20's Chromium must-show, at 1280×800: a new user on Basic starts a
// blank workflow with a webhook trigger, listens for a test event and sends
// one real request to the address the panel shows (captured as the trigger's
// sample), then builds from the palette "loop over the request's items →
// code step → HubSpot create contact, on error: error branch → e-mail" (the
// list picked from the sample, the code typed in the editor, HubSpot signed
// in on its consent page, the SMTP account entered in the step, the e-mail
// moved to HubSpot's Error output in Connections). The webhook is called for
// real; HubSpot already has one of the three people (409), so that item takes
// the error branch and the e-mail arrives at a real SMTP server. The run view
// draws the run on the graph and pages through the items ("Item 2 of 3"),
// each item's steps and outputs on the cards. Then the builder's panels and
// the run view in German show no English catalog text. The fakes: HubSpot
// (fakeApps, where the e2e stack points platform-api) and smtp-server
// (platform-api's connectors/email/testing), on loopback, which the e2e
// stack's HTTP_ALLOW_PRIVATE_NETWORKS lets steps reach. SHOTS_DIR=<dir>
// keeps screenshots.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startFakeSmtp, type FakeSmtp } from '../../platform-api/src/connectors/email/testing/fake';
import { launchBrowser, newPage } from '../support/browser';
import { desktop, newJourney, shoot, type Journey } from '../support/builderJourney';
import {
  ALREADY_IN_HUBSPOT,
  APP_NAMES,
  OPS_ADDRESS,
  PEOPLE,
  addCode,
  addEmailOnError,
  addHubSpot,
  addLoop,
  captureTestEvent,
  englishLeftOnReload,
  expectCompleteAndSaved,
  putOnBasic,
  runGraphParts,
  startWithWebhook,
  stepNames,
  webhookAddress,
  type ControlFlowIds,
} from '../support/controlFlow';
import { startStackApps, type StackApps } from '../support/fakeApps';
import { freshEmail, signUpThroughPage } from '../support/signUp';

// Sign-up, a HubSpot sign-in, a webhook run of three items and a German pass.
jest.setTimeout(150_000);

if (process.env.SHOTS_DIR) mkdirSync(process.env.SHOTS_DIR, { recursive: true });

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let apps: StackApps;
let smtp: FakeSmtp;

beforeAll(async () => {
  // Slack is started by the stack's fakes too; this journey does not use it.
  apps = await startStackApps('xoxb-control-flow-unused');
  smtp = await startFakeSmtp();
  context = await launchBrowser({ width: 1280, height: 800 });
  ({ page, pageErrors } = await newPage(context));
});

afterAll(async () => {
  await context?.close();
  await apps?.close();
  await smtp?.close();
});

/** The step of the run graph's shown item: its card's status and, selected, its output. */
async function itemStep(nodeId: string): Promise<{ status: string | null; output: string }> {
  const { card, details } = runGraphParts(page);
  await card(nodeId).getByRole('button').first().click();
  const shown = details.locator(`.run-graph-step[data-node-id="${nodeId}"]`);
  await shown.waitFor();
  const output = shown.getByTestId('run-graph-output');
  return { status: await card(nodeId).getAttribute('data-status'), output: (await output.count()) > 0 ? ((await output.textContent()) ?? '') : '' };
}

test('webhook → loop → code → HubSpot with an error branch to e-mail, built from the palette; a test event, a run by webhook, and its items paged on the run graph', async () => {
  const journey: Journey = await newJourney(page, desktop, 'en', 'control-flow');
  journey.workflowName = `Contacts import ${Date.now().toString(36)}`;
  const { t } = journey;
  try {
    const account = { email: freshEmail('flows'), password: 'flows-password-1', displayName: 'Flows' };
    await signUpThroughPage(page, account);
    await page.getByTestId('token-count').waitFor();
    await putOnBasic(account.email);

    // A blank workflow with a webhook trigger, and a real request captured as its sample.
    await startWithWebhook(journey);
    const ids: ControlFlowIds = { trigger: journey.ids.trigger, loop: '', code: '', hubspot: '', email: '' };
    const body = { source: 'crm-import', items: PEOPLE };
    await captureTestEvent(journey, ids.trigger, body);

    // The rest from the palette and the panels.
    await addLoop(journey, ids);
    await addCode(journey, ids);
    await addHubSpot(journey, ids, Number(new URL(apps.auth.url).port));
    await addEmailOnError(journey, ids, smtp.port);
    await expectCompleteAndSaved(journey);
    const workflowPath = new URL(page.url()).pathname;
    // What the user named (the steps got their English names when added) and the apps' names: no catalog text in German.
    const typed = [journey.workflowName, ...(await stepNames(page)), ...APP_NAMES];

    // HubSpot already has Grace: creating her contact again is refused (409).
    apps.hubspot.seed('contacts', { email: ALREADY_IN_HUBSPOT, firstname: 'Grace', lastname: 'Hopper' });
    const hookUrl = await webhookAddress(journey, ids.trigger);
    const delivery = await fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const accepted = { status: delivery.status, body: (await delivery.json()) as { runId: string } };
    expect(accepted).toMatchObject({ status: 202, body: { runId: expect.any(String) } });
    const { runId } = accepted.body;

    // The run from the workflow's run history.
    await page.getByTestId('builder-runs').click();
    const row = page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`);
    await row.waitFor();
    await row.getByRole('link').first().click();
    await page.locator('[data-testid="run-view"][data-status="succeeded"]').waitFor({ timeout: 30_000 });

    // Drawn on the graph: the trigger and the loop ran; the pager is on the first item.
    const { card, position } = runGraphParts(page);
    for (const id of [ids.trigger, ids.loop]) {
      await card(id).waitFor();
      expect(await card(id).getAttribute('data-status')).toBe('succeeded');
    }
    const L = 'workflows.runGraph.loop.';
    await position.filter({ hasText: t(`${L}item`, { n: 1, total: 3 }) }).waitFor();
    await card(ids.hubspot).and(page.locator('[data-status="succeeded"]')).waitFor();
    expect(await itemStep(ids.code)).toMatchObject({ status: 'succeeded', output: expect.stringContaining('ada@example.com') });
    expect((await itemStep(ids.hubspot)).status).toBe('succeeded');
    expect((await itemStep(ids.email)).status).toBe('skipped');
    await card(ids.email).evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shoot(journey, '06-run-item-1');

    // Item 2: Grace, refused by HubSpot; the error branch sent the e-mail.
    await page.getByTestId('loop-pager').getByRole('button', { name: t(`${L}next`) }).click();
    await position.filter({ hasText: t(`${L}item`, { n: 2, total: 3 }) }).waitFor();
    await card(ids.hubspot).and(page.locator('[data-status="failed"]')).waitFor();
    expect(await itemStep(ids.code)).toMatchObject({ status: 'succeeded', output: expect.stringContaining(ALREADY_IN_HUBSPOT) });
    expect(await itemStep(ids.hubspot)).toMatchObject({ status: 'failed', output: expect.stringContaining('Contact already exists') });
    expect(await itemStep(ids.email)).toMatchObject({ status: 'succeeded', output: expect.stringContaining(OPS_ADDRESS) });
    await card(ids.email).evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shoot(journey, '07-run-item-2-error-branch');

    // Item 3: Linus, added.
    await page.getByTestId('loop-pager').getByRole('button', { name: t(`${L}next`) }).click();
    await position.filter({ hasText: t(`${L}item`, { n: 3, total: 3 }) }).waitFor();
    await card(ids.hubspot).and(page.locator('[data-status="succeeded"]')).waitFor();
    expect(await itemStep(ids.code)).toMatchObject({ status: 'succeeded', output: expect.stringContaining('linus@example.com') });
    expect((await itemStep(ids.email)).status).toBe('skipped');
    expect(await page.getByTestId('loop-pager').getByRole('button', { name: t(`${L}next`) }).isDisabled()).toBe(true);
    await card(ids.email).evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shoot(journey, '08-run-item-3');

    // At the apps: two new contacts, cleaned by the code step; one e-mail about Grace.
    const created = apps.hubspot.contacts.filter((contact) => contact.properties.email !== ALREADY_IN_HUBSPOT);
    expect(created.map((contact) => [contact.properties.email, contact.properties.firstname, contact.properties.lastname])).toEqual([
      ['ada@example.com', 'Ada', 'Lovelace'],
      ['linus@example.com', 'Linus', 'Torvalds'],
    ]);
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.envelope.to).toEqual([OPS_ADDRESS]);
    expect(mail!.mail.subject).toBe(`Not added to HubSpot: ${ALREADY_IN_HUBSPOT}`);
    expect(mail!.mail.text).toContain(`HubSpot refused ${ALREADY_IN_HUBSPOT} (item 2)`);
    expect(mail!.mail.text).toContain('Contact already exists');

    // In German: the run view with its pager, HubSpot's settings and the captured test event.
    const runPath = new URL(page.url()).pathname;
    const english = [
      ...(await englishLeftOnReload(page, runPath, typed, async () => {
        await page.getByTestId('loop-pager').getByTestId('loop-pager-steps').waitFor();
      })),
      ...(await englishLeftOnReload(page, workflowPath, typed, async () => {
        await page.locator(`[data-testid="builder-node"][data-node-id="${ids.hubspot}"]`).click();
        await page.getByTestId('node-settings').waitFor();
      })),
      ...(await englishLeftOnReload(page, workflowPath, typed, async () => {
        await page.locator(`[data-testid="builder-node"][data-node-id="${ids.trigger}"]`).click();
        await page.getByTestId('webhook-capture').waitFor();
      })),
    ];
    await shoot(journey, '09-de-webhook-panel');
    expect({ english, pageErrors }).toEqual({ english: [], pageErrors: [] });
  } catch (error) {
    await page.screenshot({ path: path.join(process.env.SHOTS_DIR || os.tmpdir(), 'control-flow-failed.png') }).catch(() => undefined);
    throw error;
  }
});
