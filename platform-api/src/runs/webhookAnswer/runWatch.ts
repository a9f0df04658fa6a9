// The port a 'whenDone' webhook waits through: it watches the run document
// (Firestore onSnapshot), so the answer comes whichever platform-api instance
// executes the run, not only when this process does.
import type { Firestore } from 'firebase-admin/firestore';
import { isTerminalRunStatus } from '@agentflow/shared/workflow';
import type { StoredRun } from '../runModel.js';
import { decodeRun, runRef } from '../store.js';

export interface RunWatcher {
  /**
   * The run once it is terminal; null after `timeoutMs`, when `signal`
   * aborts (the caller hung up) or when the watch itself fails (the caller
   * then gets the run id to poll, as after a timeout).
   */
  settled(runId: string, timeoutMs: number, signal?: AbortSignal): Promise<StoredRun | null>;
}

export function firestoreRunWatcher(db: Firestore): RunWatcher {
  return {
    settled: (runId, timeoutMs, signal) =>
      new Promise((resolve) => {
        let done = false;
        let unsubscribe: (() => void) | null = null;
        const finish = (run: StoredRun | null) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', abort);
          unsubscribe?.();
          resolve(run);
        };
        const abort = () => finish(null);
        const timer = setTimeout(() => finish(null), timeoutMs);
        if (signal?.aborted) return finish(null);
        signal?.addEventListener('abort', abort);
        unsubscribe = runRef(db, runId).onSnapshot(
          (snapshot) => {
            const run = decodeRun(snapshot);
            if (run && isTerminalRunStatus(run.status)) finish(run);
          },
          () => finish(null),
        );
        // The snapshot may have fired (and finished) before onSnapshot returned.
        if (done) unsubscribe();
      }),
  };
}

/**
 * Waits for the run to end (the webhook's 'whenDone' answer, the public
 * API's synchronous start, the MCP server's tool call): the ended run, or
 * null after `timeoutMs`, when `signal` aborts or the watch fails (the caller
 * then answers the run id to poll).
 */
export function waitForRunEnd(db: Firestore, runId: string, timeoutMs: number, signal?: AbortSignal): Promise<StoredRun | null> {
  return firestoreRunWatcher(db).settled(runId, timeoutMs, signal);
}
