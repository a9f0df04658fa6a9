// Housekeeping (issue 17 item 6): runs follow their owner's plan retention
// and take their files with them; a run's files go when the run is deleted
// (one run, or a workflow's history); files whose run is gone are swept; and
// of several instances sweeping at once, one does the work.
import { pino } from 'pino';
import { PLAN_ENTITLEMENTS, type FileRef } from '@agentflow/shared/server';
import { pdfBytes } from '../../testing/fileFixtures';
import { edge, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { Housekeeping } from './housekeeping';

let h: RunsHarness;
let freeOwner: RunsUser;
let basicOwner: RunsUser;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await startRunsHarness('housekeeping');
  freeOwner = await h.createUser('keep-free', { plan: 'free' });
  basicOwner = await h.createUser('keep-basic');
});
afterAll(() => h?.close());

const sweeper = (daysAhead: number, instanceId = 'sweeper-a') =>
  new Housekeeping({ db: h.db, files: h.files.store, logger: pino({ level: 'silent' }), instanceId, now: () => new Date(Date.now() + daysAhead * DAY), pageSize: 500 });

const exists = async (collection: string, id: string) => (await h.db.collection(collection).doc(id).get()).exists;

/** A finished run of `owner` whose input holds an uploaded PDF; the run id and the file. */
async function runWithFile(owner: RunsUser): Promise<{ runId: string; workflowId: string; file: FileRef }> {
  const wf = await h.saveWorkflow(owner.uid, [node('trigger', 'trigger.manual', { inputSchema: [{ key: 'doc', label: 'Doc', type: 'file', required: true }] }), node('out', 'output', { mapping: '{"name": input.doc.name}' })], [edge('trigger', 'out')]);
  const upload = await h.upload(owner, [{ field: 'doc', name: 'terms.pdf', bytes: pdfBytes('Shipping terms') }]);
  const file = upload.body.files[0].file as FileRef;
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: owner, body: { input: { doc: file } } });
  expect(started.status).toBe(202);
  await h.waitForRun(started.body.runId, ['succeeded']);
  return { runId: started.body.runId, workflowId: wf.id, file };
}

const objectExists = async (owner: RunsUser, fileId: string) => (await h.files.store.bucket.list(`files/${owner.uid}/`)).objects.some((object) => object.path.endsWith(fileId));

describe('retention by plan', () => {
  it("deletes a run past its owner's retention with its files, and keeps a run its plan still keeps", async () => {
    const free = await runWithFile(freeOwner);
    const basic = await runWithFile(basicOwner);
    const usedBefore = Number((await h.db.collection('storageUsage').doc(freeOwner.uid).get()).get('bytes'));

    // A day past Free's retention: Free's run goes, Basic's (30 days) stays.
    const report = await sweeper(PLAN_ENTITLEMENTS.free.runRetentionDays + 1).sweep();
    expect(report?.runsDeleted).toBeGreaterThanOrEqual(1);
    expect(await exists('workflowRuns', free.runId)).toBe(false);
    expect(await exists('files', free.file.fileId)).toBe(false);
    expect(await objectExists(freeOwner, free.file.fileId)).toBe(false);
    expect(Number((await h.db.collection('storageUsage').doc(freeOwner.uid).get()).get('bytes'))).toBe(usedBefore - free.file.size);
    expect(await exists('workflowRuns', basic.runId)).toBe(true);
    expect(await exists('files', basic.file.fileId)).toBe(true);

    await sweeper(PLAN_ENTITLEMENTS.basic.runRetentionDays + 1).sweep();
    expect(await exists('workflowRuns', basic.runId)).toBe(false);
    expect(await objectExists(basicOwner, basic.file.fileId)).toBe(false);
  });

  it('sweeps an old run file whose run no longer exists', async () => {
    const { runId, file } = await runWithFile(basicOwner);
    // The run document went another way (no files taken with it).
    await h.db.collection('workflowRuns').doc(runId).delete();
    await sweeper(1).sweep();
    expect(await exists('files', file.fileId)).toBe(true);
    const report = await sweeper(PLAN_ENTITLEMENTS.free.runRetentionDays + 1).sweep();
    expect(report?.orphanFilesDeleted).toBeGreaterThanOrEqual(1);
    expect(await exists('files', file.fileId)).toBe(false);
    expect(await objectExists(basicOwner, file.fileId)).toBe(false);
  });

  it('lets one instance sweep at a time, and another take over when its lease ran out (a crashed instance)', async () => {
    const lease = h.db.collection('housekeeping').doc('runs');
    // instance-1 is in the middle of a sweep.
    await lease.set({ holder: 'instance-1', expiresAt: Date.now() + DAY + 60_000 }, { merge: true });
    expect(await sweeper(1, 'instance-2').sweep()).toBeNull();
    // instance-1 died holding it: once the lease has run out, instance-2 sweeps and hands the lease back.
    expect(await sweeper(2, 'instance-2').sweep()).not.toBeNull();
    expect((await lease.get()).data()).toMatchObject({ holder: null, expiresAt: 0 });
  });
});

describe('profile photos', () => {
  it("deletes an old photo the owner's profile no longer names (a replaced photo whose delete failed), never the current one", async () => {
    const owner = await h.createUser('keep-photo');
    const save = (name: string) => h.files.store.save({ ownerId: owner.uid, name, bytes: Buffer.from(name), contentType: 'text/plain', use: { kind: 'profile' } });
    const replaced = await save('old.webp');
    const current = await save('new.webp');
    await h.db.collection('users').doc(owner.uid).set({ photo: { fileId: current.id, updatedAt: new Date().toISOString() } }, { merge: true });
    // Younger than an hour: the photo route may be between its swap and its delete.
    await sweeper(0).sweep();
    expect(await exists('files', replaced.id)).toBe(true);
    const report = await sweeper(1).sweep();
    expect(report?.stalePhotosDeleted).toBeGreaterThanOrEqual(1);
    expect(await exists('files', replaced.id)).toBe(false);
    expect(await objectExists(owner, replaced.id)).toBe(false);
    expect(await exists('files', current.id)).toBe(true);
  });
});

describe('deleting history', () => {
  it("deletes a workflow's finished runs with their files; a waiting run is kept", async () => {
    const { workflowId, runId, file } = await runWithFile(basicOwner);
    const second = await h.upload(basicOwner, [{ field: 'doc', name: 'b.pdf', bytes: pdfBytes('Second') }]);
    const secondRun = (await h.call('POST', `/api/workflows/${workflowId}/runs`, { user: basicOwner, body: { input: { doc: second.body.files[0].file } } })).body.runId as string;
    await h.waitForRun(secondRun, ['succeeded']);
    const stranger = await h.createUser('keep-stranger');
    expect((await h.call('DELETE', `/api/runs/${runId}`, { user: stranger })).status).toBe(403);
    expect(await h.call('DELETE', `/api/workflows/${workflowId}/runs`, { user: stranger })).toMatchObject({ status: 200, body: { deleted: 0 } });
    expect(await exists('workflowRuns', runId)).toBe(true);

    const answer = await h.call('DELETE', `/api/workflows/${workflowId}/runs`, { user: basicOwner });
    expect(answer).toMatchObject({ status: 200, body: { deleted: 2, kept: 0 } });
    for (const id of [runId, secondRun]) expect(await exists('workflowRuns', id)).toBe(false);
    expect(await exists('files', file.fileId)).toBe(false);
    expect(await objectExists(basicOwner, file.fileId)).toBe(false);
  });

  it('deletes one run with its files, and refuses a run that is still going', async () => {
    const { runId, file } = await runWithFile(basicOwner);
    expect((await h.call('DELETE', `/api/runs/${runId}`, { user: basicOwner })).status).toBe(204);
    expect(await exists('workflowRuns', runId)).toBe(false);
    expect(await exists('files', file.fileId)).toBe(false);

    const wf = await h.saveWorkflow(basicOwner.uid, [node('trigger', 'trigger.manual', { inputSchema: [] }), node('review', 'approval', { approvers: [basicOwner.uid], message: 'OK?' })], [edge('trigger', 'review')]);
    const waiting = (await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: basicOwner, body: { input: {} } })).body.runId as string;
    await h.waitForRun(waiting, ['waiting']);
    expect((await h.call('DELETE', `/api/runs/${waiting}`, { user: basicOwner })).status).toBe(409);
    expect(await h.call('DELETE', `/api/workflows/${wf.id}/runs`, { user: basicOwner })).toMatchObject({ status: 200, body: { deleted: 0, kept: 1 } });
    expect(await exists('workflowRuns', waiting)).toBe(true);
  });
});

describe('app sign-ins', () => {
  it('deletes sign-ins started and never finished once their state expired, and keeps one still under way', async () => {
    const states = h.db.collection('oauthStates');
    await states.doc('abandoned').set({ userId: 'u1', provider: 'hubspot', codeVerifier: 'v', expiresAt: Date.now() - 60_000 });
    await states.doc('under-way').set({ userId: 'u1', provider: 'hubspot', codeVerifier: 'v', expiresAt: Date.now() + 10 * 60_000 });
    const report = await sweeper(0, 'sweeper-signins').sweep();
    expect(report?.expiredSignInsDeleted).toBeGreaterThanOrEqual(1);
    expect(await exists('oauthStates', 'abandoned')).toBe(false);
    expect(await exists('oauthStates', 'under-way')).toBe(true);
  });
});
