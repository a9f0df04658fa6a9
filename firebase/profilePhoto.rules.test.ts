// users/{uid}.photo is platform-api's alone: it names a stored file
// (files/{fileId}), and a browser that could write it could point its profile
// at someone else's file, or keep a deleted one's id. Against the real
// Firestore emulator: the owner reads it and still edits the display fields
// beside it, but creating, changing, copying or clearing it from a browser
// is refused.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { Timestamp, deleteField, doc, getDoc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import { rulesSuite } from './rulesTestEnv';

const PHOTO = { fileId: 'AbCdEfGhIjKlMnOpQrSt', updatedAt: '2026-11-26T10:00:00.000Z' };
const BOBS_PHOTO = { fileId: 'BobsPhotoBobsPhoto00', updatedAt: '2026-11-26T11:00:00.000Z' };

const suite = rulesSuite('demo-agentflow-profile-photo-rules', async (db) => {
  const profile = (uid: string, photo: typeof PHOTO) => ({
    email: `${uid}@example.com`,
    displayName: uid,
    photoURL: null,
    phoneNumber: null,
    roles: ['b2c_user'],
    preferences: {},
    createdAt: Timestamp.fromDate(new Date('2026-01-01T00:00:00Z')),
    lastLogin: Timestamp.fromDate(new Date('2026-01-02T00:00:00Z')),
    // As platform-api writes it after an upload.
    photo,
  });
  await setDoc(doc(db, 'users/alice'), profile('alice', PHOTO));
  await setDoc(doc(db, 'users/bob'), profile('bob', BOBS_PHOTO));
});
const aliceDb = () => suite.dbOf('alice');
const aliceRef = () => doc(aliceDb(), 'users/alice');

test('the owner reads her photo reference, and still edits her display fields beside it', async () => {
  const snapshot = await assertSucceeds(getDoc(aliceRef()));
  expect(snapshot.get('photo')).toEqual(PHOTO);
  await assertSucceeds(updateDoc(aliceRef(), { displayName: 'Alice B.', 'preferences.language': 'de' }));
  await assertSucceeds(updateDoc(aliceRef(), { photoURL: 'https://example.com/alice.png' }));
});

test.each<[string, Record<string, unknown>]>([
  ['to another file of hers', { photo: { fileId: 'ZzZzZzZzZzZzZzZzZzZz', updatedAt: '2026-11-27T00:00:00.000Z' } }],
  ["to Bob's photo", { photo: BOBS_PHOTO }],
  ['to a URL', { photo: 'https://evil.example/x.png' }],
  ['its file id alone', { 'photo.fileId': BOBS_PHOTO.fileId }],
  ['to null', { photo: null }],
  ['by deleting the field', { photo: deleteField() }],
  ['together with an allowed display field', { displayName: 'Alice', photo: BOBS_PHOTO }],
])('a browser may not change her photo %s', async (_label, change) => {
  await assertFails(updateDoc(aliceRef(), change));
  // Nothing changed.
  let stored: unknown;
  await suite.asAdmin(async (db) => {
    stored = (await getDoc(doc(db, 'users/alice'))).get('photo');
  });
  expect(stored).toEqual(PHOTO);
});

test('a browser may not create its profile with a photo, nor write one into another profile', async () => {
  const carolDb = suite.dbOf('carol');
  const newProfile = {
    email: 'carol@example.com',
    displayName: 'Carol',
    photoURL: null,
    phoneNumber: null,
    roles: ['b2c_user'],
    preferences: {},
    createdAt: serverTimestamp(),
    lastLogin: serverTimestamp(),
  };
  await assertFails(setDoc(doc(carolDb, 'users/carol'), { ...newProfile, photo: BOBS_PHOTO }));
  // The same profile without the photo is fine: only the photo is refused.
  await assertSucceeds(setDoc(doc(carolDb, 'users/carol'), newProfile));
  await assertFails(updateDoc(doc(carolDb, 'users/bob'), { photo: PHOTO }));
  await assertFails(getDoc(doc(carolDb, 'users/bob')));
});
