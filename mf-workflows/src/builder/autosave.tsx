// The builder's saving: ~1 s after the last change the workflow is written as
// the next version (the working copy). A version snapshot goes with a save only
// when versions/snapshotPolicy.ts says so (a meaningful change, at most one a
// minute while editing) or when asked (flush with a request: Run, Save version,
// a restore; leaving the builder). Offline (or when Firestore cannot be
// reached) the edit is kept on this device instead (api/workflowDrafts.ts) and written when the
// connection returns, but only over the version it was edited from: if the
// server has a newer one, someone changed the workflow meanwhile and the user
// chooses between the two (ConflictDialog); nothing is overwritten silently.
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isOnline, isUnreachable, useI18n } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';
import type { SnapshotWrite, WorkflowDocs } from '../api/workflowDocs';
import { clearDraft, writeDraft, type WorkflowDraft } from '../api/workflowDrafts';
import type { BuilderAction, BuilderState } from './builderState';
import { mergeRequests, SnapshotPlanner, type SnapshotRequest } from './versions/snapshotPolicy';
import { useVersionActions } from './versions/useVersionActions';

const P = 'workflows.builder.';
export const AUTOSAVE_DELAY_MS = 1000;
/** Right after the connection returns Firestore may not be connected yet: the sync tries again this often. */
export const SYNC_RETRY_MS = 3000;

// Only a conflict needs it (and Radix Dialog with it).
const ConflictDialog = lazy(() => import('./ConflictDialog'));

/**
 * saved: on the server. pending/saving: on the way. error: the server refused.
 * offline: kept on this device, written when the connection returns.
 * syncing: a kept edit is being written. conflict: the server has a newer
 * version than the kept edit started from; the user chooses.
 */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'error' | 'offline' | 'syncing' | 'conflict';

export interface AutosaveOptions {
  uid: string;
  /** An edit this device kept from an earlier visit (the builder starts from it). */
  draft: WorkflowDraft | null;
}

export function useAutosave(state: BuilderState, dispatch: (a: BuilderAction) => void, docs: WorkflowDocs, readOnly: boolean, { uid, draft }: AutosaveOptions) {
  const [status, setStatus] = useState<SaveStatus>(draft ? 'offline' : 'saved');
  const [historyTick, setHistoryTick] = useState(0);
  /** When the kept edit was last saved on this device (null: nothing kept). */
  const [keptAt, setKeptAt] = useState<string | null>(draft?.savedAt ?? null);
  /** The server's newer version while the user chooses. */
  const [conflict, setConflict] = useState<Workflow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // The saves outlive renders: they read the current edits through a ref, kept current as each
  // render commits (before the autosave effect, a timer or an event handler can run).
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const savedRevision = useRef(state.revision);
  /** The server version the current edits build on. */
  const version = useRef(state.workflow.version);
  /** An edit is kept on this device and not yet on the server. */
  const kept = useRef(draft !== null);
  const conflictRef = useRef<Workflow | null>(null);
  const savingRef = useRef(false);
  /** The save in flight (true: stored, false: failed); flush() awaits it. */
  const inFlight = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Which saves carry a snapshot; it starts from the opened workflow. */
  const [planner] = useState(() => new SnapshotPlanner(state.workflow));
  /** A snapshot asked for (Run, Save version, a restore, leaving), written with the next save. */
  const wanted = useRef<SnapshotRequest | null>(null);
  /** The minute of a meaningful change is over: the next save carries its snapshot. */
  const snapshotDue = useRef(false);
  const snapshotTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clearSnapshotTimer = useCallback(() => {
    if (snapshotTimer.current) clearTimeout(snapshotTimer.current);
    snapshotTimer.current = null;
  }, []);

  /** Keeps the current edits on this device; false when storage refuses. */
  const keep = useCallback(
    (current: BuilderState): boolean => {
      const stored = writeDraft({ uid, workflowId: current.workflow.id, baseVersion: version.current, workflow: current.workflow });
      if (!stored) return false;
      kept.current = true;
      savedRevision.current = current.revision;
      setKeptAt(stored.savedAt);
      return true;
    },
    [uid],
  );

  const forget = useCallback(
    (workflowId: string) => {
      clearDraft(uid, workflowId);
      kept.current = false;
      setKeptAt(null);
    },
    [uid],
  );

  /** The snapshot the save of `workflow` carries (null: none); arms the minute's timer when one is pending. */
  const snapshotFor = useCallback(
    (workflow: Workflow, saveLater: () => Promise<boolean>): SnapshotWrite | null => {
      const request = wanted.current;
      if (request?.always) return request.label ? { label: request.label } : {};
      if (request || snapshotDue.current) {
        if (planner.differs(workflow)) return {};
        wanted.current = null;
        snapshotDue.current = false;
        clearSnapshotTimer();
        return null;
      }
      const plan = planner.plan(workflow);
      if (plan.snapshot) return {};
      if (plan.dueInMs === null) clearSnapshotTimer();
      else if (!snapshotTimer.current) {
        snapshotTimer.current = setTimeout(() => {
          snapshotTimer.current = null;
          snapshotDue.current = true;
          void saveLater();
        }, plan.dueInMs);
      }
      return null;
    },
    [planner, clearSnapshotTimer],
  );

  /** A snapshot of workflow was written: the minute starts again, and the request it answered is done. */
  const snapshotWritten = useCallback(
    (workflow: Pick<Workflow, 'name' | 'nodes' | 'edges'>, request: SnapshotRequest | null) => {
      planner.written(workflow);
      snapshotDue.current = false;
      clearSnapshotTimer();
      if (wanted.current === request) wanted.current = null;
    },
    [planner, clearSnapshotTimer],
  );

  // Named, so the retries inside it call this same function.
  const save = useCallback(function save(): Promise<boolean> {
    // One save at a time: the one in flight saves the newer edits when it ends.
    if (inFlight.current) return inFlight.current;
    if (retryTimer.current) clearTimeout(retryTimer.current);
    retryTimer.current = null;
    const current = stateRef.current;
    const unchanged = () => current.revision === savedRevision.current && !kept.current;
    if (unchanged() && !wanted.current && !snapshotDue.current) {
      setStatus('saved');
      return Promise.resolve(true);
    }
    // Offline, or waiting for the user's choice: the edit stays on this device.
    if (!isOnline() || conflictRef.current) {
      const stored = keep(current);
      setStatus(conflictRef.current ? 'conflict' : stored ? 'offline' : 'error');
      return Promise.resolve(false);
    }
    const request = wanted.current;
    const snapshot = snapshotFor(current.workflow, save);
    if (unchanged() && !snapshot) {
      setStatus('saved');
      return Promise.resolve(true);
    }
    const revision = current.revision;
    const syncing = kept.current;
    savingRef.current = true;
    setStatus(syncing ? 'syncing' : 'saving');
    const attempt = (async (): Promise<boolean> => {
      try {
        if (syncing) {
          // The edit waited on this device: it may only replace the version it started from.
          const server = await docs.loadFromServer(current.workflow.id);
          if (!server) throw new Error('The workflow no longer exists');
          if (server.version !== version.current) {
            keep(stateRef.current);
            conflictRef.current = server;
            setConflict(server);
            setDialogOpen(true);
            setStatus('conflict');
            return false;
          }
        }
        const saved = await docs.save({ ...current.workflow, version: version.current }, version.current, snapshot);
        version.current = saved.version;
        savedRevision.current = revision;
        if (snapshot) snapshotWritten(current.workflow, request);
        if (syncing) forget(current.workflow.id);
        dispatch({ type: 'saved', version: saved.version, updatedAt: saved.updatedAt });
        if (snapshot) setHistoryTick((n) => n + 1);
        return true;
      } catch (error) {
        if (isUnreachable(error)) {
          // The connection dropped (or Firestore has not reconnected yet): keep it here, try again while online.
          const stored = keep(stateRef.current);
          setStatus(stored ? 'offline' : 'error');
          if (stored && isOnline()) retryTimer.current = setTimeout(() => void save(), SYNC_RETRY_MS);
          return false;
        }
        setStatus('error');
        return false;
      } finally {
        savingRef.current = false;
        inFlight.current = null;
      }
    })().then((stored) => {
      if (stored) {
        // Newer edits, or a snapshot asked for while this save was on its way.
        if (stateRef.current.revision !== revision || wanted.current || snapshotDue.current) void save();
        else setStatus('saved');
      }
      return stored;
    });
    inFlight.current = attempt;
    return attempt;
  }, [docs, dispatch, keep, forget, snapshotFor, snapshotWritten]);

  useEffect(() => {
    if (readOnly || state.revision === savedRevision.current) return;
    if (!savingRef.current) setStatus(conflictRef.current ? 'conflict' : 'pending');
    timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [state.revision, readOnly, save]);

  /** A restore (or the server's version, chosen or newer) becomes the loaded state. */
  const markRestored = useCallback(
    (restored: Workflow) => {
      // A snapshot's content (a restore or its undo), or another device's save: its snapshots are that device's to write.
      snapshotWritten(restored, wanted.current);
      version.current = restored.version;
      savedRevision.current = 0;
      dispatch({ type: 'load', workflow: restored });
      setStatus('saved');
      setHistoryTick((n) => n + 1);
    },
    [dispatch, snapshotWritten],
  );

  // The connection returns: write what waited here; with nothing waiting, pick
  // up a newer version saved elsewhere meanwhile (the builder may have opened
  // from this device's copy). A reload with a kept edit syncs at once.
  useEffect(() => {
    if (readOnly) return undefined;
    const onOnline = () => {
      if (conflictRef.current) return;
      if (kept.current || stateRef.current.revision !== savedRevision.current) {
        void save();
        return;
      }
      const id = stateRef.current.workflow.id;
      docs.loadFromServer(id).then(
        (server) => {
          const idle = !kept.current && !inFlight.current && stateRef.current.revision === savedRevision.current;
          if (server && idle && server.version !== version.current) markRestored(server);
        },
        () => undefined, // still unreachable: the next 'online' tries again
      );
    };
    window.addEventListener('online', onOnline);
    if (kept.current && isOnline()) void save();
    return () => {
      window.removeEventListener('online', onOnline);
      if (retryTimer.current) clearTimeout(retryTimer.current);
    };
  }, [readOnly, save, docs, markRestored]);

  /**
   * Saves now what the debounce would save later and waits until the latest
   * edit is on the server (Run needs it: a run executes the stored version),
   * with a snapshot when `snapshot` asks for one (always, or when the edits
   * differ from the last snapshot). Resolves false when a save fails or the
   * edit could only be kept here; a request that failed is dropped (the
   * minute rule still snapshots the change later).
   */
  const flush = useCallback(
    async (snapshot?: SnapshotRequest): Promise<boolean> => {
      if (readOnly) return true;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const request = snapshot ? mergeRequests(wanted.current, snapshot) : null;
      if (request) wanted.current = request;
      while (stateRef.current.revision !== savedRevision.current || inFlight.current || kept.current || wanted.current || snapshotDue.current) {
        if (!(await (inFlight.current ?? save()))) {
          if (request && wanted.current === request) wanted.current = null;
          return false;
        }
      }
      return true;
    },
    [readOnly, save],
  );

  /** flush() for Run: the run's version gets a snapshot when it is not one already. */
  const flushForRun = useCallback(() => flush({ always: false }), [flush]);
  /** The workflow as the server has it after the last save (the version the next write must name). */
  const savedWorkflow = useCallback((): Workflow => ({ ...stateRef.current.workflow, version: version.current }), []);

  // Leaving the builder (another route, closing or hiding the tab) must not
  // drop the edits of the last second: save (or keep) what is pending at once.
  useEffect(() => {
    if (readOnly) return undefined;
    const flushNow = () => {
      if (stateRef.current.revision !== savedRevision.current) void save();
    };
    // Closing or leaving: a change still waiting for its minute is snapshotted now
    // (hiding the tab only saves, or switching tabs would defeat the minute).
    const leave = () => {
      if (!wanted.current && planner.differs(stateRef.current.workflow)) wanted.current = { always: false };
      if (stateRef.current.revision !== savedRevision.current || wanted.current) void save();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushNow();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
      clearSnapshotTimer();
      leave();
    };
  }, [readOnly, save, planner, clearSnapshotTimer]);

  /** The user keeps their version: written as the version after the server's (theirs stays in the history). */
  const keepMine = useCallback(async () => {
    const theirs = conflictRef.current;
    if (!theirs) return;
    const current = stateRef.current;
    setStatus('syncing');
    try {
      // Choosing between two versions is worth a snapshot of the one kept.
      const saved = await docs.save({ ...current.workflow, version: theirs.version }, theirs.version, {});
      snapshotWritten(current.workflow, wanted.current);
      conflictRef.current = null;
      setConflict(null);
      setDialogOpen(false);
      version.current = saved.version;
      savedRevision.current = current.revision;
      forget(current.workflow.id);
      dispatch({ type: 'saved', version: saved.version, updatedAt: saved.updatedAt });
      setHistoryTick((n) => n + 1);
      setStatus(stateRef.current.revision === current.revision ? 'saved' : 'pending');
      if (stateRef.current.revision !== current.revision) void save();
    } catch {
      // Still the user's choice to make: the dialog stays, the edit stays kept.
      setStatus('conflict');
    }
  }, [docs, dispatch, forget, save, snapshotWritten]);

  /** The user takes the server's version: their kept edit is dropped. */
  const takeTheirs = useCallback(() => {
    const theirs = conflictRef.current;
    if (!theirs) return;
    conflictRef.current = null;
    setConflict(null);
    setDialogOpen(false);
    forget(theirs.id);
    markRestored(theirs);
  }, [forget, markRestored]);

  const versions = useVersionActions({ docs, flush, savedWorkflow, markRestored, revision: state.revision, historyTick });

  const conflictView = conflict ? (
    <Suspense fallback={null}>
      {dialogOpen ? (
        <ConflictDialog mine={state.workflow} mineSavedAt={keptAt} theirs={conflict} onKeepMine={() => void keepMine()} onUseTheirs={takeTheirs} onLater={() => setDialogOpen(false)} busy={status === 'syncing'} />
      ) : null}
    </Suspense>
  ) : null;

  return {
    status,
    retry: () => (conflictRef.current ? setDialogOpen(true) : void save()),
    historyTick,
    markRestored,
    savingRef,
    flush,
    flushForRun,
    /** Save version, restore and its undo, for the toolbar and the history. */
    versions,
    /** When the edit kept on this device was saved there (null: nothing kept). */
    keptAt,
    conflictView,
  };
}

export function SaveIndicator({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const { t } = useI18n();
  if (status === 'error' || status === 'conflict') {
    return (
      <button type="button" className="builder-save-status builder-save-status--error" data-testid="save-status" data-status={status} onClick={onRetry}>
        {t(status === 'conflict' ? `${P}status.conflict` : `${P}status.failed`)}
      </button>
    );
  }
  const key = status === 'saved' ? 'saved' : status === 'offline' ? 'offline' : status === 'syncing' ? 'syncing' : 'saving';
  return (
    <span className={`builder-save-status builder-save-status--${status}`} data-testid="save-status" data-status={status} role="status" aria-live="polite">
      {t(`${P}status.${key}`)}
    </span>
  );
}
