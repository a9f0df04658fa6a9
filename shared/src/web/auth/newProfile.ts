// What users/{uid} holds when a profile is first created, in one place for the
// Firestore store and the in-memory one the provider's tests use.
import { initialDisplayName } from '../../domain/auth/profile.js';
import type { AuthAccount } from './services.js';

/** A new profile's fields; `stamp` is its creation and first login time (a server timestamp when written to Firestore). */
export function newProfileFields<Stamp>(account: AuthAccount, roles: readonly string[], stamp: Stamp) {
  return {
    email: account.email,
    displayName: initialDisplayName(account),
    photoURL: account.photoURL,
    phoneNumber: null,
    roles: [...roles],
    preferences: {},
    createdAt: stamp,
    lastLogin: stamp,
  };
}
