import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NeedsConnectionNote, SavedOnDeviceNote, useI18n, useMembership, useOnline, type TokenSummary, type UsagePeriod } from '@agentflow/shared';
import { billingKeys, useBillingClient } from '../api/queries';
import { ChartTable, DataTable, UsageBarChart } from '@agentflow/shared/ui';
import { apiErrorMessage, formatDate } from '../components/messages';
import { PeriodSwitch } from '../components/PeriodSwitch';
import { ReadStates, RetryAlert } from '../components/ReadStates';
import { UsageSource, useUsageSourceColumn } from '../components/usageSource/UsageSource';

const PERIODS: readonly UsagePeriod[] = ['week', 'month', 'year'];

/** /billing/usage: this period's summary, the history chart with its period switch, and the recent debits (a run's name its workflow and link to the run). */
export function UsagePage() {
  const { t } = useI18n();
  const { refresh } = useMembership();
  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('billing.usage.title')}`;
  }, [t]);
  // The balance may have moved since the header loaded it (workflow runs debit server-side).
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return (
    <>
      <UsageSummary />
      <UsageHistory />
      <RecentUsage />
    </>
  );
}

function UsageSummary() {
  const { t } = useI18n();
  const { summary, loading, error, refresh, savedAt } = useMembership();
  return (
    <section className="card" aria-labelledby="billing-summary-title" data-testid="usage-summary">
      <h2 id="billing-summary-title">{t('billing.usage.summaryTitle')}</h2>
      {/* billing-api unreachable: the summary saved on this device, said so. */}
      {savedAt && summary ? (
        <SavedOnDeviceNote savedAt={savedAt}>
          <p>{t('billing.offline.summary')}</p>
        </SavedOnDeviceNote>
      ) : null}
      {error ? (
        <RetryAlert message={error} onRetry={() => void refresh()} />
      ) : summary ? (
        <SummaryFigures summary={summary} />
      ) : loading ? (
        <p className="muted" role="status">
          {t('billing.usage.loading')}
        </p>
      ) : null}
    </section>
  );
}

function SummaryFigures({ summary }: { summary: TokenSummary }) {
  const { t, language } = useI18n();
  const { used, total } = summary;
  const shown = Math.min(used, total);
  const percent = total > 0 ? Math.round((shown / total) * 100) : 0;
  // Grouped in the page's language: the allowances run to tens of thousands.
  const number = new Intl.NumberFormat(language);
  const usedText = t('billing.usage.usedOfTotal', { used: number.format(used), total: number.format(total) });
  return (
    <>
      <p className="billing-summary-figures">
        <span data-testid="usage-used">{usedText}</span>
        <span data-testid="usage-remaining">{t('billing.usage.remaining', { remaining: number.format(Math.max(0, total - used)) })}</span>
      </p>
      <div
        className="billing-progress"
        role="progressbar"
        aria-label={t('billing.usage.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={shown}
        aria-valuetext={usedText}
        data-testid="usage-progress"
      >
        <div className={percent >= 100 ? 'billing-progress-bar full' : 'billing-progress-bar'} style={{ width: `${percent}%` }} />
      </div>
      <p className="muted billing-summary-reset" data-testid="usage-reset">
        {t('billing.usage.resetsOn', { date: formatDate(summary.resetDate, language) })}
      </p>
    </>
  );
}

function UsageHistory() {
  const { t, language } = useI18n();
  const client = useBillingClient();
  const queryClient = useQueryClient();
  const { summary } = useMembership();
  const [period, setPeriod] = useState<UsagePeriod>('month');
  const history = useQuery({ queryKey: billingKeys.history(period, language), queryFn: () => client.tokenHistory(period, language) });
  // Offline the query waits (React Query pauses it): say why instead of loading forever.
  const waiting = !useOnline() && history.data === undefined;

  // A debit anywhere (a voice command, a workflow run) changes `used`: read the history and the recent entries again.
  const lastUsed = useRef(summary?.used);
  useEffect(() => {
    if (summary && lastUsed.current !== undefined && lastUsed.current !== summary.used) void queryClient.invalidateQueries({ queryKey: billingKeys.usage() });
    if (summary) lastUsed.current = summary.used;
  }, [summary, queryClient]);

  const points = history.data ?? [];
  // One series (tokens) of the shared usage chart; recharts loads in its own chunk when the chart first draws.
  const rows = points.map((point) => ({ key: point.label, label: point.label, values: { tokens: point.tokens } }));
  const series = [{ key: 'tokens', name: t('billing.usage.tokens'), colour: 'var(--color-primary, #4f46e5)' }];
  return (
    <section className="card" aria-labelledby="billing-history-title">
      <div className="billing-history-header">
        <h2 id="billing-history-title">{t('billing.usage.historyTitle')}</h2>
        <PeriodSwitch legend={t('billing.usage.period')} options={PERIODS} value={period} label={(value) => t(`billing.usage.${value}`)} onChange={setPeriod} testId="usage-period" />
      </div>
      {history.isError ? <RetryAlert message={apiErrorMessage(t, history.error)} onRetry={() => void history.refetch()} /> : null}
      {waiting ? <NeedsConnectionNote testId="usage-history-offline" /> : null}
      <div className="billing-chart" data-testid="usage-chart" data-period={period} role="img" aria-label={t('billing.usage.chartLabel')} hidden={waiting}>
        {history.isPending ? (
          <p className="page-loading" role="status">
            {t('billing.usage.loading')}
          </p>
        ) : (
          <UsageBarChart rows={rows} series={series} className="billing-chart-canvas" loadingText={t('billing.usage.chartLoading')} />
        )}
      </div>
      {history.isSuccess && points.length === 0 ? <p className="muted">{t('billing.usage.noHistory')}</p> : null}
      <div className="table-scroll billing-points" hidden={waiting}>
        <ChartTable
          className="billing-table"
          data-testid="usage-points"
          data-period={period}
          aria-busy={history.isFetching}
          caption={t('billing.usage.pointsCaption')}
          labelHeader={t('billing.usage.label')}
          rows={rows}
          series={series}
        />
      </div>
    </section>
  );
}

function RecentUsage() {
  const { t, language } = useI18n();
  const client = useBillingClient();
  const recent = useQuery({ queryKey: billingKeys.recent(), queryFn: () => client.recentUsage() });
  const sourceColumn = useUsageSourceColumn();
  const waiting = !useOnline() && recent.data === undefined;
  return (
    <section className="card" aria-labelledby="billing-recent-title">
      <h2 id="billing-recent-title">{t('billing.usage.recentTitle')}</h2>
      {waiting ? (
        <NeedsConnectionNote testId="usage-recent-offline" />
      ) : (
        <ReadStates read={recent} message={apiErrorMessage} loading={t('billing.usage.loading')} empty={t('billing.usage.noRecent')}>
          {(entries) => (
            <DataTable
              className="billing-table"
              testId="usage-recent"
              caption={t('billing.usage.recentCaption')}
              columns={[t('billing.usage.feature'), { label: t('billing.usage.tokens'), className: 'number' }, t('billing.usage.when'), sourceColumn]}
            >
              {entries.map((entry, index) => (
                <tr key={entry.id ?? `${entry.timestamp}-${index}`} data-feature={entry.feature}>
                  <td>{t(`billing.usage.features.${entry.feature}`, { defaultValue: entry.feature })}</td>
                  <td className="number">{entry.tokensUsed}</td>
                  <td>{formatDate(entry.timestamp, language, true)}</td>
                  <td>
                    <UsageSource entry={entry} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </ReadStates>
      )}
    </section>
  );
}
