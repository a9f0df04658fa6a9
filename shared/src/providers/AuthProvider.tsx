import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from 'firebase/auth';
import { AuthContext, type AuthContextValue, type AuthUser } from '../federation/contexts.js';
import { getFirebaseAuth } from '../firebase/web.js';

function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL };
}

/** Follows Firebase Auth's sign-in state for the whole page (host and remotes). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [firebaseUser, setFirebaseUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    getFirebaseAuth()
      .then(async (auth) => {
        const { onAuthStateChanged } = await import('firebase/auth');
        if (cancelled) return;
        unsubscribe = onAuthStateChanged(auth, (next) => {
          setFirebaseUser(next);
          setUser(next ? toAuthUser(next) : null);
          setLoading(false);
        });
      })
      .catch((cause: unknown) => {
        if (cancelled) return;
        setError(cause instanceof Error ? cause.message : String(cause));
        setLoading(false);
      });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

  const getIdToken = useCallback(async () => (firebaseUser ? firebaseUser.getIdToken() : null), [firebaseUser]);

  const signOut = useCallback(async () => {
    const [auth, { signOut: firebaseSignOut }] = await Promise.all([getFirebaseAuth(), import('firebase/auth')]);
    await firebaseSignOut(auth);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, error, getIdToken, signOut }),
    [user, loading, error, getIdToken, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
