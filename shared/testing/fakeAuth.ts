// The signed-in test user, their profile and an AuthContext value without
// Firebase (test code only). Apart from renderWithProviders, so that shared's
// own provider tests can use them: these import only types, while
// renderWithProviders loads the whole '@agentflow/shared' entry, router included.
import type { AuthContextValue, AuthUser, UserProfile } from '@agentflow/shared';

export function testUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return { uid: 'user-1', email: 'ada@example.com', displayName: 'Ada Lovelace', photoURL: null, ...overrides };
}

/** A users/{uid} profile for the signed-in test user (the defaults match testUser()). */
export function testProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    uid: 'user-1',
    email: 'ada@example.com',
    displayName: 'Ada Lovelace',
    photoURL: null,
    phoneNumber: null,
    roles: ['b2c_user'],
    preferences: { language: 'en' },
    createdAt: new Date('2024-03-05T12:00:00Z'),
    lastLogin: new Date('2024-06-01T08:30:00Z'),
    ...overrides,
  };
}

/**
 * An AuthContext value without Firebase: signed out, not loading, no profile
 * and no demo account unless told otherwise. Every action resolves and does
 * nothing; pass jest.fn() overrides to observe or fail them.
 */
export function fakeAuth(user: AuthUser | null = null, overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const done = async (): Promise<void> => undefined;
  return {
    user,
    userProfile: null,
    loading: false,
    error: null,
    isDemoUser: false,
    demoAvailable: false,
    signIn: done,
    signUp: done,
    signInWithGoogle: done,
    signInAsDemoUser: done,
    signOut: done,
    sendPasswordReset: done,
    updateProfile: done,
    getIdToken: async () => (user ? `test-id-token-${user.uid}` : null),
    ...overrides,
  };
}
