// The run's steps two ways, as tabs: the graph (default; lazily loaded, with
// React Flow) and the list (the accessible alternative: every step in run
// order, delegated calls nested). A run whose snapshot has no nodes to draw
// shows the list alone.
import { Component, Suspense, lazy, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import type { WorkflowRun } from '@agentflow/shared/workflow';
import { PageLoading } from '../../components/PageLoading';
import { RUN_GRAPH_CATALOGS } from './i18n';

const RunGraph = lazy(() => import('./RunGraph'));
const LoopItemsPanel = lazy(() => import('./loop/LoopItemsPanel'));

/** A loop step that started: its items can be paged through (loop/LoopPager.tsx). */
const hasStartedLoop = (run: WorkflowRun) => run.steps.some((step) => step.parentStepId === null && step.type === 'loop' && step.status !== 'pending' && step.status !== 'skipped');

/** A graph that cannot be drawn (no ResizeObserver, a chunk that failed to load) leaves the rest of the run view standing. */
class GraphBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type Tab = 'graph' | 'list';
const TABS: readonly Tab[] = ['graph', 'list'];

export function RunStepsViews({ run, now, list }: { run: WorkflowRun; now: number; list: ReactNode }) {
  useRemoteCatalogs(RUN_GRAPH_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const [tab, setTab] = useState<Tab>('graph');
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  if (!run.snapshot || run.snapshot.nodes.length === 0) return <>{list}</>;

  // Arrow keys move between the tabs (the WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length]!;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="run-views">
      <div role="tablist" aria-label={t('workflows.runGraph.views')} className="run-tabs" onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="run-tab"
            data-testid={`run-tab-${name}`}
            onClick={() => setTab(name)}
          >
            {t(`workflows.runGraph.${name}Tab`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-graph`} aria-labelledby={`${id}-graph-tab`} hidden={tab !== 'graph'}>
        {tab === 'graph' && (
          <GraphBoundary fallback={<p className="field-hint" role="status">{t('workflows.runGraph.failed')}</p>}>
            <Suspense fallback={<PageLoading label={t('workflows.runGraph.loading')} />}>
              <RunGraph run={run} now={now} />
            </Suspense>
          </GraphBoundary>
        )}
      </div>
      {/* The list stays mounted (hidden) so its open details keep their state across tab changes. */}
      <div role="tabpanel" id={`${id}-list`} aria-labelledby={`${id}-list-tab`} hidden={tab !== 'list'}>
        {tab === 'list' && hasStartedLoop(run) && (
          <Suspense fallback={null}>
            <LoopItemsPanel run={run} />
          </Suspense>
        )}
        {list}
      </div>
    </div>
  );
}
