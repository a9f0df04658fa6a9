// A loop step's items on the run graph: "Item 3 of 100" with previous/next.
// The items' body steps are not in the run document (platform-api keeps one
// record per item: runs/loop/itemRecords.ts); the page of the item shown is
// fetched and its steps are laid over the graph's body nodes and listed here.
import { useEffect, useMemo, useState } from 'react';
import { ApiError, useI18n } from '@agentflow/shared';
import type { LoopItemPage, RunStep, WorkflowRun } from '@agentflow/shared/workflow';
import { useRunsClient } from '../../RunsClientContext';
import { StatusText } from '../StatusText';

const L = 'workflows.runGraph.loop.';

/** A loop's shown item: which one, and its page once loaded. */
export interface LoopItemView {
  index: number;
  state: 'loading' | 'ready' | 'missing' | 'error';
  page: LoopItemPage | null;
}

/** Top-level loop steps that have started: their items may have records. */
export function startedLoopSteps(run: Pick<WorkflowRun, 'steps'>): RunStep[] {
  return run.steps.filter((step) => step.parentStepId === null && step.type === 'loop' && step.status !== 'pending' && step.status !== 'skipped');
}

/** The run with the shown items' body steps added, for the graph (pure). */
export function withItemSteps<R extends Pick<WorkflowRun, 'steps'>>(run: R, views: Readonly<Record<string, LoopItemView>>): R {
  const extra = Object.values(views).flatMap((view) => view.page?.steps ?? []);
  return extra.length > 0 ? { ...run, steps: [...run.steps, ...extra] } : run;
}

/** The item shown per loop step (the first until the user pages) and its loaded page. */
export function useLoopItems(run: WorkflowRun) {
  const client = useRunsClient();
  const [indexes, setIndexes] = useState<Record<string, number>>({});
  const [loaded, setLoaded] = useState<Record<string, LoopItemView>>({});
  const loops = startedLoopSteps(run);
  // A running loop records items as they end: fetch again when its step changes, not on every event of the run.
  const wanted = JSON.stringify(loops.map((step) => [step.id, indexes[step.id] ?? 0, `${step.status}|${step.endedAt ?? ''}`]));
  const runId = run.id;

  useEffect(() => {
    const loadItem = client.loopItem?.bind(client);
    if (!loadItem) return;
    let live = true;
    for (const [stepId, index] of JSON.parse(wanted) as [string, number, string][]) {
      loadItem(runId, stepId, index).then(
        (page) => live && setLoaded((current) => ({ ...current, [stepId]: { index, state: 'ready', page } })),
        (error: unknown) => live && setLoaded((current) => ({ ...current, [stepId]: { index, state: error instanceof ApiError && error.status === 404 ? 'missing' : 'error', page: null } })),
      );
    }
    return () => {
      live = false;
    };
  }, [client, runId, wanted]);

  // What each pager shows: the loaded page of the item it is on, else that item loading.
  const views = useMemo(() => {
    const shown: Record<string, LoopItemView> = {};
    for (const [stepId, index] of JSON.parse(wanted) as [string, number, string][]) {
      const view = loaded[stepId];
      shown[stepId] = view && view.index === index ? view : { index, state: 'loading', page: null };
    }
    return shown;
  }, [loaded, wanted]);

  const goTo = (stepId: string, index: number) => setIndexes((current) => ({ ...current, [stepId]: Math.max(0, index) }));
  return { views, goTo };
}

export interface LoopPagersProps {
  run: WorkflowRun;
  views: Readonly<Record<string, LoopItemView>>;
  goTo: (stepId: string, index: number) => void;
}

/** One pager per started loop step. */
export function LoopPagers({ run, views, goTo }: LoopPagersProps) {
  const loops = useMemo(() => startedLoopSteps(run), [run]);
  if (loops.length === 0) return null;
  return (
    <div className="run-loop-pagers">
      {loops.map((step) => (
        <LoopPager key={step.id} step={step} view={views[step.id] ?? { index: 0, state: 'loading', page: null }} goTo={(index) => goTo(step.id, index)} />
      ))}
    </div>
  );
}

function LoopPager({ step, view, goTo }: { step: RunStep; view: LoopItemView; goTo: (index: number) => void }) {
  const { t } = useI18n();
  const total = view.page?.total ?? null;
  const n = view.index + 1;
  return (
    <section className="run-loop-pager" aria-label={t(`${L}pager`, { name: step.name })} data-testid="loop-pager" data-step-id={step.id}>
      <div className="run-loop-pager-bar">
        <button type="button" className="button" onClick={() => goTo(view.index - 1)} disabled={view.index === 0}>
          {t(`${L}previous`)}
        </button>
        <strong aria-live="polite" data-testid="loop-pager-position">
          {total === null ? t(`${L}itemFirst`, { n }) : t(`${L}item`, { n, total })}
        </strong>
        <button type="button" className="button" onClick={() => goTo(view.index + 1)} disabled={total === null || n >= total}>
          {t(`${L}next`)}
        </button>
        {view.page && <StatusText status={view.page.status} />}
      </div>
      {view.state === 'loading' && <p className="muted">{t(`${L}loading`)}</p>}
      {view.state === 'missing' && <p className="muted">{t(`${L}missing`)}</p>}
      {view.state === 'error' && (
        <p className="field-error" role="alert">
          {t(`${L}failed`)}
        </p>
      )}
      {view.page && (
        <ol className="run-loop-pager-steps" aria-label={t(`${L}steps`)} data-testid="loop-pager-steps">
          {view.page.steps.map((child) => (
            <li key={child.id} data-node-id={child.nodeId}>
              <span>{child.name}</span> <StatusText status={child.status} />
              {child.error && <span className="field-error"> {child.error}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
