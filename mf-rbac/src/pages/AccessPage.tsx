import { useEffect, useId } from 'react';
import { Can, Navigate, NavLink, Outlet, PageHeader, useI18n, useOnline, useRBAC } from '@agentflow/shared';
import { Loading } from '../components/TabGuard';
import { ACCESS_TABS, tabAllowed } from '../components/tabs';
import { useConsoleBase } from '../components/useConsoleBase';
import { ForbiddenPage } from './ForbiddenPage';

/**
 * The console's frame: title, the sections this user may use (as tabs), and
 * the open section. Someone allowed no section at all gets the 403 page.
 */
export function AccessPage() {
  const { t } = useI18n();
  const rbac = useRBAC();
  const base = useConsoleBase();
  const noSection = !rbac.loading && !rbac.error && !ACCESS_TABS.some((tab) => tabAllowed(rbac, tab));
  const online = useOnline();
  const offlineWhy = useId();
  useEffect(() => {
    document.title = `${t('common.appName')} · ${t(noSection ? 'rbac.forbidden.title' : 'rbac.title')}`;
  }, [t, noSection]);

  if (noSection) return <ForbiddenPage headingLevel={1} />;
  return (
    <section className="access-console">
      <PageHeader title={t('rbac.title')} subtitle={t('rbac.subtitle')} helpTopic="access" />
      {rbac.error ? (
        <div className="form-alert access-error" role="alert">
          <span>{rbac.error}</span>
          <button type="button" className="button button-secondary" onClick={() => void rbac.refresh()}>
            {t('rbac.actions.retry')}
          </button>
        </div>
      ) : null}
      <nav className="section-tabs" aria-label={t('rbac.tabs.label')}>
        {ACCESS_TABS.map((tab) => (
          <Can key={tab.path} permission={tab.permission} anyOrganization={tab.anyOrganization}>
            <NavLink to={`${base}/${tab.path}`} className="section-tab" data-testid={`access-tab-${tab.path}`}>
              {t(tab.labelKey)}
            </NavLink>
          </Can>
        ))}
      </nav>
      {online ? null : (
        <p id={offlineWhy} className="needs-connection access-offline" role="note" data-testid="access-offline">
          {t('rbac.offline')}
        </p>
      )}
      {/* Every change here (and the searches) goes to platform-api: offline the
          section's controls are disabled at once, and the note above says why. */}
      <fieldset className="access-section access-controls" disabled={!online} aria-describedby={online ? undefined : offlineWhy}>
        <Outlet />
      </fieldset>
    </section>
  );
}

/** /admin/access itself: the first section this user may use. */
export function AccessHome() {
  const rbac = useRBAC();
  const base = useConsoleBase();
  if (rbac.loading) return <Loading />;
  const first = ACCESS_TABS.find((tab) => tabAllowed(rbac, tab));
  return first ? <Navigate to={`${base}/${first.path}`} replace /> : null;
}

/** A path under the console that names no section. */
export function UnknownSection() {
  const { t } = useI18n();
  return (
    <p className="card" role="status">
      {t('rbac.unknownSection')}
    </p>
  );
}
