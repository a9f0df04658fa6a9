import type { ReactNode } from 'react';
import { useAuth, useI18n } from '../federation/contexts.js';
import { Navigate, useLocation } from '../router.js';

/** Where a signed-out visitor of `path` (pathname + search) is sent to sign in. */
export function signInPathFor(path: string): string {
  return `/signin?next=${encodeURIComponent(path)}`;
}

/**
 * Renders its children for a signed-in user only. While the sign-in state is
 * loading it shows a status text; a signed-out visitor is sent to /signin
 * (replacing this history entry), which brings them back here afterwards.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const { t } = useI18n();
  const location = useLocation();

  if (loading) {
    return (
      <p className="page-loading" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (!user) {
    return (
      <>
        <p className="page-loading" role="status">
          {t('auth.guard.redirecting')}
        </p>
        <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />
      </>
    );
  }
  return <>{children}</>;
}
