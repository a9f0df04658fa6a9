// The profile photo over HTTP, on the real Storage and Firestore emulators:
// an upload is checked by its bytes, turned upright, fitted inside
// FILE_LIMITS.photoSize, re-encoded without its metadata and stored; the
// profile points at it; replacing or removing it deletes the old object from
// the bucket; refused uploads (wrong type, too large, damaged) store nothing.
import sharp from 'sharp';
import { FILES_API, FILE_LIMITS } from '@agentflow/shared/server';
import { type AccessHarness, type TestUser, startAccessHarness } from '../../../testing/harness';
import { imageBytes, pdfBytes } from '../../../testing/fileFixtures';

let h: AccessHarness;
let alice: TestUser;

beforeAll(async () => {
  h = await startAccessHarness('profile-photo', { files: true });
  alice = await h.createUser('photo-alice');
});
afterAll(() => h?.close());

interface PhotoPart {
  field?: string;
  name?: string;
  type?: string;
  bytes: Buffer;
}

async function putPhoto(user: TestUser | null, ...parts: PhotoPart[]) {
  const form = new FormData();
  for (const { field = 'photo', name = 'me.jpg', type = 'image/jpeg', bytes } of parts) form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${h.baseUrl}${FILES_API.profilePhoto}`, { method: 'PUT', body: form, headers: user ? { Authorization: `Bearer ${user.idToken}` } : {} });
  return { status: response.status, body: (await response.json()) as any };
}

const profilePhoto = async (user: TestUser) => (await h.db.collection('users').doc(user.uid).get()).get('photo') as { fileId: string; updatedAt: string } | undefined;
const objectsOf = async (user: TestUser) => (await h.files!.store.bucket.list(`files/${user.uid}/`)).objects.map((object) => object.path);
const filesOf = async (user: TestUser) => (await h.db.collection('files').where('ownerId', '==', user.uid).get()).docs.map((doc) => doc.id);
const usedBytes = async (user: TestUser) => Number((await h.db.collection('storageUsage').doc(user.uid).get()).get('bytes') ?? 0);
const download = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
};

/** A user with a profile and no photo yet. */
const freshUser = (label: string) => h.createUser(label);

describe('PUT: a photo is stored resized, upright and without metadata', () => {
  it('fits a large JPEG inside the photo size, as WebP, and strips its EXIF (camera, location)', async () => {
    const user = await freshUser('photo-exif');
    const sent = await imageBytes('jpeg', 1200, 800, { exif: true });
    // The fixture does carry the metadata that must go.
    expect((await sharp(sent).metadata()).exif?.toString('latin1')).toContain('secret-location-47.3N');

    const answer = await putPhoto(user, { bytes: sent });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ photo: { fileId: expect.stringMatching(/^[A-Za-z0-9]{20}$/), updatedAt: expect.any(String) }, width: 512, height: 341 });
    expect(await profilePhoto(user)).toEqual(answer.body.photo);

    const file = (await h.db.collection('files').doc(answer.body.photo.fileId).get()).data();
    expect(file).toMatchObject({ ownerId: user.uid, use: { kind: 'profile' }, contentType: 'image/webp', expiresAt: null });
    expect(await objectsOf(user)).toEqual([`files/${user.uid}/${answer.body.photo.fileId}`]);

    const got = await download(answer.body.url);
    expect(got.status).toBe(200);
    expect(got.type).toBe('image/webp');
    const meta = await sharp(got.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 341]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(got.bytes.toString('latin1')).not.toContain('secret-location');
    expect(got.bytes.toString('latin1')).not.toContain('FieldCam');
  });

  it('applies the EXIF orientation: a sideways phone photo is stored upright', async () => {
    const user = await freshUser('photo-rotated');
    // 60 × 40 pixels that the camera says to turn 90° clockwise.
    const sideways = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 10, g: 120, b: 200 } } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const answer = await putPhoto(user, { bytes: sideways });
    expect(answer.status).toBe(200);
    const meta = await sharp((await download(answer.body.url)).bytes).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([40, 60, undefined]);
  });

  it('never enlarges a small photo, and takes PNG and WebP too', async () => {
    const user = await freshUser('photo-small');
    for (const format of ['png', 'webp'] as const) {
      const answer = await putPhoto(user, { bytes: await imageBytes(format, 64, 48), name: `me.${format}`, type: `image/${format}` });
      expect(answer.status).toBe(200);
      expect([answer.body.width, answer.body.height]).toEqual([64, 48]);
    }
  });

  it('decides the type on the bytes: a PNG named photo.pdf is taken', async () => {
    const user = await freshUser('photo-named');
    const answer = await putPhoto(user, { bytes: await imageBytes('png'), name: 'photo.pdf', type: 'application/pdf' });
    expect(answer.status).toBe(200);
  });
});

describe('replacing and removing', () => {
  it('replacing deletes the previous object and its metadata, and the storage total counts one photo', async () => {
    const user = await freshUser('photo-replace');
    const first = await putPhoto(user, { bytes: await imageBytes('jpeg', 300, 300) });
    const firstPath = `files/${user.uid}/${first.body.photo.fileId}`;
    expect(await objectsOf(user)).toEqual([firstPath]);

    const second = await putPhoto(user, { bytes: await imageBytes('png', 200, 100), name: 'new.png', type: 'image/png' });
    expect(second.status).toBe(200);
    expect(second.body.photo.fileId).not.toBe(first.body.photo.fileId);
    expect(await profilePhoto(user)).toEqual(second.body.photo);
    // Gone from the bucket itself, not only from the metadata.
    expect(await objectsOf(user)).toEqual([`files/${user.uid}/${second.body.photo.fileId}`]);
    expect(await filesOf(user)).toEqual([second.body.photo.fileId]);
    const stored = (await h.db.collection('files').doc(second.body.photo.fileId).get()).get('size') as number;
    expect(await usedBytes(user)).toBe(stored);
    // The old link no longer finds anything.
    expect((await download(first.body.url)).status).toBe(404);
  });

  it('DELETE clears the field and removes the object and its metadata; doing it again is a no-op', async () => {
    const user = await freshUser('photo-delete');
    const put = await putPhoto(user, { bytes: await imageBytes('webp', 80, 80), type: 'image/webp', name: 'me.webp' });
    expect(put.status).toBe(200);

    const removed = await h.call('DELETE', FILES_API.profilePhoto, { user });
    expect(removed.status).toBe(204);
    expect(await profilePhoto(user)).toBeUndefined();
    expect(await objectsOf(user)).toEqual([]);
    expect(await filesOf(user)).toEqual([]);
    expect(await usedBytes(user)).toBe(0);
    expect((await h.call('GET', FILES_API.profilePhoto, { user })).status).toBe(404);

    expect((await h.call('DELETE', FILES_API.profilePhoto, { user })).status).toBe(204);
  });
});

describe('GET: a link to the photo', () => {
  it('answers a short-lived link that serves the stored photo inline', async () => {
    const user = await freshUser('photo-get');
    const put = await putPhoto(user, { bytes: await imageBytes('jpeg', 100, 100) });
    const answer = await h.call('GET', FILES_API.profilePhoto, { user });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ photo: put.body.photo, url: expect.stringContaining(FILES_API.content(put.body.photo.fileId)), expiresAt: expect.any(String) });
    expect(Date.parse(answer.body.expiresAt) - Date.now()).toBeLessThanOrEqual(FILE_LIMITS.linkSeconds * 1000);
    const response = await fetch(answer.body.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^inline/);
  });

  it('is 404 with a code when there is no photo', async () => {
    const answer = await h.call('GET', FILES_API.profilePhoto, { user: alice });
    expect(answer).toMatchObject({ status: 404, body: { code: 'file_not_found' } });
  });

  it('needs a signed-in caller for all three', async () => {
    expect((await h.call('GET', FILES_API.profilePhoto)).status).toBe(401);
    expect((await h.call('DELETE', FILES_API.profilePhoto)).status).toBe(401);
    expect((await putPhoto(null, { bytes: await imageBytes('jpeg') })).status).toBe(401);
  });
});

describe('refused uploads store nothing and leave the photo as it was', () => {
  let user: TestUser;
  let kept: { fileId: string; updatedAt: string };
  beforeAll(async () => {
    user = await freshUser('photo-refused');
    kept = (await putPhoto(user, { bytes: await imageBytes('jpeg') })).body.photo;
  });
  const unchanged = async () => {
    expect(await profilePhoto(user)).toEqual(kept);
    expect(await objectsOf(user)).toEqual([`files/${user.uid}/${kept.fileId}`]);
    expect(await filesOf(user)).toEqual([kept.fileId]);
  };

  it('a PDF named photo.jpg: 400 file_type_not_allowed naming photo', async () => {
    const answer = await putPhoto(user, { bytes: pdfBytes('not a photo'), name: 'photo.jpg', type: 'image/jpeg' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'file_type_not_allowed', field: 'photo', contentType: 'application/pdf' });
    await unchanged();
  });

  it('a GIF (a run may take one, a photo may not): 400 naming photo', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).gif().toBuffer();
    const answer = await putPhoto(user, { bytes: gif, name: 'me.gif', type: 'image/gif' });
    expect(answer.body).toMatchObject({ code: 'file_type_not_allowed', field: 'photo', contentType: 'image/gif' });
    expect(answer.status).toBe(400);
    await unchanged();
  });

  it('over the photo limit: 413 file_too_large naming photo and the limit', async () => {
    const big = Buffer.concat([await imageBytes('jpeg'), Buffer.alloc(FILE_LIMITS.maxPhotoBytes, 1)]);
    const answer = await putPhoto(user, { bytes: big });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'file_too_large', field: 'photo', maxBytes: FILE_LIMITS.maxPhotoBytes });
    await unchanged();
  });

  it('a damaged JPEG (right signature, no image): 400 naming photo, never 500', async () => {
    const jpeg = await imageBytes('jpeg', 200, 200);
    for (const damaged of [jpeg.subarray(0, Math.floor(jpeg.length / 2)), Buffer.concat([jpeg.subarray(0, 30), Buffer.alloc(400, 0x41)])]) {
      const answer = await putPhoto(user, { bytes: damaged });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'bad_upload', field: 'photo', reason: 'image_unreadable' });
    }
    await unchanged();
  });

  it('a decompression bomb (a small PNG of too many pixels): 400, nothing stored', async () => {
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(FILE_LIMITS.maxPhotoBytes);
    const answer = await putPhoto(user, { bytes: bomb, name: 'bomb.png', type: 'image/png' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'bad_upload', field: 'photo', reason: 'image_unreadable' });
    await unchanged();
  });

  it('not multipart, no file, two files, or the wrong field: 400 bad_upload', async () => {
    expect(await h.call('PUT', FILES_API.profilePhoto, { user, body: { photo: 'x' } })).toMatchObject({ status: 400, body: { code: 'bad_upload', field: 'photo' } });
    const empty = new FormData();
    empty.append('note', 'no file');
    const response = await fetch(`${h.baseUrl}${FILES_API.profilePhoto}`, { method: 'PUT', body: empty, headers: { Authorization: `Bearer ${user.idToken}` } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_upload', field: 'photo' });
    const jpeg = await imageBytes('jpeg');
    expect(await putPhoto(user, { bytes: jpeg }, { bytes: jpeg })).toMatchObject({ status: 400, body: { code: 'too_many_files' } });
    expect(await putPhoto(user, { bytes: jpeg, field: 'avatar' })).toMatchObject({ status: 400, body: { code: 'bad_upload', field: 'photo' } });
    await unchanged();
  });
});

it('refuses a photo for an account without a profile (the demo account): 404, nothing stored', async () => {
  const ghost = await h.createUser('photo-ghost', { profile: false });
  const answer = await putPhoto(ghost, { bytes: await imageBytes('jpeg') });
  expect(answer).toMatchObject({ status: 404, body: { code: 'not_found' } });
  expect(await objectsOf(ghost)).toEqual([]);
  expect(await filesOf(ghost)).toEqual([]);
  expect((await h.db.collection('users').doc(ghost.uid).get()).exists).toBe(false);
});
