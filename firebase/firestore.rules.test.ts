// Security rules, tested against the real Firestore emulator: each allow and
// each deny. Later issues open more collections and extend this file.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { rulesSuite } from './rulesTestEnv';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
} from 'firebase/firestore';

// Own project id: clearing its data (before each test) never touches other suites' documents.
const suite = rulesSuite('demo-agentflow-rules');
const aliceDb = () => suite.dbOf('alice');
const malloryDb = () => suite.dbOf('mallory');
const { guestDb } = suite;

/** What the AuthProvider writes when it creates a profile. */
const newProfile = (overrides: Record<string, unknown> = {}) => ({
  email: 'alice@example.com',
  displayName: 'Alice',
  photoURL: null,
  phoneNumber: null,
  roles: ['b2c_user'],
  preferences: {},
  createdAt: serverTimestamp(),
  lastLogin: serverTimestamp(),
  ...overrides,
});

async function seedAlice(): Promise<void> {
  await suite.asAdmin(async (db) => {
    await setDoc(doc(db, 'users/alice'), {
      email: 'alice@example.com',
      displayName: 'Alice',
      photoURL: null,
      phoneNumber: null,
      roles: ['b2c_user'],
      preferences: { language: 'en' },
      createdAt: Timestamp.fromDate(new Date('2026-01-01T00:00:00Z')),
      lastLogin: Timestamp.fromDate(new Date('2026-01-02T00:00:00Z')),
    });
  });
}

describe('users/{uid}: reading', () => {
  beforeEach(seedAlice);

  test('allowed: the owner reads her profile', async () => {
    await assertSucceeds(getDoc(doc(aliceDb(), 'users/alice')));
  });

  test('denied: another user, a guest, and listing everyone', async () => {
    await assertFails(getDoc(doc(malloryDb(), 'users/alice')));
    await assertFails(getDoc(doc(guestDb(), 'users/alice')));
    await assertFails(getDocs(collection(aliceDb(), 'users')));
  });
});

describe('users/{uid}: creating', () => {
  test("allowed: her own profile with exactly ['b2c_user'], her token's e-mail and server timestamps", async () => {
    await assertSucceeds(setDoc(doc(aliceDb(), 'users/alice'), newProfile()));
  });

  test("allowed: with exactly ['free'] (createUserProfile)", async () => {
    await assertSucceeds(setDoc(doc(aliceDb(), 'users/alice'), newProfile({ roles: ['free'] })));
  });

  test.each<[string, Record<string, unknown>]>([
    ['an admin role', { roles: ['admin'] }],
    ['an extra role', { roles: ['b2c_user', 'premium'] }],
    ['no role', { roles: [] }],
    ['roles as a string', { roles: 'b2c_user' }],
    ['another e-mail', { email: 'boss@example.com' }],
    ['a field outside the profile', { tokensRemaining: 1_000_000 }],
    ['a made-up creation date', { createdAt: Timestamp.fromDate(new Date('2020-01-01T00:00:00Z')) }],
    ['a made-up last login', { lastLogin: Timestamp.fromDate(new Date('2020-01-01T00:00:00Z')) }],
    ['an empty display name', { displayName: '' }],
    ['a display name over 80 characters', { displayName: 'x'.repeat(81) }],
    ['an unknown language', { preferences: { language: 'xx' } }],
    ['an unknown preference', { preferences: { theme: 'dark' } }],
  ])('denied: %s', async (_label, overrides) => {
    await assertFails(setDoc(doc(aliceDb(), 'users/alice'), newProfile(overrides)));
  });

  test('denied: without the required fields', async () => {
    const { roles: _roles, ...withoutRoles } = newProfile();
    await assertFails(setDoc(doc(aliceDb(), 'users/alice'), withoutRoles));
  });

  test('denied: a profile for someone else, or by a guest', async () => {
    await assertFails(setDoc(doc(malloryDb(), 'users/alice'), newProfile({ email: 'mallory@example.com' })));
    await assertFails(setDoc(doc(guestDb(), 'users/alice'), newProfile()));
  });

  test('denied: an account whose token has no e-mail', async () => {
    const phoneOnly = suite.dbOf('alice', {});
    await assertFails(setDoc(doc(phoneOnly, 'users/alice'), newProfile({ email: null })));
  });
});

describe('users/{uid}: updating', () => {
  beforeEach(seedAlice);

  test('allowed: display name, phone number, photo, language, and lastLogin at the server time', async () => {
    const ref = doc(aliceDb(), 'users/alice');
    await assertSucceeds(updateDoc(ref, { displayName: 'Alice B.' }));
    await assertSucceeds(updateDoc(ref, { phoneNumber: '+1 415 555 0100' }));
    await assertSucceeds(updateDoc(ref, { phoneNumber: null }));
    await assertSucceeds(updateDoc(ref, { photoURL: 'https://example.com/alice.png' }));
    await assertSucceeds(updateDoc(ref, { 'preferences.language': 'fr' }));
    await assertSucceeds(updateDoc(ref, { lastLogin: serverTimestamp() }));
  });

  test.each<[string, Record<string, unknown>]>([
    ['her roles', { roles: ['admin'] }],
    ['her e-mail', { email: 'alice@evil.example' }],
    ['her creation date', { createdAt: serverTimestamp() }],
    ['a field outside the profile', { tokensRemaining: 1_000_000 }],
    ['lastLogin to a chosen time', { lastLogin: Timestamp.fromDate(new Date('2030-01-01T00:00:00Z')) }],
    ['an empty display name', { displayName: '' }],
    ['a display name over 80 characters', { displayName: 'x'.repeat(81) }],
    ['a phone number that is not text', { phoneNumber: 4155550100 }],
    ['an unknown language', { 'preferences.language': 'klingon' }],
  ])('denied: changing %s', async (_label, change) => {
    await assertFails(updateDoc(doc(aliceDb(), 'users/alice'), change));
  });

  test("denied: anyone else changing her profile, even a harmless field", async () => {
    await assertFails(updateDoc(doc(malloryDb(), 'users/alice'), { displayName: 'Pwned' }));
    await assertFails(updateDoc(doc(guestDb(), 'users/alice'), { displayName: 'Pwned' }));
  });

  test('denied: deleting her profile (services own deletion)', async () => {
    await assertFails(deleteDoc(doc(aliceDb(), 'users/alice')));
  });
});

describe('everything else stays closed', () => {
  beforeEach(async () => {
    await suite.asAdmin((db) => setDoc(doc(db, 'packages/free'), { name: 'Free' }));
  });

  test('signed in or not, no other collection can be read or written', async () => {
    await assertFails(getDocs(collection(guestDb(), 'packages')));
    await assertFails(getDoc(doc(aliceDb(), 'packages/free')));
    await assertFails(setDoc(doc(aliceDb(), 'rbacAuditLogs/forged'), { action: 'grant' }));
    await assertFails(setDoc(doc(aliceDb(), 'userMemberships/alice'), { tokensRemaining: 1_000_000 }));
  });
});
