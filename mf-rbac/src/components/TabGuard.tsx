import { Suspense, type ReactNode } from 'react';
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
 * section itself.
 */
export function TabGuard({ tab, children }: { tab: AccessTab; children: ReactNode }) {
  const rbac = useRBAC();
  if (rbac.loading) return <Loading />;
  if (rbac.error) return null; // the console shows the error and a retry above
  if (!tabAllowed(rbac, tab)) return <ForbiddenPage />;
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}
