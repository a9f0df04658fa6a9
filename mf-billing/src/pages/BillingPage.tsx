import { lazy, Suspense, useEffect } from 'react';
import { Link, NavLink, Outlet, PageHeader, useAuth, useI18n, useMembership } from '@agentflow/shared';
import { useBillingBase } from '../components/useBillingBase';

// The subscription, cards and invoices (and the dialog library) load only for a signed-in visitor.
const AccountSections = lazy(() => import('../components/AccountSections'));

const SECTIONS = [
  { path: '', key: 'billing.sections.overview', end: true },
  { path: '/plans', key: 'billing.sections.plans', end: false },
  { path: '/usage', key: 'billing.sections.usage', end: false },
  { path: '/team', key: 'billing.sections.team', end: false },
] as const;

/** The billing frame: title, the sections as tabs, and the open section. */
export function BillingPage() {
  const { t } = useI18n();
  const base = useBillingBase();
  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('billing.title')}`;
  }, [t]);
  return (
    <section className="billing-app">
      <PageHeader title={t('billing.title')} subtitle={t('billing.subtitle')} helpTopic="billing" />
      <nav className="section-tabs" aria-label={t('billing.sections.label')}>
        {SECTIONS.map((section) => (
          <NavLink key={section.key} to={`${base}${section.path}` || '/'} end={section.end} className="section-tab" data-testid={`billing-tab-${section.path.slice(1) || 'overview'}`}>
            {t(section.key)}
          </NavLink>
        ))}
      </nav>
      <div className="billing-section">
        <Outlet />
      </div>
    </section>
  );
}

/** /billing itself: the plan and the subscription (signed in), payment methods, invoices, and the ways to Usage and Team. */
export function BillingOverview() {
  const { t } = useI18n();
  const { user } = useAuth();
  const { membership } = useMembership();
  const base = useBillingBase();
  return (
    <>
      {user && membership ? (
        <p className="billing-plan" data-testid="billing-plan">
          {t('billing.overview.plan', { plan: t(`billing.roles.${membership.role}`, { defaultValue: membership.role }) })}
        </p>
      ) : null}
      {user ? (
        <Suspense
          fallback={
            <p className="page-loading" role="status">
              {t('billing.subscription.loading')}
            </p>
          }
        >
          <AccountSections />
        </Suspense>
      ) : null}
      <div className="card-grid">
        <article className="card">
          <h2>{t('billing.overview.usageTitle')}</h2>
          <p className="muted">{t('billing.overview.usageBody')}</p>
          <Link className="button button-primary" to={`${base}/usage`}>
            {t('billing.overview.usageLink')}
          </Link>
        </article>
        <article className="card">
          <h2>{t('billing.overview.teamTitle')}</h2>
          <p className="muted">{t('billing.overview.teamBody')}</p>
          <Link className="button button-secondary" to={`${base}/team`}>
            {t('billing.overview.teamLink')}
          </Link>
        </article>
      </div>
    </>
  );
}

/** A path under /billing that names no section. */
export function UnknownSection() {
  const { t } = useI18n();
  return (
    <p className="form-alert" role="alert">
      {t('billing.unknownSection')}
    </p>
  );
}
