// The builder's "Show last run": the toggle (in the toolbar), the hook that
// reads the newest run when it is on, and a context the canvas reads to mark
// each node with that run's status (icon and words) and pinned nodes with a
// pin. Light on purpose: it is on the builder's first view (the run graph is not).
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';
import { RUN_GRAPH_CATALOGS } from '../graph/i18n';
import { STATUS_ICONS, graphStatusOf, stepsByNode, type GraphStatus } from '../graph/runGraphModel';
import { useRunsClient } from '../RunsClientContext';
import { useLastRun, type LastRunState } from './useLastRun';
import './runOverlay.css';

const G = 'workflows.runGraph.';

export interface RunOverlayValue {
  /** Each node's status in the last run, while the overlay is shown; null when it is not. */
  statuses: ReadonlyMap<string, GraphStatus> | null;
  /** Nodes with pinned sample data. */
  pinned: ReadonlySet<string>;
}

export const RunOverlayContext = createContext<RunOverlayValue>({ statuses: null, pinned: new Set() });
RunOverlayContext.displayName = 'RunOverlay';

export interface LastRunOverlay {
  shown: boolean;
  toggle: () => void;
  state: LastRunState;
  statuses: ReadonlyMap<string, GraphStatus> | null;
}

/** The last run's node statuses for the builder, read when the overlay is switched on. */
export function useLastRunOverlay(workflowId: string): LastRunOverlay {
  const client = useRunsClient();
  const [shown, setShown] = useState(false);
  // Each switch-on reads again: a run may have ended since.
  const [reads, setReads] = useState(0);
  const state = useLastRun(client, workflowId, shown, reads);
  const statuses = useMemo(() => {
    if (!shown || state.status !== 'ready') return null;
    const byNode = stepsByNode(state.run.steps);
    return new Map([...byNode].map(([nodeId, step]) => [nodeId, graphStatusOf(step)]));
  }, [shown, state]);
  return {
    shown,
    toggle: () => {
      if (!shown) setReads((n) => n + 1);
      setShown((on) => !on);
    },
    state,
    statuses,
  };
}

/** Provides the canvas what to mark: the overlay's statuses and the pinned nodes. */
export function RunOverlayProvider({ workflow, overlay, children }: { workflow: Pick<Workflow, 'nodes'>; overlay: LastRunOverlay; children: ReactNode }) {
  useRemoteCatalogs(RUN_GRAPH_CATALOGS);
  const pinnedKey = workflow.nodes
    .filter((node) => node.pinned)
    .map((node) => node.id)
    .join('\n');
  const value = useMemo<RunOverlayValue>(() => ({ statuses: overlay.statuses, pinned: new Set(pinnedKey ? pinnedKey.split('\n') : []) }), [overlay.statuses, pinnedKey]);
  return <RunOverlayContext.Provider value={value}>{children}</RunOverlayContext.Provider>;
}

/** The toolbar's toggle, with what it found (loading, no run yet, the run's status). */
export function LastRunToggle({ overlay }: { overlay: LastRunOverlay }) {
  useRemoteCatalogs(RUN_GRAPH_CATALOGS);
  const { t } = useI18n();
  const { state } = overlay;
  const note =
    !overlay.shown || state.status === 'idle' || state.status === 'ready'
      ? null
      : t(`${G}overlay.${state.status === 'loading' ? 'loading' : state.status === 'none' ? 'none' : 'failed'}`);
  return (
    <>
      <button type="button" className="builder-last-run" aria-pressed={overlay.shown} data-testid="builder-last-run" onClick={overlay.toggle}>
        {t(`${G}overlay.show`)}
      </button>
      <span className="builder-last-run-note" role="status" aria-live="polite">
        {note}
      </span>
    </>
  );
}

/** A canvas node's marks: its status in the last run (when shown) and a pin when it has pinned data. */
export function RunOverlayMarkers({ nodeId }: { nodeId: string }) {
  const { t } = useI18n();
  const { statuses, pinned } = useContext(RunOverlayContext);
  const status = statuses ? (statuses.get(nodeId) ?? 'pending') : null;
  if (!status && !pinned.has(nodeId)) return null;
  return (
    <span className="run-overlay-marks">
      {status && (
        <span className={`run-overlay-status run-overlay-status--${status}`} data-testid="node-run-status" data-status={status}>
          <span aria-hidden="true">{STATUS_ICONS[status]}</span> {t(`${G}status.${status}`)}
        </span>
      )}
      {pinned.has(nodeId) && (
        <span className="run-overlay-pin" data-testid="node-pinned">
          <span aria-hidden="true">📌</span> {t(`${G}status.pinned`)}
        </span>
      )}
    </span>
  );
}

/** The status class for a node's card (builder.css may colour its border by it), or ''. */
export function useRunOverlayClass(nodeId: string): string {
  const { statuses } = useContext(RunOverlayContext);
  const status = statuses ? (statuses.get(nodeId) ?? 'pending') : null;
  return status ? ` run-overlay--${status}` : '';
}
