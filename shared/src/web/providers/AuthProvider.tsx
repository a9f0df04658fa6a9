import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthActionError, authErrorCode, authReasonKey } from '../../domain/auth/errors.js';
import { firebaseAuthServices } from '../auth/firebaseServices.js';
import { SELF_SERVICE_ROLES, type ProfileUpdate, type UserProfile } from '../../domain/auth/profile.js';
import { isDemoAccount, type AuthAccount, type AuthBackend, type AuthServices, type ProfileStore } from '../auth/services.js';
import { AuthContext, useI18n, usePlatform, type AuthContextValue, type AuthUser } from '../federation/contexts.js';
import { isSupportedLanguage } from '../../domain/i18n/languages.js';
import { pruneDeviceCopies } from '../offline/deviceCopy.js';

type Connected = { auth: AuthBackend; profiles: ProfileStore };

/** Creates users/{uid} with the 'free' role (the sign-in flow itself creates 'b2c_user' profiles). */
export function createUserProfile(profiles: ProfileStore, account: AuthAccount): Promise<UserProfile> {
  return profiles.create(account, SELF_SERVICE_ROLES.helper);
}

/**
 * Follows the sign-in state for the whole page (host and remotes) and owns
 * the signed-in user's profile.
 *
 * Transitions: `loading` starts true; on each sign-in state change it turns
 * true and `error` is cleared; a signed-in user is stored, then the demo
 * account gets `isDemoUser` and no profile, anyone else gets users/{uid}
 * (created with the 'b2c_user' role when missing, else its lastLogin
 * stamped); signing out clears user, profile and the demo flag; then
 * `loading` ends.
 *
 * A browser with no persisted sign-in is a guest without loading the Auth
 * SDK; it is loaded when a session may exist, when the tab is looked at again
 * (another tab may have signed in), or when an action needs it.
 */
export function AuthProvider({ children, services = firebaseAuthServices }: { children: ReactNode; services?: AuthServices }) {
  const { t, language, setLanguage } = useI18n();
  const { config } = usePlatform();
  const demo = config.demo;

  const [user, setUser] = useState<AuthUser | null>(null);
  const [userProfile, setUserProfile] = useState<UserProfile | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [isDemoUser, setIsDemoUser] = useState(false);

  const connection = useRef<Promise<Connected> | undefined>(undefined);
  const unsubscribe = useRef<(() => void) | undefined>(undefined);
  const mounted = useRef(true);
  /** Orders state changes: only the latest one may finish loading. */
  const changeCount = useRef(0);
  /** The name being signed up with: the account has none yet when its first state change arrives. */
  const pendingDisplayName = useRef<string | null>(null);
  // The handler outlives renders; read the current translator and demo config through a ref, kept
  // current as each render commits (before any effect or event handler can run).
  const latest = useRef({ t, demo });
  useLayoutEffect(() => {
    latest.current = { t, demo };
  });

  const handleAccount = useCallback(async (account: AuthAccount | null, profiles: ProfileStore) => {
    const change = ++changeCount.current;
    const current = () => mounted.current && change === changeCount.current;
    setLoading(true);
    setError(null);
    // Answers saved for offline use belong to the user signed in: anyone else's leave this device.
    pruneDeviceCopies(account?.uid ?? null);
    if (!account) {
      setUser(null);
      setUserProfile(null);
      setIsDemoUser(false);
      setLoading(false);
      return;
    }
    setUser({ ...account });
    const demoUser = isDemoAccount(account, latest.current.demo);
    setIsDemoUser(demoUser);
    if (demoUser) {
      setUserProfile(null);
      setLoading(false);
      return;
    }
    try {
      let profile = await profiles.get(account.uid);
      if (profile) {
        // Not awaited: the write reaches Firestore when it can (offline it
        // waits in the SDK's queue), and the signed-in shell must not wait for it.
        void profiles.recordLogin(account.uid).catch(() => undefined);
        profile = { ...profile, lastLogin: new Date() };
      } else {
        const displayName = account.displayName ?? pendingDisplayName.current;
        profile = await profiles.create({ ...account, displayName }, SELF_SERVICE_ROLES.signUp);
      }
      if (current()) setUserProfile(profile);
    } catch {
      if (current()) {
        setUserProfile(null);
        setError(latest.current.t('auth.messages.profileLoadFailed'));
      }
    }
    if (current()) setLoading(false);
  }, []);

  const connect = useCallback((): Promise<Connected> => {
    connection.current ??= services.connect().then((connected) => {
      if (mounted.current) {
        unsubscribe.current = connected.auth.onAuthStateChanged((account) => void handleAccount(account, connected.profiles));
      }
      return connected;
    });
    return connection.current;
  }, [services, handleAccount]);

  useEffect(() => {
    mounted.current = true;
    const fail = (cause: unknown) => {
      if (!mounted.current) return;
      setError(cause instanceof Error ? cause.message : String(cause));
      setLoading(false);
    };
    const recheck = () => {
      if (document.visibilityState !== 'visible' || connection.current) return;
      services
        .probeSession()
        .then((session) => (session === 'maybe' ? connect() : undefined))
        .catch(fail);
    };
    services
      .probeSession()
      .then((session) => {
        if (session === 'maybe') return connect();
        if (mounted.current) setLoading(false); // a guest: nothing to load
        return undefined;
      })
      .catch(fail);
    document.addEventListener('visibilitychange', recheck);
    window.addEventListener('focus', recheck);
    return () => {
      mounted.current = false;
      document.removeEventListener('visibilitychange', recheck);
      window.removeEventListener('focus', recheck);
      unsubscribe.current?.();
      unsubscribe.current = undefined;
      connection.current = undefined;
    };
  }, [services, connect]);

  /** Runs an action; on failure shows and rethrows `messageKey` with the reason in words. */
  const attempt = useCallback(
    async <T,>(messageKey: string, action: (connected: Connected) => Promise<T>): Promise<T> => {
      try {
        return await action(await connect());
      } catch (cause) {
        const message = latest.current.t(messageKey, { reason: latest.current.t(authReasonKey(cause)) });
        if (mounted.current) setError(message);
        throw new AuthActionError(message, authErrorCode(cause));
      }
    },
    [connect],
  );

  const signIn = useCallback(
    (email: string, password: string) => attempt('auth.messages.signInFailed', ({ auth }) => auth.signIn(email.trim(), password)),
    [attempt],
  );

  const signUp = useCallback(
    (email: string, password: string, displayName: string) =>
      attempt('auth.messages.signUpFailed', async ({ auth, profiles }) => {
        const name = displayName.trim();
        pendingDisplayName.current = name;
        try {
          const account = await auth.signUp(email.trim(), password, name);
          if (mounted.current) setUser((previous) => (previous?.uid === account.uid ? { ...previous, displayName: name } : previous));
          // The profile may have been created before the account had its name.
          const profile = await profiles.get(account.uid);
          if (profile && profile.displayName !== name) {
            await profiles.update(account.uid, { displayName: name });
            if (mounted.current) setUserProfile((previous) => (previous?.uid === account.uid ? { ...previous, displayName: name } : previous));
          }
        } finally {
          pendingDisplayName.current = null;
        }
      }),
    [attempt],
  );

  const signInWithGoogle = useCallback(() => attempt('auth.messages.googleSignInFailed', ({ auth }) => auth.signInWithGoogle()), [attempt]);

  const signInAsDemoUser = useCallback(
    () =>
      attempt('auth.messages.demoSignInFailed', ({ auth }) => {
        const account = latest.current.demo;
        if (!account) throw Object.assign(new Error('No demo account is configured'), { code: 'agentflow/demo-not-configured' });
        return auth.signIn(account.email, account.password);
      }),
    [attempt],
  );

  const signOut = useCallback(async () => {
    if (!connection.current) return; // never connected here: nobody to sign out
    try {
      const { auth } = await connection.current;
      await auth.signOut();
    } catch {
      if (mounted.current) setError(latest.current.t('auth.messages.signOutFailed'));
    }
  }, []);

  const sendPasswordReset = useCallback(
    (email: string) => attempt('auth.messages.passwordResetFailed', ({ auth }) => auth.sendPasswordReset(email.trim())),
    [attempt],
  );

  const updateProfile = useCallback(
    (fields: ProfileUpdate) =>
      attempt('auth.messages.profileUpdateFailed', async ({ auth, profiles }) => {
        const uid = user?.uid;
        if (!uid || isDemoUser) throw Object.assign(new Error('No profile to update'), { code: 'auth/no-current-user' });
        // Loaded on demand: zod stays out of the first view.
        const { profileUpdateSchema } = await import('../../domain/auth/forms.js');
        const changes = profileUpdateSchema.parse(fields);
        await profiles.update(uid, changes);
        if (changes.displayName !== undefined && changes.displayName !== user?.displayName) {
          await auth.updateDisplayName(changes.displayName);
          if (mounted.current) setUser((previous) => (previous ? { ...previous, displayName: changes.displayName ?? null } : previous));
        }
        if (mounted.current) {
          setUserProfile((previous) =>
            previous
              ? {
                  ...previous,
                  ...(changes.displayName !== undefined ? { displayName: changes.displayName } : {}),
                  ...(changes.photoURL !== undefined ? { photoURL: changes.photoURL } : {}),
                  ...(changes.phoneNumber !== undefined ? { phoneNumber: changes.phoneNumber } : {}),
                  preferences: { ...previous.preferences, ...changes.preferences },
                }
              : previous,
          );
        }
      }),
    [attempt, user, isDemoUser],
  );

  // The language follows the person: a signed-in user's saved choice applies
  // when their profile loads, and a change made while signed in is saved.
  const languageSeen = useRef<{ uid: string | null; language: string }>({ uid: null, language });
  useEffect(() => {
    const seen = languageSeen.current;
    const uid = userProfile && !isDemoUser ? userProfile.uid : null;
    languageSeen.current = { uid, language };
    if (!uid || !userProfile) return;
    const saved = userProfile.preferences.language;
    if (uid !== seen.uid) {
      if (saved && isSupportedLanguage(saved) && saved !== language) void setLanguage(saved);
      return;
    }
    if (language !== seen.language && language !== saved) {
      // A failure is already shown through `error`; the language still applies locally.
      void updateProfile({ preferences: { language } }).catch(() => undefined);
    }
  }, [language, userProfile, isDemoUser, setLanguage, updateProfile]);

  const getIdToken = useCallback(async () => {
    if (!connection.current) return null;
    const { auth } = await connection.current;
    return auth.getIdToken();
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      userProfile,
      loading,
      error,
      isDemoUser,
      demoAvailable: demo !== null,
      signIn,
      signUp,
      signInWithGoogle,
      signInAsDemoUser,
      signOut,
      sendPasswordReset,
      updateProfile,
      getIdToken,
    }),
    [user, userProfile, loading, error, isDemoUser, demo, signIn, signUp, signInWithGoogle, signInAsDemoUser, signOut, sendPasswordReset, updateProfile, getIdToken],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
