/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { expectRefusedOutsideProvider } from '@agentflow/shared/testing/requiredContext';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useContext, type ReactNode } from 'react';
import type { UserProfile } from '../../domain/auth/profile';
import type { AuthAccount, AuthBackend, AuthServices, ProfileChanges, ProfileStore } from '../auth/services';
import { newProfileFields } from '../auth/newProfile';
import { buildAppConfig } from '../../domain/federation/runtimeConfig';
import { AuthContext, DEFAULT_AUTH_CONTEXT, PlatformContext, useAuth, useI18n, type AuthContextValue } from '../federation/contexts';
import { AuthProvider, createUserProfile } from './AuthProvider';
import { I18nProvider } from './I18nProvider';

/** An error shaped like Firebase's (a code and a message). */
const firebaseError = (code: string) => Object.assign(new Error(`Firebase: (${code})`), { code });

/** In-memory Auth: accounts by e-mail, one signed-in account, listeners told of every change. */
class MemoryAuth implements AuthBackend {
  accounts = new Map<string, { account: AuthAccount; password: string }>();
  current: AuthAccount | null = null;
  listeners = new Set<(account: AuthAccount | null) => void>();
  failNext: Partial<Record<keyof AuthBackend, Error>> = {};
  googleAccount: AuthAccount = { uid: 'google-1', email: 'grace@example.com', displayName: 'Grace Hopper', photoURL: 'https://example.com/g.png' };
  private nextUid = 1;

  private failure(method: keyof AuthBackend) {
    const error = this.failNext[method];
    delete this.failNext[method];
    if (error) throw error;
  }

  emit(account: AuthAccount | null) {
    this.current = account;
    for (const listener of this.listeners) listener(account ? { ...account } : null);
  }

  add(email: string, password: string, displayName: string | null = null): AuthAccount {
    const account = { uid: `uid-${this.nextUid++}`, email, displayName, photoURL: null };
    this.accounts.set(email, { account, password });
    return account;
  }

  onAuthStateChanged(listener: (account: AuthAccount | null) => void) {
    this.listeners.add(listener);
    queueMicrotask(() => listener(this.current ? { ...this.current } : null)); // Firebase reports the current state first
    return () => this.listeners.delete(listener);
  }

  async signIn(email: string, password: string) {
    this.failure('signIn');
    const entry = this.accounts.get(email);
    if (!entry || entry.password !== password) throw firebaseError('auth/invalid-credential');
    this.emit(entry.account);
  }

  async signUp(email: string, password: string, displayName: string) {
    this.failure('signUp');
    if (this.accounts.has(email)) throw firebaseError('auth/email-already-in-use');
    if (password.length < 6) throw firebaseError('auth/weak-password');
    const account = this.add(email, password);
    this.emit(account); // like Firebase: signed in before the display name is set
    await Promise.resolve();
    account.displayName = displayName;
    return { ...account };
  }

  async signInWithGoogle() {
    this.failure('signInWithGoogle');
    this.emit(this.googleAccount);
  }

  async signOut() {
    this.failure('signOut');
    this.emit(null);
  }

  async sendPasswordReset(email: string) {
    this.failure('sendPasswordReset');
    if (!email.includes('@')) throw firebaseError('auth/invalid-email');
  }

  async updateDisplayName(displayName: string) {
    this.failure('updateDisplayName');
    if (this.current) this.current.displayName = displayName;
  }

  async getIdToken() {
    return this.current ? `token-for-${this.current.uid}` : null;
  }
}

class MemoryProfiles implements ProfileStore {
  docs = new Map<string, UserProfile>();
  created: Array<{ uid: string; roles: readonly string[] }> = [];
  logins: string[] = [];
  reads: string[] = [];
  failGet: Error | null = null;

  async get(uid: string) {
    this.reads.push(uid);
    if (this.failGet) throw this.failGet;
    const profile = this.docs.get(uid);
    return profile ? { ...profile } : null;
  }

  async create(account: AuthAccount, roles: readonly string[]) {
    const profile: UserProfile = { ...newProfileFields(account, roles, new Date()), uid: account.uid };
    this.docs.set(account.uid, profile);
    this.created.push({ uid: account.uid, roles });
    return { ...profile };
  }

  async recordLogin(uid: string) {
    this.logins.push(uid);
  }

  async update(uid: string, changes: ProfileChanges) {
    const profile = this.docs.get(uid);
    if (!profile) throw firebaseError('not-found');
    this.docs.set(uid, { ...profile, ...changes, preferences: { ...profile.preferences, ...changes.preferences } } as UserProfile);
  }
}

/** The providers an AuthProvider sits in inside the shell: the platform's config and English. */
function providers(services: AuthServices, config: ReturnType<typeof buildAppConfig>) {
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <PlatformContext.Provider value={{ host: 'test', config }}>
        <I18nProvider initialLanguage="en">
          <AuthProvider services={services}>{children}</AuthProvider>
        </I18nProvider>
      </PlatformContext.Provider>
    );
  };
}

function setup(options: { session?: 'none' | 'maybe'; demo?: boolean } = {}) {
  const auth = new MemoryAuth();
  const profiles = new MemoryProfiles();
  const connect = jest.fn(async () => ({ auth, profiles }));
  const probeSession = jest.fn(async () => options.session ?? 'maybe');
  const services: AuthServices = { probeSession, connect };
  const env = options.demo === false ? { FIREBASE_API_KEY: 'real-key', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' } : {};
  const config = buildAppConfig(env);
  const hook = renderHook(() => useAuth(), { wrapper: providers(services, config) });
  return { auth, profiles, connect, probeSession, hook, current: () => hook.result.current, config };
}

/** A provider signed in as the configured demo account. */
async function setupAsDemo() {
  const harness = setup();
  await settled(harness.current);
  harness.auth.add(harness.config.demo!.email, harness.config.demo!.password);
  await act(() => harness.current().signInAsDemoUser());
  await settled(harness.current);
  return harness;
}

/** Runs an action that must reject, inside act so React applies what it set before rejecting. */
async function failsWith(action: () => Promise<unknown>, message?: string): Promise<void> {
  await act(async () => {
    if (message === undefined) await expect(action()).rejects.toThrow();
    else await expect(action()).rejects.toThrow(message);
  });
}

const settled = async (current: () => AuthContextValue) => waitFor(() => expect(current().loading).toBe(false));

describe('AuthProvider transitions', () => {
  test('loading starts true; a guest browser ends loading without loading Auth', async () => {
    const { current, connect } = setup({ session: 'none' });
    expect(current().loading).toBe(true);
    await settled(current);
    expect(current().user).toBeNull();
    expect(connect).not.toHaveBeenCalled();
  });

  test('a possible session connects and follows the reported state', async () => {
    const { current, connect } = setup({ session: 'maybe' });
    await settled(current);
    expect(connect).toHaveBeenCalledTimes(1);
    expect(current().user).toBeNull();
    expect(current().userProfile).toBeNull();
  });

  test('each state change turns loading on and clears the error, and a signed-in user is stored', async () => {
    const { current, auth } = setup();
    await settled(current);
    await failsWith(() => current().signIn('nobody@example.com', 'x'));
    expect(current().error).not.toBeNull();
    const account = auth.add('ada@example.com', 'password-1', 'Ada Lovelace');
    const seen: boolean[] = [];
    act(() => auth.emit(account));
    seen.push(current().loading);
    expect(seen).toEqual([true]);
    expect(current().error).toBeNull();
    await settled(current);
    expect(current().user).toEqual({ uid: account.uid, email: 'ada@example.com', displayName: 'Ada Lovelace', photoURL: null });
  });

  test('sign-up creates the account, then its display name; the profile gets b2c_user and that name', async () => {
    const { current, profiles } = setup();
    await settled(current);
    await act(() => current().signUp(' ada@example.com ', 'password-1', ' Ada Lovelace '));
    await settled(current);
    const profile = current().userProfile!;
    expect(profile.roles).toEqual(['b2c_user']);
    expect(profile.displayName).toBe('Ada Lovelace');
    expect(profile).toMatchObject({ email: 'ada@example.com', preferences: {}, phoneNumber: null, photoURL: null });
    expect(profile.createdAt).toBeInstanceOf(Date);
    expect(profile.lastLogin).toBeInstanceOf(Date);
    expect(profiles.docs.get(profile.uid)?.displayName).toBe('Ada Lovelace');
    expect(current().user?.displayName).toBe('Ada Lovelace');
    expect(current().isDemoUser).toBe(false);
  });

  test.each<[string, Partial<AuthAccount>, string]>([
    ['the account’s display name', { displayName: 'Grace Hopper', email: 'grace@example.com' }, 'Grace Hopper'],
    ['else the e-mail before @', { displayName: null, email: 'grace.h@example.com' }, 'grace.h'],
    ['else User', { displayName: null, email: null }, 'User'],
    ['a blank display name counts as none', { displayName: '   ', email: 'g@example.com' }, 'g'],
  ])('a missing profile is created with %s', async (_label, fields, expected) => {
    const { current, auth } = setup();
    await settled(current);
    act(() => auth.emit({ uid: 'uid-x', photoURL: null, email: null, displayName: null, ...fields }));
    await settled(current);
    expect(current().userProfile?.displayName).toBe(expected);
    expect(current().userProfile?.roles).toEqual(['b2c_user']);
  });

  test('an existing profile is read, not created, and its lastLogin is stamped', async () => {
    const { current, auth, profiles } = setup();
    await settled(current);
    const account = auth.add('ada@example.com', 'password-1', 'Ada');
    await profiles.create(account, ['premium']);
    profiles.created = [];
    act(() => auth.emit(account));
    await settled(current);
    expect(current().userProfile?.roles).toEqual(['premium']);
    expect(profiles.created).toEqual([]);
    expect(profiles.logins).toEqual([account.uid]);
  });

  test('offline start: the profile shows without waiting for the lastLogin write, which Firestore holds until it is back online (issue 25)', async () => {
    const { current, auth, profiles } = setup();
    await settled(current);
    const account = auth.add('ada@example.com', 'password-1', 'Ada');
    await profiles.create(account, ['b2c_user']);
    // The write never completes, as a queued Firestore write does offline.
    profiles.recordLogin = jest.fn(() => new Promise<void>(() => undefined));
    act(() => auth.emit(account));
    await settled(current);
    expect(current().userProfile?.displayName).toBe('Ada');
    expect(profiles.recordLogin).toHaveBeenCalledWith(account.uid);
  });

  test('a failed lastLogin write does not fail the sign-in', async () => {
    const { current, auth, profiles } = setup();
    await settled(current);
    const account = auth.add('ada@example.com', 'password-1', 'Ada');
    await profiles.create(account, ['b2c_user']);
    profiles.recordLogin = jest.fn(async () => {
      throw firebaseError('unavailable');
    });
    act(() => auth.emit(account));
    await settled(current);
    expect(current().userProfile?.displayName).toBe('Ada');
    expect(current().error).toBeNull();
  });

  test('the configured demo account gets isDemoUser and no profile is read', async () => {
    const { current, auth, profiles, config } = setup();
    await settled(current);
    expect(current().demoAvailable).toBe(true); // the emulator configuration has one
    auth.add(config.demo!.email, config.demo!.password, 'Demo User');
    await act(() => current().signInAsDemoUser());
    await settled(current);
    expect(current().isDemoUser).toBe(true);
    expect(current().userProfile).toBeNull();
    expect(current().user?.email).toBe(config.demo!.email);
    expect(profiles.reads).toEqual([]);
  });

  test('a profile that fails to load: profile null, the message shown, the user still signed in', async () => {
    const { current, auth, profiles } = setup();
    await settled(current);
    profiles.failGet = firebaseError('unavailable');
    act(() => auth.emit(auth.add('ada@example.com', 'password-1', 'Ada')));
    await settled(current);
    expect(current().userProfile).toBeNull();
    expect(current().error).toBe('Error loading user profile. Please try again.');
    expect(current().user?.email).toBe('ada@example.com');
  });

  test('signing out clears user, profile and the demo flag', async () => {
    const { current } = await setupAsDemo();
    expect(current().isDemoUser).toBe(true);
    await act(() => current().signOut());
    await settled(current);
    expect(current().user).toBeNull();
    expect(current().userProfile).toBeNull();
    expect(current().isDemoUser).toBe(false);
  });

  test('a guest tab picks up a sign-in made in another tab when it is looked at again', async () => {
    const { current, connect, probeSession } = setup({ session: 'none' });
    await settled(current);
    expect(connect).not.toHaveBeenCalled();
    probeSession.mockResolvedValue('maybe');
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(connect).toHaveBeenCalledTimes(1));
  });

  test('a guest who signs in loads Auth on demand', async () => {
    const { current, connect } = setup({ session: 'none' });
    await settled(current);
    await failsWith(() => current().signIn('ada@example.com', 'nope'), 'Error signing in');
    expect(connect).toHaveBeenCalledTimes(1);
  });
});

describe('AuthProvider messages', () => {
  test('a wrong password: the mapped sentence, shown and rethrown', async () => {
    const { current, auth } = setup();
    await settled(current);
    auth.add('ada@example.com', 'right-password');
    await failsWith(() => current().signIn('ada@example.com', 'wrong-password'),
      'Error signing in: The e-mail or password is incorrect.',
    );
    expect(current().error).toBe('Error signing in: The e-mail or password is incorrect.');
  });

  test.each<[string, Error, string]>([
    ['an e-mail already in use', firebaseError('auth/email-already-in-use'), 'Error creating account: An account already uses this e-mail address.'],
    ['a weak password', firebaseError('auth/weak-password'), 'Error creating account: The password is too weak. Use at least 8 characters.'],
    ['an invalid e-mail', firebaseError('auth/invalid-email'), 'Error creating account: The e-mail address is not valid.'],
    ['a network failure', firebaseError('auth/network-request-failed'), 'Error creating account: The network is unavailable. Check your connection and try again.'],
    ['an unknown failure', new Error('boom'), 'Error creating account: Something unexpected happened. Please try again.'],
  ])('sign-up with %s', async (_label, failure, message) => {
    const { current, auth } = setup();
    await settled(current);
    auth.failNext.signUp = failure;
    await failsWith(() => current().signUp('ada@example.com', 'password-1', 'Ada'), message);
    expect(current().error).toBe(message);
  });

  test.each<[string, string]>([
    ['auth/popup-closed-by-user', 'Error signing in with Google: The sign-in window was closed before it finished.'],
    ['auth/popup-blocked', 'Error signing in with Google: The browser blocked the sign-in window. Allow pop-ups for this site and try again.'],
    ['auth/cancelled-popup-request', 'Error signing in with Google: The sign-in window was closed before it finished.'],
  ])('Google sign-in failing with %s', async (code, message) => {
    const { current, auth } = setup();
    await settled(current);
    auth.failNext.signInWithGoogle = firebaseError(code);
    await failsWith(() => current().signInWithGoogle(), message);
    expect(current().error).toBe(message);
  });

  test('Google sign-in creates a profile with the Google display name', async () => {
    const { current } = setup();
    await settled(current);
    await act(() => current().signInWithGoogle());
    await settled(current);
    expect(current().userProfile).toMatchObject({ displayName: 'Grace Hopper', roles: ['b2c_user'], photoURL: 'https://example.com/g.png' });
  });

  test('a failing demo sign-in: the message with its reason, rethrown', async () => {
    const { current, auth } = setup();
    await settled(current);
    auth.failNext.signIn = firebaseError('auth/too-many-requests');
    await failsWith(() => current().signInAsDemoUser(),
      'Error logging in as demo user: Too many attempts. Wait a moment and try again.',
    );
  });

  test('without a configured demo account, Try the demo says so', async () => {
    const { current } = setup({ demo: false });
    await settled(current);
    expect(current().demoAvailable).toBe(false);
    await failsWith(() => current().signInAsDemoUser(), 'Error logging in as demo user: No demo account is configured.');
  });

  test('a failing sign-out shows its message and keeps the user signed in', async () => {
    const { current, auth } = setup();
    await settled(current);
    act(() => auth.emit(auth.add('ada@example.com', 'password-1', 'Ada')));
    await settled(current);
    auth.failNext.signOut = firebaseError('auth/network-request-failed');
    await act(() => current().signOut());
    expect(current().error).toBe('Error signing out. Please try again.');
    expect(current().user?.email).toBe('ada@example.com');
  });

  test('a password reset failure is explained; success resolves', async () => {
    const { current } = setup();
    await settled(current);
    await failsWith(() => current().sendPasswordReset('not-an-email'),
      'Error sending the reset e-mail: The e-mail address is not valid.',
    );
    await act(async () => {
      await expect(current().sendPasswordReset('ada@example.com')).resolves.toBeUndefined();
    });
  });

  test('messages follow the language', async () => {
    const auth = new MemoryAuth();
    const services: AuthServices = { probeSession: async () => 'maybe', connect: async () => ({ auth, profiles: new MemoryProfiles() }) };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PlatformContext.Provider value={{ host: 'test', config: buildAppConfig({}) }}>
        <I18nProvider initialLanguage="es">
          <AuthProvider services={services}>{children}</AuthProvider>
        </I18nProvider>
      </PlatformContext.Provider>
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    await failsWith(
      () => result.current.signIn('a@example.com', 'x'),
      'Error al iniciar sesión: El correo electrónico o la contraseña no son correctos.',
    );
  });
});

describe('updateProfile', () => {
  test('saves the editable fields, renames the account, and merges preferences', async () => {
    const { current, auth, profiles } = setup();
    await settled(current);
    const account = auth.add('ada@example.com', 'password-1', 'Ada');
    act(() => auth.emit(account));
    await settled(current);
    await act(() => current().updateProfile({ displayName: ' Ada King ', phoneNumber: '+44 20 7946 0958', preferences: { language: 'fr' } }));
    expect(profiles.docs.get(account.uid)).toMatchObject({ displayName: 'Ada King', phoneNumber: '+44 20 7946 0958', preferences: { language: 'fr' } });
    expect(current().userProfile).toMatchObject({ displayName: 'Ada King', phoneNumber: '+44 20 7946 0958', preferences: { language: 'fr' } });
    expect(current().user?.displayName).toBe('Ada King');
    expect(auth.current?.displayName).toBe('Ada King');
  });

  test('an empty phone number clears it; invalid input is refused and nothing is saved', async () => {
    const { current, auth, profiles } = setup();
    await settled(current);
    const account = auth.add('ada@example.com', 'password-1', 'Ada');
    act(() => auth.emit(account));
    await settled(current);
    await act(() => current().updateProfile({ phoneNumber: '+1 415 555 0100' }));
    await act(() => current().updateProfile({ phoneNumber: '' }));
    expect(profiles.docs.get(account.uid)?.phoneNumber).toBeNull();
    const before = { ...profiles.docs.get(account.uid) };
    await failsWith(() => current().updateProfile({ displayName: '' }), 'Error saving your profile');
    await failsWith(() => current().updateProfile({ roles: ['admin'] } as never), 'Error saving your profile');
    expect(profiles.docs.get(account.uid)).toEqual(before);
  });

  test('the demo account has no profile to update', async () => {
    const { current } = await setupAsDemo();
    await failsWith(() => current().updateProfile({ displayName: 'Hacker' }), 'Error saving your profile');
  });
});

describe('the contract', () => {
  test('useAuth outside the provider throws', () => {
    expectRefusedOutsideProvider(useAuth, 'useAuth must be used within an AuthProvider');
  });

  test("the default context's signUp and signInWithGoogle throw 'Not implemented'", async () => {
    await expect(DEFAULT_AUTH_CONTEXT.signUp('a@example.com', 'password', 'A')).rejects.toThrow('Not implemented');
    await expect(DEFAULT_AUTH_CONTEXT.signInWithGoogle()).rejects.toThrow('Not implemented');
  });

  test('a component reading AuthContext directly outside a provider gets the default value', () => {
    function Probe() {
      return <p>{String(useContext(AuthContext) === DEFAULT_AUTH_CONTEXT)}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('true')).toBeInTheDocument();
  });

  test("createUserProfile gives the 'free' role", async () => {
    const profiles = new MemoryProfiles();
    const profile = await createUserProfile(profiles, { uid: 'u1', email: 'ada@example.com', displayName: null, photoURL: null });
    expect(profile.roles).toEqual(['free']);
    expect(profile.displayName).toBe('ada');
  });
});

describe('the language preference follows the signed-in user', () => {
  function setupWithLanguage() {
    const auth = new MemoryAuth();
    const profiles = new MemoryProfiles();
    const services: AuthServices = { probeSession: async () => 'maybe', connect: async () => ({ auth, profiles }) };
    const config = buildAppConfig({});
    const { result } = renderHook(() => ({ auth: useAuth(), i18n: useI18n() }), { wrapper: providers(services, config) });
    return { auth, profiles, config, current: () => result.current };
  }

  beforeEach(() => localStorage.clear());

  test('changing the language while signed in saves it in the profile', async () => {
    const { auth, profiles, current } = setupWithLanguage();
    await waitFor(() => expect(current().auth.loading).toBe(false));
    const account = auth.add('ada@example.com', 'password-1', 'Ada');
    act(() => auth.emit(account));
    await waitFor(() => expect(current().auth.userProfile).not.toBeNull());
    await act(() => current().i18n.setLanguage('de'));
    await waitFor(() => expect(profiles.docs.get(account.uid)?.preferences.language).toBe('de'));
    expect(current().auth.userProfile?.preferences.language).toBe('de');
  });

  test('signing in applies the language saved in the profile', async () => {
    const { auth, profiles, current } = setupWithLanguage();
    await waitFor(() => expect(current().auth.loading).toBe(false));
    const account = auth.add('ada@example.com', 'password-1', 'Ada');
    const created = await profiles.create(account, ['b2c_user']);
    profiles.docs.set(account.uid, { ...created, preferences: { language: 'it' } });
    act(() => auth.emit(account));
    await waitFor(() => expect(current().i18n.language).toBe('it'));
    expect(localStorage.getItem('preferredLanguage')).toBe('it');
  });

  test('a guest or the demo account changes the language without writing any profile', async () => {
    const { auth, profiles, config, current } = setupWithLanguage();
    await waitFor(() => expect(current().auth.loading).toBe(false));
    await act(() => current().i18n.setLanguage('fr'));
    auth.add(config.demo!.email, config.demo!.password);
    await act(() => current().auth.signInAsDemoUser());
    await waitFor(() => expect(current().auth.isDemoUser).toBe(true));
    await act(() => current().i18n.setLanguage('es'));
    expect(current().i18n.language).toBe('es');
    expect(profiles.docs.size).toBe(0);
  });
});
