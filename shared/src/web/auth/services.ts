// The seams between the AuthProvider and Firebase. The provider only knows
// these interfaces; firebaseServices.ts implements them with the Firebase web
// SDK, and unit tests drive the provider's transitions with in-memory ones.
import type { UserProfile } from '../../domain/auth/profile.js';

export interface AuthAccount {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

export interface AuthBackend {
  /** Subscribes to sign-in state changes; returns the unsubscribe function. */
  onAuthStateChanged(listener: (account: AuthAccount | null) => void): () => void;
  signIn(email: string, password: string): Promise<void>;
  /** Creates the account, then sets its display name; resolves with the account as it now is. */
  signUp(email: string, password: string, displayName: string): Promise<AuthAccount>;
  signInWithGoogle(): Promise<void>;
  signOut(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  /** Renames the signed-in account (Firebase Auth's own displayName). */
  updateDisplayName(displayName: string): Promise<void>;
  getIdToken(): Promise<string | null>;
}

/** Validated profile changes (profileUpdateSchema's output). */
export interface ProfileChanges {
  displayName?: string;
  photoURL?: string | null;
  phoneNumber?: string | null;
  preferences?: { language?: string };
}

export interface ProfileStore {
  get(uid: string): Promise<UserProfile | null>;
  /** Creates users/{uid} for the account with the given roles, and returns it. */
  create(account: AuthAccount, roles: readonly string[]): Promise<UserProfile>;
  /** Stamps lastLogin with the server's time. */
  recordLogin(uid: string): Promise<void>;
  update(uid: string, changes: ProfileChanges): Promise<void>;
}

export interface AuthServices {
  /** 'none' only when certainly nobody is signed in in this browser (see probePersistedAuthSession). */
  probeSession(): Promise<'none' | 'maybe'>;
  /** Loads what signing in needs (the Auth SDK); called once, on demand. */
  connect(): Promise<{ auth: AuthBackend; profiles: ProfileStore }>;
}

/** The demo check: the one configured demo account, matched by e-mail. */
export function isDemoAccount(account: Pick<AuthAccount, 'email'>, demo: { email: string } | null): boolean {
  return Boolean(demo && account.email && account.email.toLowerCase() === demo.email.toLowerCase());
}
