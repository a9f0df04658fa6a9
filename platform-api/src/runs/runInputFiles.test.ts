// Files into runs (issue 17 items 2 and 5): a run form's file fields take
// the caller's uploads; a webhook takes multipart/form-data, each file part
// becoming a run file; an approver attaches a file to a decision. Refusals
// name the field and store nothing; the run records only references.
import { FILE_LIMITS, PLAN_ENTITLEMENTS, type FileRef } from '@agentflow/shared/server';
import { RUN_SERVER_COLLECTIONS } from '@agentflow/shared/workflow';
import { ELF_BYTES, imageBytes, pdfBytes } from '../../testing/fileFixtures';
import { edge, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;
let bob: RunsUser;

beforeAll(async () => {
  h = await startRunsHarness('input-files');
  alice = await h.createUser('files-owner');
  bob = await h.createUser('files-approver', { emailVerified: true });
});
afterAll(() => h?.close());

const fileDoc = async (fileId: string) => (await h.db.collection('files').doc(fileId).get()).data();
const fileCount = async () => (await h.db.collection('files').count().get()).data().count;

async function uploadOne(user: RunsUser, field: string, name: string, bytes: Buffer): Promise<FileRef> {
  const answer = await h.upload(user, [{ field, name, bytes }]);
  if (answer.status !== 201) throw new Error(`upload failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.files[0].file as FileRef;
}

const formWorkflow = (accept?: string[]) =>
  h.saveWorkflow(
    alice.uid,
    [
      node('trigger', 'trigger.manual', { inputSchema: [{ key: 'site', label: 'Site', type: 'string', required: true }, { key: 'photo', label: 'Photo', type: 'file', required: true, ...(accept ? { accept } : {}) }] }),
      node('out', 'output', { mapping: '{"photo": input.photo.name, "bytes": input.photo.size}' }),
    ],
    [edge('trigger', 'out')],
    { name: 'Site visit' },
  );

describe('the run form: file fields', () => {
  it('starts a run with an uploaded file; the run takes the file and records its reference as stored', async () => {
    const wf = await formWorkflow(['image/*']);
    const png = await imageBytes('png');
    const photo = await uploadOne(alice, 'photo', 'front.png', png);
    // The request's own size and type are not believed: the stored ones are recorded.
    const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { site: 'Depot 4', photo: { ...photo, size: 1, contentType: 'application/pdf' } } } });
    expect(started.status).toBe(202);
    const run = await h.waitForRun(started.body.runId, ['succeeded']);
    expect(run.input.photo).toEqual({ fileId: photo.fileId, name: 'front.png', contentType: 'image/png', size: png.length });
    expect(run.output).toEqual({ out: { photo: 'front.png', bytes: png.length } });
    expect(await fileDoc(photo.fileId)).toMatchObject({ use: { kind: 'run', runId: run.id, workflowId: wf.id, stepId: null }, expiresAt: null });
    // The owner reads the run's file; a stranger does not learn it exists.
    expect((await h.call('POST', `/api/files/${photo.fileId}/link`, { user: alice })).status).toBe(200);
    expect((await h.call('POST', `/api/files/${photo.fileId}/link`, { user: bob })).status).toBe(404);
  });

  it('refuses a file the field does not accept (by its bytes), naming the field; nothing is charged and the upload stays usable', async () => {
    const wf = await formWorkflow(['image/*']);
    const pdf = await uploadOne(alice, 'photo', 'looks-like.png', pdfBytes('Not a photo'));
    const before = await h.balance(alice.uid);
    const answer = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { site: 'Depot 4', photo: { ...pdf, contentType: 'image/png' } } } });
    expect(answer).toMatchObject({ status: 400, body: { code: 'file_type_not_allowed', field: 'input.photo', contentType: 'application/pdf' } });
    expect(await h.balance(alice.uid)).toBe(before);
    expect(await fileDoc(pdf.fileId)).toMatchObject({ use: { kind: 'upload' } });
  });

  it("refuses someone else's upload, a used file and a made-up reference with 400 file_not_usable, nothing charged", async () => {
    const wf = await formWorkflow();
    const theirs = await uploadOne(bob, 'photo', 'bob.png', await imageBytes('png'));
    const mine = await uploadOne(alice, 'photo', 'mine.png', await imageBytes('png'));
    expect((await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { site: 'A', photo: mine } } })).status).toBe(202);
    const before = await h.balance(alice.uid);
    for (const photo of [theirs, mine, { ...mine, fileId: 'AAAAAAAAAAAAAAAAAAAA' }]) {
      const answer = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { site: 'A', photo } } });
      expect(answer).toMatchObject({ status: 400, body: { code: 'file_not_usable', field: 'input.photo' } });
    }
    expect(await h.balance(alice.uid)).toBe(before);
    expect(await fileDoc(theirs.fileId)).toMatchObject({ ownerId: bob.uid, use: { kind: 'upload' } });
  });

  it('refuses a value that is not a file reference, naming the field', async () => {
    const wf = await formWorkflow();
    const answer = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { site: 'A', photo: 'front.png' } } });
    expect(answer).toMatchObject({ status: 400 });
    expect(answer.body.error).toContain('input.photo');
  });
});

describe('the webhook: multipart/form-data', () => {
  const webhookWorkflow = async () => {
    const wf = await h.saveWorkflow(alice.uid, [node('trigger', 'trigger.webhook', { path: 'visit', method: 'POST' }), node('out', 'output', { mapping: '{"site": input.site, "photo": input.photo.contentType, "report": input.report.name}' })], [edge('trigger', 'out')], { name: 'Field report' });
    const { url } = (await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: alice })).body as { url: string };
    return { wf, url };
  };
  const post = async (url: string, fields: Record<string, string>, parts: { field: string; name: string; type: string; bytes: Buffer }[]) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const part of parts) form.append(part.field, new Blob([new Uint8Array(part.bytes)], { type: part.type }), part.name);
    const response = await fetch(url, { method: 'POST', body: form });
    return { status: response.status, body: (await response.json()) as any };
  };

  it('takes text fields and files: each file is a run file, and the input holds references', async () => {
    const { wf, url } = await webhookWorkflow();
    const jpeg = await imageBytes('jpeg');
    const pdf = pdfBytes('Boiler serviced');
    const answer = await post(url, { site: 'Unit 7' }, [
      { field: 'photo', name: 'boiler.jpg', type: 'image/jpeg', bytes: jpeg },
      { field: 'report', name: 'report.pdf', type: 'application/octet-stream', bytes: pdf },
    ]);
    expect(answer.status).toBe(202);
    const run = await h.waitForRun(answer.body.runId, ['succeeded']);
    expect(run.output).toEqual({ out: { site: 'Unit 7', photo: 'image/jpeg', report: 'report.pdf' } });
    const report = run.input.report as FileRef;
    expect(report).toEqual({ fileId: expect.any(String), name: 'report.pdf', contentType: 'application/pdf', size: pdf.length });
    expect(await fileDoc(report.fileId)).toMatchObject({ ownerId: alice.uid, use: { kind: 'run', runId: run.id, workflowId: wf.id } });
    // The bytes are in the bucket, as sent.
    expect((await h.files.store.read({ id: report.fileId, objectPath: `files/${alice.uid}/${report.fileId}` })).equals(pdf)).toBe(true);
  });

  it('refuses an executable and an oversize file with the field named; nothing is stored or charged', async () => {
    const { url } = await webhookWorkflow();
    const files = await fileCount();
    const before = await h.balance(alice.uid);
    const wrong = await post(url, { site: 'x' }, [{ field: 'photo', name: 'photo.jpg', type: 'image/jpeg', bytes: ELF_BYTES }]);
    expect(wrong).toMatchObject({ status: 400, body: { code: 'file_type_not_allowed', field: 'photo' } });
    const max = Math.min(PLAN_ENTITLEMENTS.basic.maxFileBytes, FILE_LIMITS.maxUploadBytes);
    const big = await post(url, { site: 'x' }, [{ field: 'report', name: 'big.txt', type: 'text/plain', bytes: Buffer.alloc(max + 1, 'a') }]);
    expect(big).toMatchObject({ status: 413, body: { code: 'file_too_large', field: 'report', maxBytes: max } });
    expect(await fileCount()).toBe(files);
    expect(await h.balance(alice.uid)).toBe(before);
  });

  it('a Free owner\'s multipart delivery is refused like any other, and stores no file', async () => {
    const owner = await h.createUser('files-free-later');
    const wf = await h.saveWorkflow(owner.uid, [node('trigger', 'trigger.webhook', { path: 'visit', method: 'POST' }), node('out', 'output', { mapping: '{"ok": true}' })], [edge('trigger', 'out')]);
    const { url } = (await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: owner })).body as { url: string };
    await h.db.collection('userMemberships').doc(owner.uid).update({ role: 'free' });
    const files = await fileCount();
    const answer = await post(url, {}, [{ field: 'photo', name: 'a.png', type: 'image/png', bytes: await imageBytes('png') }]);
    expect(answer).toMatchObject({ status: 403, body: { code: 'plan_required' } });
    expect(await fileCount()).toBe(files);
    expect((await h.db.collection(RUN_SERVER_COLLECTIONS.webhookSecrets).doc(wf.id).get()).exists).toBe(true);
  });
});

describe('approvals: a file on the decision', () => {
  it('records the approver\'s file on the step; the owner and the approver can open it, others cannot', async () => {
    const wf = await h.saveWorkflow(
      alice.uid,
      [node('trigger', 'trigger.manual', { inputSchema: [] }), node('review', 'approval', { approvers: [bob.email], message: 'Sign the form' }), node('done', 'output', { mapping: '{"approved": review.approved}' })],
      [edge('trigger', 'review'), edge('review', 'done')],
    );
    const runId = (await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } })).body.runId as string;
    await h.waitForRun(runId, ['waiting']);
    const signed = await uploadOne(bob, 'attachment', 'signed-form.pdf', pdfBytes('Signed by Bob'));
    const carol = await h.createUser('files-stranger');
    // Someone who may not decide cannot attach (or decide) at all.
    expect((await h.call('POST', `/api/runs/${runId}/approve`, { user: carol, body: { attachments: [signed] } })).status).toBe(403);
    const decided = await h.call('POST', `/api/runs/${runId}/approve`, { user: bob, body: { comment: 'Signed', attachments: [signed] } });
    expect(decided.status).toBe(200);
    const run = await h.waitForRun(runId, ['succeeded']);
    const step = run.steps.find((s) => s.id === 'review')!;
    expect((step.output as { attachments: FileRef[] }).attachments).toEqual([{ fileId: signed.fileId, name: 'signed-form.pdf', contentType: 'application/pdf', size: signed.size }]);
    expect(await fileDoc(signed.fileId)).toMatchObject({ ownerId: bob.uid, use: { kind: 'approval', runId, stepId: 'review' } });
    expect((await h.call('POST', `/api/files/${signed.fileId}/link`, { user: alice })).status).toBe(200);
    expect((await h.call('POST', `/api/files/${signed.fileId}/link`, { user: bob })).status).toBe(200);
    expect((await h.call('POST', `/api/files/${signed.fileId}/link`, { user: carol })).status).toBe(404);
  });

  it('refuses more than five files and a file that is not the approver\'s upload, deciding nothing', async () => {
    const wf = await h.saveWorkflow(alice.uid, [node('trigger', 'trigger.manual', { inputSchema: [] }), node('review', 'approval', { approvers: [bob.uid], message: 'OK?' })], [edge('trigger', 'review')]);
    const runId = (await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } })).body.runId as string;
    await h.waitForRun(runId, ['waiting']);
    const aliceFile = await uploadOne(alice, 'attachment', 'a.txt', Buffer.from('alice'));
    const notMine = await h.call('POST', `/api/runs/${runId}/reject`, { user: bob, body: { attachments: [aliceFile] } });
    expect(notMine).toMatchObject({ status: 400, body: { code: 'file_not_usable', field: 'attachments.0' } });
    const six = Array.from({ length: 6 }, () => aliceFile);
    expect((await h.call('POST', `/api/runs/${runId}/reject`, { user: bob, body: { attachments: six } })).status).toBe(400);
    const still = await h.waitForRun(runId, ['waiting']);
    expect(still.steps.find((s) => s.id === 'review')!.status).toBe('waiting');
  });
});
