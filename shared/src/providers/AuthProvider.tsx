import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from 'firebase/auth';
import { AuthContext, type AuthContextValue, type AuthUser } from '../federation/contexts.js';
import { getFirebaseAuth, probePersistedAuthSession } from '../firebase/web.js';

function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL };
}

/**
 * Follows Firebase Auth's sign-in state for the whole page (host and remotes).
 * A browser with no persisted sign-in is a guest without loading the Auth SDK;
 * the SDK is loaded when a session may exist, when this tab is looked at again
 * (another tab may have signed in), or when a caller needs it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [firebaseUser, setFirebaseUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const connection = useRef<Promise<void> | undefined>(undefined);
  const unsubscribe = useRef<(() => void) | undefined>(undefined);
  const mounted = useRef(true);

  const connect = useCallback(() => {
    connection.current ??= Promise.all([getFirebaseAuth(), import('firebase/auth')]).then(([auth, { onAuthStateChanged }]) => {
      if (!mounted.current) return;
      unsubscribe.current = onAuthStateChanged(auth, (next) => {
        setFirebaseUser(next);
        setUser(next ? toAuthUser(next) : null);
        setLoading(false);
      });
    });
    return connection.current;
  }, []);

  useEffect(() => {
    mounted.current = true;
    const fail = (cause: unknown) => {
      if (!mounted.current) return;
      setError(cause instanceof Error ? cause.message : String(cause));
      setLoading(false);
    };
    const recheck = () => {
      if (document.visibilityState !== 'visible' || connection.current) return;
      probePersistedAuthSession()
        .then((session) => (session === 'maybe' ? connect() : undefined))
        .catch(fail);
    };
    probePersistedAuthSession()
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
  }, [connect]);

  const getIdToken = useCallback(async () => (firebaseUser ? firebaseUser.getIdToken() : null), [firebaseUser]);

  const signOut = useCallback(async () => {
    if (!connection.current) return; // never signed in here: nothing to sign out of
    const [auth, { signOut: firebaseSignOut }] = await Promise.all([getFirebaseAuth(), import('firebase/auth')]);
    await firebaseSignOut(auth);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, error, getIdToken, signOut }),
    [user, loading, error, getIdToken, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
