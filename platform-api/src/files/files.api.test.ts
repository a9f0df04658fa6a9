// File storage over HTTP, on the real Storage emulator: upload, download
// through a signed link (and its expiry), another user's file refused with
// nothing revealed, oversize and wrong-type uploads refused naming the
// field, the bytes deciding the type over a lying name, the plan's storage,
// and the sweepers (unused uploads, objects without metadata).
import sharp from 'sharp';
import { FILES_API, FILE_LIMITS, PLAN_ENTITLEMENTS, type UploadedFile } from '@agentflow/shared/server';
import { type AccessHarness, type TestUser, startAccessHarness } from '../../testing/harness';
import { ELF_BYTES, docxBytes, imageBytes, pdfBytes } from '../../testing/fileFixtures';

let h: AccessHarness;
let alice: TestUser;
let bob: TestUser;
let clock = Date.now();

beforeAll(async () => {
  h = await startAccessHarness('files', { files: { now: () => new Date(clock) } });
  alice = await h.createUser('files-alice');
  bob = await h.createUser('files-bob');
});
afterAll(() => h?.close());
beforeEach(() => {
  clock = Date.now();
});

const onPlan = (user: TestUser, role: string) => h.db.collection('userMemberships').doc(user.uid).set({ userId: user.uid, role }, { merge: true });

interface Part {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

async function upload(user: TestUser | null, parts: Part[], path: string = FILES_API.upload) {
  const form = new FormData();
  for (const part of parts) form.append(part.field, new Blob([new Uint8Array(part.bytes)], { type: part.type }), part.name);
  const response = await fetch(`${h.baseUrl}${path}`, { method: 'POST', body: form, headers: user ? { Authorization: `Bearer ${user.idToken}` } : {} });
  return { status: response.status, body: (await response.json()) as any };
}

async function uploadOne(user: TestUser, part: Part): Promise<UploadedFile> {
  const answer = await upload(user, [part]);
  if (answer.status !== 201) throw new Error(`upload failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.files[0] as UploadedFile;
}

const fileCount = async () => (await h.db.collection('files').count().get()).data().count;
const objects = async () => (await h.files!.store.bucket.list('files/')).objects.map((object) => object.path);
const usedBytes = async (user: TestUser) => Number((await h.db.collection('storageUsage').doc(user.uid).get()).get('bytes') ?? 0);

describe('upload and download', () => {
  it('stores a file, and its owner downloads the same bytes through a link', async () => {
    const bytes = pdfBytes('Service report 42');
    const { field, file } = await uploadOne(alice, { field: 'report', name: 'report.pdf', type: 'application/pdf', bytes });
    expect(field).toBe('report');
    expect(file).toEqual({ fileId: expect.stringMatching(/^[A-Za-z0-9]{20}$/), name: 'report.pdf', contentType: 'application/pdf', size: bytes.length });
    const stored = (await h.db.collection('files').doc(file.fileId).get()).data();
    expect(stored).toMatchObject({ ownerId: alice.uid, use: { kind: 'upload' }, size: bytes.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const link = await h.call('POST', FILES_API.link(file.fileId), { user: alice });
    expect(link.status).toBe(200);
    expect(link.body.url).toContain(FILES_API.content(file.fileId));
    const download = await fetch(link.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="report.pdf"/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('serves images inline, so the app can show them', async () => {
    const { file } = await uploadOne(alice, { field: 'photo', name: 'site.png', type: 'image/png', bytes: await imageBytes('png') });
    const link = await h.call('POST', FILES_API.link(file.fileId), { user: alice });
    const download = await fetch(link.body.url);
    expect(download.headers.get('content-disposition')).toMatch(/^inline/);
    expect(download.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('takes several files in one request, each under its field', async () => {
    const answer = await upload(alice, [
      { field: 'photo', name: 'a.jpg', type: 'image/jpeg', bytes: await imageBytes('jpeg') },
      { field: 'contract', name: 'contract.docx', type: 'application/octet-stream', bytes: await docxBytes('Terms') },
      { field: 'notes', name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('Gate code 1234\n') },
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body.files.map((f: UploadedFile) => [f.field, f.file.contentType])).toEqual([
      ['photo', 'image/jpeg'],
      ['contract', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['notes', 'text/plain'],
    ]);
  });
});

describe('signed links', () => {
  it('stop working when they expire, and an altered link never works', async () => {
    const { file } = await uploadOne(alice, { field: 'f', name: 'a.txt', type: 'text/plain', bytes: Buffer.from('hello') });
    const link = (await h.call('POST', FILES_API.link(file.fileId), { user: alice })).body as { url: string; expiresAt: string };
    expect(Date.parse(link.expiresAt) - clock).toBeLessThanOrEqual(FILE_LIMITS.linkSeconds * 1000);
    expect((await fetch(link.url)).status).toBe(200);

    const tampered = link.url.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 3600}`);
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'file_link_invalid' });

    clock += (FILE_LIMITS.linkSeconds + 1) * 1000;
    const expired = await fetch(link.url);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ code: 'file_link_invalid' });
  });

  it('are for one file: another file id with the same signature is refused', async () => {
    const first = await uploadOne(alice, { field: 'f', name: 'a.txt', type: 'text/plain', bytes: Buffer.from('one') });
    const second = await uploadOne(alice, { field: 'f', name: 'b.txt', type: 'text/plain', bytes: Buffer.from('two') });
    const link = (await h.call('POST', FILES_API.link(first.file.fileId), { user: alice })).body.url as string;
    expect((await fetch(link.replace(first.file.fileId, second.file.fileId))).status).toBe(403);
  });
});

describe('who may see a file', () => {
  it("refuses another user's file with 404, exactly as a missing one, and signs no link", async () => {
    const { file } = await uploadOne(alice, { field: 'f', name: 'private.txt', type: 'text/plain', bytes: Buffer.from('alice only') });
    const theirs = await h.call('GET', FILES_API.one(file.fileId), { user: bob });
    const missing = await h.call('GET', FILES_API.one('AAAAAAAAAAAAAAAAAAAA'), { user: bob });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ error: `File '${file.fileId}' not found`, code: 'file_not_found' });
    expect(missing.body.code).toBe(theirs.body.code);
    expect(JSON.stringify(theirs.body)).not.toContain('private.txt');
    expect((await h.call('POST', FILES_API.link(file.fileId), { user: bob })).status).toBe(404);
    expect((await h.call('DELETE', FILES_API.one(file.fileId), { user: bob })).status).toBe(404);
    expect((await h.db.collection('files').doc(file.fileId).get()).exists).toBe(true);
  });

  it('needs a signed-in caller for everything but a signed link', async () => {
    expect((await upload(null, [{ field: 'f', name: 'a.txt', type: 'text/plain', bytes: Buffer.from('x') }])).status).toBe(401);
    expect((await h.call('GET', FILES_API.one('AAAAAAAAAAAAAAAAAAAA'))).status).toBe(401);
    expect((await fetch(`${h.baseUrl}${FILES_API.content('AAAAAAAAAAAAAAAAAAAA')}`)).status).toBe(403);
  });

  it('lets the owner delete an unused upload: metadata, object and usage go together', async () => {
    const before = await usedBytes(alice);
    const { file } = await uploadOne(alice, { field: 'f', name: 'gone.txt', type: 'text/plain', bytes: Buffer.from('soon gone') });
    expect(await usedBytes(alice)).toBe(before + file.size);
    const path = `files/${alice.uid}/${file.fileId}`;
    expect(await objects()).toContain(path);
    expect((await h.call('DELETE', FILES_API.one(file.fileId), { user: alice })).status).toBe(204);
    expect((await h.db.collection('files').doc(file.fileId).get()).exists).toBe(false);
    expect(await objects()).not.toContain(path);
    expect(await usedBytes(alice)).toBe(before);
  });
});

describe('refused uploads change nothing', () => {
  it('refuses a file over the plan limit with 413 naming the field', async () => {
    const carol = await h.createUser('files-carol');
    const before = await fileCount();
    const max = PLAN_ENTITLEMENTS.free.maxFileBytes;
    const answer = await upload(carol, [{ field: 'invoice', name: 'big.txt', type: 'text/plain', bytes: Buffer.alloc(max + 1, 'a') }]);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'file_too_large', field: 'invoice', maxBytes: max });
    expect(answer.body.error).toContain('invoice');
    expect(await fileCount()).toBe(before);
    // The same file fits Basic's larger limit.
    await onPlan(carol, 'basic');
    expect((await upload(carol, [{ field: 'invoice', name: 'big.txt', type: 'text/plain', bytes: Buffer.alloc(max + 1, 'a') }])).status).toBe(201);
  });

  it('refuses a type it does not store (an executable named photo.jpg) with 400 naming the field', async () => {
    const before = await fileCount();
    const answer = await upload(alice, [
      { field: 'ok', name: 'fine.txt', type: 'text/plain', bytes: Buffer.from('fine') },
      { field: 'photo', name: 'photo.jpg', type: 'image/jpeg', bytes: ELF_BYTES },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'file_type_not_allowed', field: 'photo' });
    // One refused file stores none.
    expect(await fileCount()).toBe(before);
  });

  it('records the type the bytes have, not the name or the claimed type', async () => {
    const png = await imageBytes('png');
    const { file } = await uploadOne(alice, { field: 'brochure', name: 'brochure.pdf', type: 'application/pdf', bytes: png });
    expect(file.contentType).toBe('image/png');
    const link = (await h.call('POST', FILES_API.link(file.fileId), { user: alice })).body.url as string;
    expect((await fetch(link)).headers.get('content-type')).toBe('image/png');
  });

  it('refuses a body that is not multipart, and a multipart body without files', async () => {
    expect(await h.call('POST', FILES_API.upload, { user: alice, body: { file: 'x' } })).toMatchObject({ status: 400, body: { code: 'bad_upload' } });
    const form = new FormData();
    form.append('note', 'no file here');
    const response = await fetch(`${h.baseUrl}${FILES_API.upload}`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${alice.idToken}` } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_upload', field: 'file' });
  });

  it("refuses a file that would pass the plan's storage, naming the plan with more", async () => {
    const dave = await h.createUser('files-dave');
    await h.db.collection('storageUsage').doc(dave.uid).set({ bytes: PLAN_ENTITLEMENTS.free.storageBytes - 10 });
    const before = await objects();
    const answer = await upload(dave, [{ field: 'f', name: 'a.txt', type: 'text/plain', bytes: Buffer.from('more than ten bytes') }]);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'plan_limit_reached', feature: 'storage', plan: 'basic' });
    expect(await usedBytes(dave)).toBe(PLAN_ENTITLEMENTS.free.storageBytes - 10);
    // The object written before the check was removed again.
    expect((await objects()).filter((path) => path.startsWith(`files/${dave.uid}/`))).toEqual(before.filter((path) => path.startsWith(`files/${dave.uid}/`)));
  });
});

describe('housekeeping', () => {
  it('sweeps uploads never used before they expire', async () => {
    const { file } = await uploadOne(alice, { field: 'f', name: 'stale.txt', type: 'text/plain', bytes: Buffer.from('never used') });
    expect(await h.files!.store.sweepExpiredUploads()).toBe(0);
    clock += (FILE_LIMITS.stagedHours * 3600 + 1) * 1000;
    expect(await h.files!.store.sweepExpiredUploads()).toBeGreaterThanOrEqual(1);
    expect((await h.db.collection('files').doc(file.fileId).get()).exists).toBe(false);
    expect(await objects()).not.toContain(`files/${alice.uid}/${file.fileId}`);
  });

  it('sweeps objects that have no metadata, but not a young one (a save between its writes)', async () => {
    const orphan = `files/${alice.uid}/OrphanOrphanOrphan00`;
    await h.files!.store.bucket.put(orphan, Buffer.from('left behind'), 'text/plain');
    const { file } = await uploadOne(alice, { field: 'f', name: 'kept.txt', type: 'text/plain', bytes: Buffer.from('kept') });
    await h.files!.store.sweepOrphanObjects();
    expect(await objects()).toContain(orphan);
    clock += 2 * 3600 * 1000;
    expect(await h.files!.store.sweepOrphanObjects()).toBeGreaterThanOrEqual(1);
    const left = await objects();
    expect(left).not.toContain(orphan);
    expect(left).toContain(`files/${alice.uid}/${file.fileId}`);
  });
});

it('keeps an uploaded image as sent (only profile photos are resized, on their own route)', async () => {
  const jpeg = await imageBytes('jpeg', 32, 32);
  const { file } = await uploadOne(alice, { field: 'f', name: 'x.jpg', type: 'image/jpeg', bytes: jpeg });
  const link = (await h.call('POST', FILES_API.link(file.fileId), { user: alice })).body.url as string;
  const meta = await sharp(Buffer.from(await (await fetch(link)).arrayBuffer())).metadata();
  expect([meta.width, meta.height]).toEqual([32, 32]);
});
