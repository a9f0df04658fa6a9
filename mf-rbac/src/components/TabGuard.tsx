import { Suspense, useRef, type ReactNode } from 'react';
import { useI18n, useRBAC } from '@agentflow/shared';
import { ForbiddenPage } from '../pages/ForbiddenPage';
import { tabAllowed, type AccessTab } from './tabs';

export function Loading() {
  const { t } = useI18n();
  return (
    <p className="page-loading" role="status">
      {t('common.loading')}
    </p>
  );
}

/**
 * One console section: a loading status until the user's access is known,
 * the 403 page without the section's permission, else the (lazily loaded)
 * section itself. While access reloads (after an assign or revoke) the last
 * decision stands, so the section keeps its state instead of unmounting.
 */
export function TabGuard({ tab, children }: { tab: AccessTab; children: ReactNode }) {
  const rbac = useRBAC();
  const settled = useRef<'allowed' | 'forbidden' | 'error' | null>(null);
  if (!rbac.loading) settled.current = rbac.error ? 'error' : tabAllowed(rbac, tab) ? 'allowed' : 'forbidden';
  switch (settled.current) {
    case null:
      return <Loading />;
    case 'error':
      return null; // the console shows the error and a retry above
    case 'forbidden':
      return <ForbiddenPage />;
    case 'allowed':
      return <Suspense fallback={<Loading />}>{children}</Suspense>;
  }
}
