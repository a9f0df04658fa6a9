// Workflows in the trash (issue 19, decision 3) against the emulators: a
// manual run, a webhook delivery, a schedule tick and an app poll refuse
// with workflow-in-trash and create nothing (no run, no refused run, no tick
// or item claim, no charge); a restored workflow runs again; housekeeping
// purges a workflow trashed more than TRASH_RETENTION_DAYS ago with its
// runs (and their files and full step outputs), versions and webhook secret,
// and keeps one trashed more recently. deletedAt is written as the rules
// write it (the server's Timestamp) and as ISO text.
import { pino } from 'pino';
import { Timestamp } from 'firebase-admin/firestore';
import { TRASH_RETENTION_DAYS, STEP_TEST_ERROR_CODES, RUN_LIMITS, type Workflow } from '@agentflow/shared/workflow';
import type { FileRef } from '@agentflow/shared/server';
import { pdfBytes } from '../../testing/fileFixtures';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { Housekeeping } from './housekeeping';
import { WorkflowInTrashError } from './service';
import { listenRef } from './webhookAnswer/listen';

let h: RunsHarness;
let alice: RunsUser;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await startRunsHarness('trash');
  alice = await h.createUser('alice', { tokens: 100 });
});
afterAll(() => h?.close());

const runsOf = async (workflowId: string) => (await h.db.collection('workflowRuns').where('workflowId', '==', workflowId).get()).docs.map((doc) => doc.id);
const exists = async (collection: string, id: string) => (await h.db.collection(collection).doc(id).get()).exists;
const trash = (workflowId: string, at: Date = new Date()) => h.db.collection('workflows').doc(workflowId).update({ deletedAt: Timestamp.fromDate(at) });
const inTrash = { deletedAt: '2026-11-20T10:00:00.000Z' } as Partial<Workflow>;

describe('a workflow in the trash does not run', () => {
  it('refuses a manual run with 409 workflow-in-trash, creating and charging nothing; once restored it runs', async () => {
    const wf = await h.saveWorkflow(alice.uid, [manual(), node('out', 'output', { mapping: '"done"' })], [edge('trigger', 'out')]);
    await trash(wf.id);
    const before = await h.balance(alice.uid);
    const refused = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
    expect(refused).toMatchObject({ status: 409, body: { code: STEP_TEST_ERROR_CODES.workflowInTrash } });
    expect(refused.body.error).toContain('in the trash');
    expect(await runsOf(wf.id)).toEqual([]);
    expect(await h.balance(alice.uid)).toBe(before);

    await h.db.collection('workflows').doc(wf.id).update({ deletedAt: null });
    const restored = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
    expect(restored.status).toBe(202);
    expect((await h.waitForRun(restored.body.runId, ['succeeded'])).output).toEqual({ out: 'done' });
  });

  it('refuses a webhook delivery with 409 workflow-in-trash and records no run', async () => {
    const wf = await h.saveWorkflow(alice.uid, [node('trigger', 'trigger.webhook', { path: 'incoming', method: 'POST' }), node('out', 'output')], [edge('trigger', 'out')]);
    const { url } = (await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: alice })).body as { url: string };
    await trash(wf.id);
    const delivery = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'a@b.c' }) });
    expect(delivery.status).toBe(409);
    expect(await delivery.json()).toMatchObject({ code: STEP_TEST_ERROR_CODES.workflowInTrash });
    expect(await runsOf(wf.id)).toEqual([]);
  });

  it('gives a schedule tick and a polled item no run and no claim, and drops the workflow from both watch lists', async () => {
    const scheduled = await h.saveWorkflow(alice.uid, [node('trigger', 'trigger.schedule', { cron: '* * * * *', timeZone: 'UTC' }), node('out', 'output')], [edge('trigger', 'out')], inTrash);
    const polled = await h.saveWorkflow(
      alice.uid,
      [node('trigger', 'trigger.poll', { connector: 'hubspot', trigger: 'dealChanged', credentialId: 'cred-1', params: {}, intervalMinutes: 5 }), node('out', 'output')],
      [edge('trigger', 'out')],
      inTrash,
    );
    const { scheduler, poller, service } = h.app.runs;
    await Promise.all([scheduler.refresh(), poller!.refresh()]);
    expect(scheduler.workflowIds).not.toContain(scheduled.id);
    expect(poller!.workflowIds).not.toContain(polled.id);

    // Reached anyway (trashed after the last refresh): refused before any claim.
    const tick = '2026-11-26T10:00:00.000Z';
    await expect(service.startScheduled({ workflow: scheduled, ownerId: alice.uid, trigger: { type: 'schedule', userId: null, scheduledFor: tick }, input: {} }, tick)).rejects.toBeInstanceOf(WorkflowInTrashError);
    await expect(service.startPolled({ workflow: polled, ownerId: alice.uid, trigger: { type: 'poll', userId: null, poll: { connector: 'hubspot', trigger: 'dealChanged', itemKey: '7' } }, input: { id: '7' } }, '7')).rejects.toBeInstanceOf(
      WorkflowInTrashError,
    );
    expect(await exists('scheduleTicks', `${scheduled.id}_${tick}`)).toBe(false);
    expect((await h.db.collection('connectorPollItems').where('workflowId', '==', polled.id).get()).size).toBe(0);
    expect([...(await runsOf(scheduled.id)), ...(await runsOf(polled.id))]).toEqual([]);
  });
});

describe('housekeeping empties the trash', () => {
  const sweeper = (daysAhead: number) =>
    new Housekeeping({ db: h.db, files: h.files.store, logger: pino({ level: 'silent' }), instanceId: 'trash-sweeper', now: () => new Date(Date.now() + daysAhead * DAY), pageSize: 500 });

  /** A workflow with a finished run whose input holds an uploaded PDF and whose step output was too large for the run document, and two versions. */
  async function usedWorkflow(): Promise<{ wf: Workflow; runId: string; file: FileRef }> {
    const wf = await h.saveWorkflow(
      alice.uid,
      [manual([{ key: 'doc', type: 'file', required: true }]), node('big', 'transform', { mapping: `$pad("", ${RUN_LIMITS.maxStepOutputBytes + 100}, "x")` }), node('out', 'output', { mapping: 'input.doc.name' })],
      [edge('trigger', 'big'), edge('big', 'out')],
    );
    for (const version of [1, 2]) await h.db.collection('workflows').doc(wf.id).collection('versions').doc(String(version)).set({ version, nodes: [], edges: [] });
    const upload = await h.upload(alice, [{ field: 'doc', name: 'terms.pdf', bytes: pdfBytes('Terms') }]);
    const file = upload.body.files[0].file as FileRef;
    const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { doc: file } } });
    expect(started.status).toBe(202);
    const run = await h.waitForRun(started.body.runId, ['succeeded']);
    expect(run.steps.find((step) => step.id === 'big')?.outputTruncated).toBe(true);
    await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: alice });
    return { wf, runId: run.id, file };
  }

  it(`purges a workflow trashed more than ${TRASH_RETENTION_DAYS} days ago with its runs, their files and outputs, its versions and webhook secret; keeps the rest`, async () => {
    const old = await usedWorkflow();
    const recent = await usedWorkflow();
    const kept = await usedWorkflow();
    const longAgo = (days: number) => new Date(Date.now() - days * DAY);
    const asText = await h.saveWorkflow(alice.uid, [manual(), node('out', 'output')], [edge('trigger', 'out')], { deletedAt: longAgo(TRASH_RETENTION_DAYS + 9).toISOString() });
    await trash(old.wf.id, longAgo(TRASH_RETENTION_DAYS + 1));
    await trash(recent.wf.id, longAgo(TRASH_RETENTION_DAYS - 1));

    // Every poll trigger's state goes too (the second one's lives beside the first's).
    const pollTrigger = { connector: 'hubspot', trigger: 'dealChanged', credentialId: 'cred-1', params: {}, intervalMinutes: 5 };
    const polled = await h.saveWorkflow(
      alice.uid,
      [node('first', 'trigger.poll', pollTrigger), node('second', 'trigger.poll', pollTrigger), node('out', 'output')],
      [edge('first', 'out'), edge('second', 'out')],
      { deletedAt: longAgo(TRASH_RETENTION_DAYS + 2).toISOString() },
    );
    for (const id of [polled.id, `${polled.id}_second`]) await h.db.collection('connectorPolls').doc(id).set({ cursor: '1' });

    // A webhook trigger's captured test event goes with its workflow; another workflow's stays.
    const hookTrigger = { path: 'in', method: 'POST' };
    const hooked = await h.saveWorkflow(alice.uid, [node('hook', 'trigger.webhook', hookTrigger), node('out', 'output')], [edge('hook', 'out')], { deletedAt: longAgo(TRASH_RETENTION_DAYS + 3).toISOString() });
    const hookedKept = await h.saveWorkflow(alice.uid, [node('hook', 'trigger.webhook', hookTrigger), node('out', 'output')], [edge('hook', 'out')]);
    for (const wf of [hooked, hookedKept]) await listenRef(h.db, wf.id, 'hook').set({ until: null, capture: '{}' });

    // Old (and the ISO-stamped one) are past the retention, recent is not.
    const report = await sweeper(0).sweep();
    expect(report?.trashedWorkflowsPurged).toBeGreaterThanOrEqual(2);
    expect(await exists('workflows', old.wf.id)).toBe(false);
    expect(await exists('workflows', asText.id)).toBe(false);
    expect((await h.db.collection('workflows').doc(old.wf.id).collection('versions').get()).size).toBe(0);
    expect(await exists('workflowRuns', old.runId)).toBe(false);
    expect((await h.db.collection('workflowRuns').doc(old.runId).collection('stepOutputs').get()).size).toBe(0);
    expect(await exists('files', old.file.fileId)).toBe(false);
    expect(await exists('workflowSecrets', old.wf.id)).toBe(false);

    expect(await exists('workflows', polled.id)).toBe(false);
    expect(await exists('connectorPolls', polled.id)).toBe(false);
    expect(await exists('connectorPolls', `${polled.id}_second`)).toBe(false);
    expect((await listenRef(h.db, hooked.id, 'hook').get()).exists).toBe(false);
    expect((await listenRef(h.db, hookedKept.id, 'hook').get()).exists).toBe(true);

    for (const { wf, runId, file } of [recent, kept]) {
      expect(await exists('workflows', wf.id)).toBe(true);
      expect((await h.db.collection('workflows').doc(wf.id).collection('versions').get()).size).toBe(2);
      expect(await exists('workflowRuns', runId)).toBe(true);
      expect(await exists('files', file.fileId)).toBe(true);
      expect(await exists('workflowSecrets', wf.id)).toBe(true);
    }
  });
});
