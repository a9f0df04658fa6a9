// The dashboard (/workflows/dashboard): the current workspace over the last
// N days (?days=, 7/14/30/90): runs, success rate, failures, median duration,
// tokens, approvals waiting and the plan's usage; runs per day by status
// (recharts, its own lazy chunk); tokens by workflow and by model; failing
// workflows. Every figure links to the executions it counts.
import { useEffect, useId, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, Link, useI18n, useNavigate, useSearchParams } from '@agentflow/shared';
import { DASHBOARD_ERROR_CODES, DASHBOARD_LIMITS, DASHBOARD_PERIODS, DASHBOARD_STATUS_GROUPS, DEFAULT_MODEL_KEY, zonedDay, type DashboardResponse, type DashboardStatusGroup } from '@agentflow/shared/workflow';
import { ChartTable, UsageBarChart, type ChartSeries } from '@agentflow/shared/ui';
import { PageLoading } from '../components/PageLoading';
import { formatDuration } from '../runs/runTime';
import { browserTimeZone, useDashboardClient } from './dashboardClient';
import { executionsLink, type Figure } from './executionsLink';
import { PlanUsageCard } from './PlanUsageCard';
import { ShareBars } from './ShareBars';

/** The colour of each status group's bars (stacked in DASHBOARD_STATUS_GROUPS' order). */
export const GROUP_COLOURS: Readonly<Record<DashboardStatusGroup, string>> = {
  succeeded: '#16a34a',
  failed: '#dc2626',
  refused: '#f59e0b',
  other: '#94a3b8',
};

const D = 'workflows.dashboard.';

export function daysFromSearch(value: string | null): number {
  const days = Number(value);
  return (DASHBOARD_PERIODS as readonly number[]).includes(days) ? days : DASHBOARD_LIMITS.defaultDays;
}

function Kpi({ label, value, note, to }: { label: string; value: string; note?: string; to: string }) {
  return (
    <Link to={to} className="dashboard-kpi">
      <span className="dashboard-kpi-label">{label}</span>
      <span className="dashboard-kpi-value">{value}</span>
      {note && <span className="dashboard-kpi-note">{note}</span>}
    </Link>
  );
}

function Figures({ data }: { data: DashboardResponse }) {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const tableId = useId();
  // The period's days as the response's zone counts them (data.from is a UTC instant: its date is not the first day's east of UTC).
  const period: Figure = { from: zonedDay(new Date(data.from), data.timeZone), to: zonedDay(new Date(data.to), data.timeZone) };
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const none = t(`${D}figures.none`);
  const groupNames = Object.fromEntries(DASHBOARD_STATUS_GROUPS.map((group) => [group, t(`${D}groups.${group}`)])) as Record<DashboardStatusGroup, string>;
  const rows = useMemo(
    () =>
      data.perDay.map((day) => ({
        key: day.day,
        label: new Date(`${day.day}T00:00:00Z`).toLocaleDateString(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
        values: { succeeded: day.succeeded, failed: day.failed, refused: day.refused, other: day.other },
      })),
    [data.perDay, language],
  );
  const series: ChartSeries[] = DASHBOARD_STATUS_GROUPS.map((group) => ({ key: group, name: groupNames[group], colour: GROUP_COLOURS[group] }));
  const anyRuns = data.totals.runs > 0;
  return (
    <>
      <div className="dashboard-kpis">
        <Kpi label={t(`${D}figures.runs`)} value={number(data.totals.runs)} to={executionsLink(period)} />
        <Kpi
          label={t(`${D}figures.successRate`)}
          value={data.successRate === null ? none : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(data.successRate)}
          to={executionsLink({ ...period, group: 'succeeded' })}
        />
        <Kpi label={t(`${D}figures.failed`)} value={number(data.totals.failed)} to={executionsLink({ ...period, group: 'failed' })} />
        <Kpi
          label={t(`${D}figures.medianDuration`)}
          value={data.medianDurationMs === null ? none : formatDuration(data.medianDurationMs, language)}
          note={data.medianDurationMs === null ? undefined : t(`${D}figures.medianSample`, { count: data.durationSample })}
          to={executionsLink(period)}
        />
        <Kpi label={t(`${D}figures.tokens`)} value={number(data.totals.tokens)} to={executionsLink(period)} />
        {data.approvalsWaiting !== null && <Kpi label={t(`${D}figures.approvals`)} value={number(data.approvalsWaiting)} to="/workflows/approvals" />}
      </div>

      <section className="dashboard-card dashboard-card--wide" aria-labelledby={`${tableId}-title`}>
        <h2 id={`${tableId}-title`}>{t(`${D}perDay.title`)}</h2>
        {anyRuns ? (
          <>
            <p className="dashboard-hint">
              {t(`${D}perDay.hint`)} {t(`${D}perDay.timeZone`, { zone: data.timeZone })}
            </p>
            <UsageBarChart
              rows={rows}
              series={series}
              height={240}
              className="dashboard-chart-canvas"
              loadingText={t(`${D}perDay.chartLoading`)}
              onSelect={(day, group) => navigate(executionsLink({ day, group: group as DashboardStatusGroup }))}
            />
            <details className="dashboard-table-details">
              <summary>{t(`${D}perDay.table`)}</summary>
              <ChartTable
                className="dashboard-table"
                rows={rows}
                series={series}
                labelHeader={t(`${D}perDay.day`)}
                renderValue={(row, each, value) => (value > 0 ? <Link to={executionsLink({ day: row.key, group: each.key as DashboardStatusGroup })}>{number(value)}</Link> : '0')}
              />
            </details>
          </>
        ) : (
          <p className="dashboard-empty">{t(`${D}perDay.empty`)}</p>
        )}
      </section>

      <div className="dashboard-grid">
        <section className="dashboard-card">
          <h2>{t(`${D}tokensByWorkflow.title`)}</h2>
          <ShareBars
            empty={t(`${D}tokensByWorkflow.empty`)}
            rows={[
              ...data.tokensByWorkflow.map((row) => ({
                key: row.workflowId,
                label: row.workflowName ?? t(`${D}tokensByWorkflow.deleted`),
                value: row.tokens,
                note: [t(`${D}tokensByWorkflow.runs`, { count: row.runs }), ...(row.inWorkspace ? [] : [t(`${D}tokensByWorkflow.gone`)])].join(' · '),
                to: executionsLink({ ...period, workflowId: row.workflowId }),
              })),
              ...(data.otherWorkflows.runs > 0
                ? [{ key: ' other', label: t(`${D}tokensByWorkflow.other`), value: data.otherWorkflows.tokens, note: t(`${D}tokensByWorkflow.runs`, { count: data.otherWorkflows.runs }), to: executionsLink(period) }]
                : []),
            ]}
          />
        </section>
        <section className="dashboard-card">
          <h2>{t(`${D}tokensByModel.title`)}</h2>
          <ShareBars
            empty={t(`${D}tokensByModel.empty`)}
            rows={data.tokensByModel.map((row) => ({
              key: row.model,
              label: row.model === DEFAULT_MODEL_KEY ? t(`${D}tokensByModel.defaultModel`) : row.model,
              value: row.tokens,
              to: executionsLink(period),
            }))}
          />
          {data.tokensByModel.length > 0 && <p className="dashboard-hint">{t(`${D}tokensByModel.sample`, { count: data.modelSample })}</p>}
        </section>
        <section className="dashboard-card">
          <h2>{t(`${D}failing.title`)}</h2>
          {data.failingWorkflows.length === 0 ? (
            <p className="dashboard-empty">{t(`${D}failing.empty`)}</p>
          ) : (
            <ul className="dashboard-failing">
              {data.failingWorkflows.map((row) => (
                <li key={row.workflowId}>
                  <Link to={executionsLink({ ...period, workflowId: row.workflowId, group: 'failed' })} className="dashboard-failing-name">
                    {row.workflowName}
                  </Link>
                  <span className="dashboard-failing-count">{t(`${D}failing.failures`, { count: row.failures })}</span>
                  <p className="dashboard-failing-error">{row.lastError ? t(`${D}failing.lastError`, { error: row.lastError }) : t(`${D}failing.noError`)}</p>
                  <Link to={`/workflows/${encodeURIComponent(row.workflowId)}/runs/${encodeURIComponent(row.lastRunId)}`}>{t(`${D}failing.openLast`)}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <PlanUsageCard plan={data.plan} />
      </div>
    </>
  );
}

export function DashboardPage({ workspace }: { workspace: string }) {
  const { t } = useI18n();
  const client = useDashboardClient();
  const [params, setParams] = useSearchParams();
  const days = daysFromSearch(params.get('days'));
  const periodId = useId();
  const timeZone = useMemo(() => browserTimeZone(), []);
  const dashboard = useQuery({ queryKey: ['dashboard', workspace, days, timeZone], queryFn: () => client.load(workspace, days, timeZone) });

  useEffect(() => {
    document.title = `${t('common.appName')} · ${t(`${D}title`)}`;
  }, [t]);

  const forbidden = dashboard.error instanceof ApiError && dashboard.error.code === DASHBOARD_ERROR_CODES.workspaceForbidden;
  return (
    <section className="dashboard-page">
      <header className="dashboard-head">
        <div>
          <h1>{t(`${D}title`)}</h1>
          <p className="dashboard-intro">{t(`${D}intro`)}</p>
        </div>
        <div className="dashboard-head-actions">
          <label htmlFor={periodId}>{t(`${D}period`)}</label>
          <select id={periodId} value={days} onChange={(event) => setParams(new URLSearchParams({ days: event.target.value }), { replace: true })}>
            {DASHBOARD_PERIODS.map((count) => (
              <option key={count} value={count}>
                {t(`${D}periodDays`, { count })}
              </option>
            ))}
          </select>
          <Link to="/workflows/executions" className="button button--secondary">
            {t(`${D}allExecutions`)}
          </Link>
        </div>
      </header>
      {dashboard.isPending ? (
        <PageLoading label={t(`${D}loading`)} />
      ) : dashboard.isError ? (
        <div className="dashboard-message" role="alert">
          <p>{t(forbidden ? `${D}forbidden` : `${D}loadFailed`)}</p>
          {!forbidden && (
            <button type="button" className="button" onClick={() => void dashboard.refetch()}>
              {t(`${D}retry`)}
            </button>
          )}
        </div>
      ) : (
        <Figures data={dashboard.data} />
      )}
    </section>
  );
}

