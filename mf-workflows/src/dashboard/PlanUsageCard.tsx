// The plan of whoever pays for the workspace against its allowance: a meter,
// the figures in words, when it renews, and a link to the usage details.
import { Link, useI18n } from '@agentflow/shared';
import type { DashboardPlanUsage } from '@agentflow/shared/workflow';

const D = 'workflows.dashboard.plan.';

export function PlanUsageCard({ plan }: { plan: DashboardPlanUsage }) {
  const { t, language } = useI18n();
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const resets = plan.resetsAt ? new Date(plan.resetsAt) : null;
  return (
    <section className="dashboard-card">
      <h2>{t(`${D}title`)}</h2>
      <p className="dashboard-plan-name">{t(`${D}plan`, { plan: t(`${D}plans.${plan.plan}`) })}</p>
      <meter className="dashboard-plan-meter" min={0} max={plan.allowance || 1} value={plan.used} low={plan.allowance * 0.7} high={plan.allowance * 0.9} optimum={0} aria-label={t(`${D}usage`, { used: number(plan.used), allowance: number(plan.allowance) })} />
      <p>{t(`${D}usage`, { used: number(plan.used), allowance: number(plan.allowance) })}</p>
      {resets && !Number.isNaN(resets.getTime()) && <p className="dashboard-hint">{t(`${D}resets`, { date: resets.toLocaleDateString(language, { dateStyle: 'medium' }) })}</p>}
      {!plan.yours && <p className="dashboard-hint">{t(`${D}payer`)}</p>}
      {plan.yours && (
        <Link to="/billing/usage" className="dashboard-plan-link">
          {t(`${D}details`)}
        </Link>
      )}
    </section>
  );
}
