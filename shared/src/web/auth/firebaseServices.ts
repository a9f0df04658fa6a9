// AuthServices on the Firebase web SDK. Auth loads when connecting;
// Firestore only when a profile is first read (the demo account never needs it).
import type { User } from 'firebase/auth';
import type { DocumentData, Timestamp } from 'firebase/firestore';
import { getFirebaseAuth, getFirestoreDb, probePersistedAuthSession } from '../firebase/web.js';
import { isOnline } from '../offline/useOnline.js';
import { decodeProfilePhoto, type UserProfile } from '../../domain/auth/profile.js';
import type { AuthAccount, AuthBackend, AuthServices, ProfileChanges, ProfileStore } from './services.js';
import { newProfileFields } from './newProfile.js';

function toAccount(user: User): AuthAccount {
  return { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL };
}

async function firebaseAuthBackend(): Promise<AuthBackend> {
  const [auth, sdk] = await Promise.all([getFirebaseAuth(), import('firebase/auth')]);
  const current = () => {
    if (!auth.currentUser) throw Object.assign(new Error('Nobody is signed in'), { code: 'auth/no-current-user' });
    return auth.currentUser;
  };
  return {
    onAuthStateChanged: (listener) => sdk.onAuthStateChanged(auth, (user) => listener(user ? toAccount(user) : null)),
    signIn: async (email, password) => {
      await sdk.signInWithEmailAndPassword(auth, email, password);
    },
    signUp: async (email, password, displayName) => {
      const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
      await sdk.updateProfile(user, { displayName });
      return toAccount(user);
    },
    signInWithGoogle: async () => {
      await sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider());
    },
    signOut: () => sdk.signOut(auth),
    sendPasswordReset: (email) => sdk.sendPasswordResetEmail(auth, email),
    updateDisplayName: (displayName) => sdk.updateProfile(current(), { displayName }),
    getIdToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
  };
}

const toDate = (value: unknown): Date | null =>
  value && typeof (value as Timestamp).toDate === 'function' ? (value as Timestamp).toDate() : null;

export function profileFromDocument(uid: string, data: DocumentData): UserProfile {
  return {
    uid,
    email: typeof data.email === 'string' ? data.email : null,
    displayName: typeof data.displayName === 'string' ? data.displayName : 'User',
    photoURL: typeof data.photoURL === 'string' ? data.photoURL : null,
    phoneNumber: typeof data.phoneNumber === 'string' ? data.phoneNumber : null,
    roles: Array.isArray(data.roles) ? data.roles.filter((role): role is string => typeof role === 'string') : [],
    preferences: typeof data.preferences === 'object' && data.preferences !== null ? (data.preferences as UserProfile['preferences']) : {},
    createdAt: toDate(data.createdAt),
    lastLogin: toDate(data.lastLogin),
    photo: decodeProfilePhoto(data.photo),
  };
}

function firestoreProfileStore(): ProfileStore {
  const firestore = () => Promise.all([getFirestoreDb(), import('firebase/firestore')]);
  return {
    async get(uid) {
      const [db, fs] = await firestore();
      const reference = fs.doc(db, 'users', uid);
      // Offline, the installed app starts from the copy in Firestore's
      // persistent cache at once, instead of waiting for the SDK to decide it
      // is offline. Not cached: ask getDoc, which fails offline (so an
      // existing profile is never mistaken for a missing one and recreated).
      if (!isOnline()) {
        try {
          const cached = await fs.getDocFromCache(reference);
          if (cached.exists()) return profileFromDocument(uid, cached.data());
        } catch {
          // not in the cache
        }
      }
      const snapshot = await fs.getDoc(reference);
      return snapshot.exists() ? profileFromDocument(uid, snapshot.data()) : null;
    },
    async create(account, roles) {
      const [db, fs] = await firestore();
      const profile = newProfileFields(account, roles, fs.serverTimestamp());
      await fs.setDoc(fs.doc(db, 'users', account.uid), profile);
      const now = new Date();
      return { ...profile, uid: account.uid, roles: [...roles], createdAt: now, lastLogin: now };
    },
    async recordLogin(uid) {
      const [db, fs] = await firestore();
      await fs.updateDoc(fs.doc(db, 'users', uid), { lastLogin: fs.serverTimestamp() });
    },
    async update(uid, changes: ProfileChanges) {
      const [db, fs] = await firestore();
      const { preferences, ...fields } = changes;
      const update: Record<string, unknown> = { ...fields };
      // Merge preferences key by key: one screen's change must not drop another's.
      for (const [key, value] of Object.entries(preferences ?? {})) update[`preferences.${key}`] = value;
      if (Object.keys(update).length > 0) await fs.updateDoc(fs.doc(db, 'users', uid), update);
    },
  };
}

export const firebaseAuthServices: AuthServices = {
  probeSession: probePersistedAuthSession,
  connect: async () => ({ auth: await firebaseAuthBackend(), profiles: firestoreProfileStore() }),
};
