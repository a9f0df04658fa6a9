import { Suspense, useState, type ReactNode } from 'react';
import { useI18n, useRBAC } from '@agentflow/shared';
import { ForbiddenPage } from '../pages/ForbiddenPage';
import { tabAllowed, type AccessTab } from './tabs';

/**
 * The console's loading status. It lives here, with the console's first view
 * (the frame and this guard), not in Panel: importing Panel there would put
 * the sections' list table and form fields (the UI kit's DataTable and fields)
 * into the first view's chunk.
 */
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
type Decision = 'allowed' | 'forbidden' | 'error';

export function TabGuard({ tab, children }: { tab: AccessTab; children: ReactNode }) {
  const rbac = useRBAC();
  const decided: Decision | null = rbac.loading ? null : rbac.error ? 'error' : tabAllowed(rbac, tab) ? 'allowed' : 'forbidden';
  // The last decision, kept in state (set while rendering, as React allows for state derived from props) to stand in while access reloads.
  const [settled, setSettled] = useState<Decision | null>(decided);
  if (decided !== null && decided !== settled) setSettled(decided);
  switch (decided ?? settled) {
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
