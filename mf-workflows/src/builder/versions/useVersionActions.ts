// What the user does with versions: save one with a name, restore one (after
// confirming, in HistoryPanel), and undo that restore. A restore first saves
// what is there now (with a snapshot when it is not one yet), so nothing is
// lost; its undo writes that content back as the working copy.
import { useCallback, useState } from 'react';
import type { Workflow } from '@agentflow/shared/workflow';
import { versionLabel, type WorkflowDocs } from '../../api/workflowDocs';
import type { SnapshotRequest } from './snapshotPolicy';

/** The restore Undo reverts: the version restored, and the graph it replaced. */
export interface RestoredVersion {
  version: number;
  before: Pick<Workflow, 'nodes' | 'edges'>;
}

export interface VersionActions {
  /** Bumped when the list of snapshots may have changed. */
  tick: number;
  /** A restore or its undo is being written. */
  busy: boolean;
  /** The restore Undo reverts: offered until the next edit. */
  restored: RestoredVersion | null;
  saveVersion(label: string): Promise<boolean>;
  restore(version: number): Promise<boolean>;
  undoRestore(): Promise<boolean>;
  dismissRestored(): void;
}

export interface VersionActionsDeps {
  docs: WorkflowDocs;
  /** Saves pending edits, with the snapshot asked for; false when that failed. */
  flush: (snapshot?: SnapshotRequest) => Promise<boolean>;
  /** The workflow with the version the next write must name. */
  savedWorkflow: () => Workflow;
  /** A write made outside autosave becomes the loaded state (revision 0). */
  markRestored: (workflow: Workflow) => void;
  /** The builder's edit count since the last load: 0 right after a restore. */
  revision: number;
  historyTick: number;
}

export function useVersionActions({ docs, flush, savedWorkflow, markRestored, revision, historyTick }: VersionActionsDeps): VersionActions {
  const [restored, setRestored] = useState<RestoredVersion | null>(null);
  const [busy, setBusy] = useState(false);

  const saveVersion = useCallback(
    (label: string) => {
      const name = versionLabel(label);
      return flush({ always: true, ...(name ? { label: name } : {}) });
    },
    [flush],
  );

  const restore = useCallback(
    async (version: number) => {
      setBusy(true);
      try {
        if (!(await flush({ always: false }))) return false;
        const before = savedWorkflow();
        markRestored(await docs.restore(before.id, version, before));
        setRestored({ version, before: { nodes: before.nodes, edges: before.edges } });
        return true;
      } catch {
        return false;
      } finally {
        setBusy(false);
      }
    },
    [docs, flush, savedWorkflow, markRestored],
  );

  // An edit after the restore ends the offer: Undo would throw that edit away.
  const offered = restored && revision === 0 ? restored : null;

  const undoRestore = useCallback(async () => {
    if (!offered) return false;
    setBusy(true);
    try {
      const current = savedWorkflow();
      markRestored(await docs.save({ ...current, nodes: offered.before.nodes, edges: offered.before.edges }, current.version));
      setRestored(null);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  }, [docs, offered, savedWorkflow, markRestored]);

  const dismissRestored = useCallback(() => setRestored(null), []);

  return { tick: historyTick, busy, restored: offered, saveVersion, restore, undoRestore, dismissRestored };
}
