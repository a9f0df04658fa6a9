// The executions page (/workflows/executions): every run of the current
// workspace's workflows, newest first, with the filters in the URL (so the
// dashboard links here with the runs a figure counts), "Load more" paging on
// the API's cursor, each run opening on its graph, and failed runs re-run in
// bulk with a summary of what started and what was refused and why.
import { useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, Link, useI18n, useSearchParams } from '@agentflow/shared';
import { EXECUTIONS_ERROR_CODES, EXECUTIONS_LIMITS, isTerminalRunStatus, type ExecutionRow, type RerunResponse } from '@agentflow/shared/workflow';
import { PageLoading } from '../components/PageLoading';
import { PHONE_QUERY, useMediaQuery } from '../builder/builderHooks';
import { useExecutionsClient } from './executionsClient';
import { apiFilters, filtersFromSearch, hasFilters, searchFromFilters, type PageFilters } from './executionsFilters';
import { browserTimeZone } from '../dashboard/dashboardClient';
import { ExecutionsFilterBar } from './ExecutionsFilterBar';
import { ExecutionsList } from './ExecutionsList';
import { RerunSummary } from './RerunSummary';
import { useWorkspaceWorkflows } from './useWorkspaceWorkflows';

const E = 'workflows.executions.';

const NOTHING: ReadonlySet<string> = new Set();
/** How often a list with runs still going is read again. */
export const LIVE_POLL_MS = 5000;

export const executionsKey = (workspace: string, filters: PageFilters) => ['executions', 'list', workspace, filters] as const;

export interface ExecutionsPageProps {
  /** The workspace whose runs are listed: 'personal' or an organization id. */
  workspace: string;
}

export function ExecutionsPage({ workspace }: ExecutionsPageProps) {
  const { t } = useI18n();
  const client = useExecutionsClient();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the text: a new URLSearchParams object with the same filters is the same query
  const filters = useMemo(() => filtersFromSearch(params), [search]);
  const compact = useMediaQuery(PHONE_QUERY);
  const workflows = useWorkspaceWorkflows(workspace);
  // What is selected belongs to one list (workspace and filters): another list starts with nothing selected.
  const listKey = `${workspace}?${search}`;
  const [selection, setSelection] = useState<{ listKey: string; ids: ReadonlySet<string> }>({ listKey, ids: new Set() });
  const selected = selection.listKey === listKey ? selection.ids : NOTHING;
  const setSelected = (update: (current: ReadonlySet<string>) => ReadonlySet<string>) => setSelection({ listKey, ids: update(selected) });
  const [summary, setSummary] = useState<{ result: RerunResponse; rows: ReadonlyMap<string, ExecutionRow> } | null>(null);

  useEffect(() => {
    document.title = `${t('common.appName')} · ${t(`${E}title`)}`;
  }, [t]);

  const runs = useInfiniteQuery({
    queryKey: executionsKey(workspace, filters),
    queryFn: ({ pageParam }) => client.list({ workspace, ...apiFilters(filters, browserTimeZone()) }, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Runs still going (a re-run just started, a run waiting for approval) are read again until they end, as the run history does.
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.runs.some((row) => !isTerminalRunStatus(row.status))) ? LIVE_POLL_MS : false),
  });
  const rows = useMemo(() => runs.data?.pages.flatMap((page) => page.runs) ?? [], [runs.data]);

  const rerun = useMutation({
    mutationFn: (runIds: string[]) => client.rerun(runIds),
    onSuccess: (result) => {
      setSummary({ result, rows: new Map(rows.map((row) => [row.id, row])) });
      setSelected(() => NOTHING);
      void queryClient.invalidateQueries({ queryKey: ['executions', 'list', workspace] });
    },
  });

  const setFilters = (next: PageFilters) => setParams(searchFromFilters(next), { replace: true });
  const toggle = (runId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(runId);
      else next.delete(runId);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(() => (on ? new Set(rows.filter((row) => row.status === 'failed').map((row) => row.id).slice(0, EXECUTIONS_LIMITS.maxRerunRuns)) : NOTHING));
  const forbidden = runs.error instanceof ApiError && runs.error.code === EXECUTIONS_ERROR_CODES.workspaceForbidden;

  return (
    <section className="executions-page">
      <header className="executions-head">
        <div>
          <h1>{t(`${E}title`)}</h1>
          <p className="executions-intro">{t(`${E}intro`)}</p>
        </div>
        <Link to="/workflows/dashboard" className="button button--secondary">
          {t(`${E}dashboardLink`)}
        </Link>
      </header>
      <ExecutionsFilterBar filters={filters} workflows={workflows} onChange={setFilters} />
      {selected.size > 0 && (
        <div className="executions-actions" role="group" aria-label={t(`${E}selected`, { count: selected.size })}>
          <span>{t(`${E}selected`, { count: selected.size })}</span>
          <button type="button" className="button" disabled={rerun.isPending} onClick={() => rerun.mutate([...selected].slice(0, EXECUTIONS_LIMITS.maxRerunRuns))}>
            {t(rerun.isPending ? `${E}rerunning` : `${E}rerunSelected`)}
          </button>
        </div>
      )}
      {rerun.isError && (
        <p className="executions-message" role="alert">
          {t(`${E}rerunFailed`)}
        </p>
      )}
      {summary && <RerunSummary result={summary.result} rows={summary.rows} />}
      {runs.isPending ? (
        <PageLoading label={t(`${E}loading`)} />
      ) : runs.isError ? (
        <div className="executions-message" role="alert">
          <p>{t(forbidden ? `${E}forbidden` : `${E}loadFailed`)}</p>
          {!forbidden && (
            <button type="button" className="button" onClick={() => void runs.refetch()}>
              {t(`${E}retry`)}
            </button>
          )}
        </div>
      ) : rows.length === 0 ? (
        <p className="executions-empty">{t(hasFilters(filters) ? `${E}empty` : `${E}emptyWorkspace`)}</p>
      ) : (
        <>
          <ExecutionsList rows={rows} selected={selected} onToggle={toggle} onToggleAll={toggleAll} compact={compact} />
          {runs.hasNextPage && (
            <button type="button" className="button button--secondary executions-more" disabled={runs.isFetchingNextPage} onClick={() => void runs.fetchNextPage()}>
              {t(runs.isFetchingNextPage ? `${E}loadingMore` : `${E}loadMore`)}
            </button>
          )}
        </>
      )}
    </section>
  );
}
