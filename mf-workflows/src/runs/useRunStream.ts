// Follows one run live: GET it once (fast first paint, and a clear 404), then
// its server-sent events (`event: run`, the whole run as data on every
// change). A dropped or refused stream is closed and reopened with a fresh ID
// token after a growing pause (the token in the URL may have expired), and
// the run is read again meanwhile; once the run is terminal the stream is
// closed for good.
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { ApiError } from '@agentflow/shared';
import { isTerminalRunStatus, type WorkflowRun } from '@agentflow/shared/workflow';
import type { EventSourceLike, RunsClient } from '../api/runs';

export type StreamState = 'loading' | 'live' | 'reconnecting' | 'done' | 'missing' | 'failed';

export interface RunStreamOptions {
  /** First pause before reopening a dropped stream; doubles up to maxDelayMs. */
  reconnectDelayMs?: number;
  maxDelayMs?: number;
  /**
   * Called once when the run is first seen in a terminal status: from its events (`live`), or already
   * terminal when loaded (a fast run often ends while its page loads, after the header read the balance).
   */
  onTerminal?: (run: WorkflowRun, seen: { live: boolean }) => void;
}

export function parseRunEvent(data: unknown): WorkflowRun | null {
  if (typeof data !== 'string') return null;
  try {
    const run = JSON.parse(data) as WorkflowRun;
    return run && typeof run === 'object' && typeof run.id === 'string' && Array.isArray(run.steps) ? run : null;
  } catch {
    return null;
  }
}

export function useRunStream(client: RunsClient, runId: string, options: RunStreamOptions = {}) {
  const { reconnectDelayMs = 1000, maxDelayMs = 10_000 } = options;
  const [run, setRun] = useState<WorkflowRun | null>(null);
  const [state, setState] = useState<StreamState>('loading');
  const [attempt, setAttempt] = useState(0);
  // An effect event: the latest callback is called, and a new one does not reopen the stream.
  const onTerminal = useEffectEvent((finishedRun: WorkflowRun, live: boolean) => options.onTerminal?.(finishedRun, { live }));
  // A new stream (another run, a retry, another client or pace) starts from 'loading': set while
  // rendering it, as React allows for state that follows the props, not by the effect afterwards.
  const [followed, setFollowed] = useState({ client, runId, reconnectDelayMs, maxDelayMs, attempt });
  if (
    followed.client !== client ||
    followed.runId !== runId ||
    followed.reconnectDelayMs !== reconnectDelayMs ||
    followed.maxDelayMs !== maxDelayMs ||
    followed.attempt !== attempt
  ) {
    setFollowed({ client, runId, reconnectDelayMs, maxDelayMs, attempt });
    setState('loading');
  }

  useEffect(() => {
    let alive = true;
    let source: EventSourceLike | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let delay = reconnectDelayMs;
    let latest: WorkflowRun | null = null;
    let finished = false;

    const close = () => {
      if (source) {
        source.onopen = null;
        source.onerror = null;
        source.close();
        source = null;
      }
    };

    const accept = (next: WorkflowRun, fromStream: boolean) => {
      // Events may overtake the first GET: never go back to an older state.
      if (latest && latest.updatedAt && next.updatedAt && next.updatedAt < latest.updatedAt) return;
      latest = next;
      setRun(next);
      if (isTerminalRunStatus(next.status)) {
        close();
        if (!finished) {
          finished = true;
          setState('done');
          onTerminal(next, fromStream);
        }
      }
    };

    const connect = async () => {
      if (!alive || finished) return;
      let opened: EventSourceLike;
      try {
        opened = await client.openEvents(runId);
      } catch {
        scheduleReconnect();
        return;
      }
      if (!alive || finished) {
        opened.close();
        return;
      }
      source = opened;
      opened.onopen = () => {
        delay = reconnectDelayMs;
        if (alive && !finished) setState('live');
      };
      opened.addEventListener('run', (event) => {
        const next = parseRunEvent(event.data);
        if (!alive || !next) return;
        delay = reconnectDelayMs;
        if (!finished) setState('live');
        accept(next, true);
      });
      opened.onerror = () => {
        if (!alive || finished) return;
        close();
        scheduleReconnect();
      };
    };

    const scheduleReconnect = () => {
      if (!alive || finished) return;
      setState('reconnecting');
      timer = setTimeout(() => {
        timer = null;
        // Catch up by GET too: it works where the stream is refused (an
        // approver who does not own the run may read it but not follow it).
        client.get(runId).then(
          (current) => alive && accept(current, true),
          () => undefined,
        );
        void connect();
      }, delay);
      delay = Math.min(delay * 2, maxDelayMs);
    };

    client.get(runId).then(
      (loaded) => {
        if (!alive) return;
        if (isTerminalRunStatus(loaded.status)) {
          finished = true;
          latest = loaded;
          setRun(loaded);
          setState('done');
          onTerminal(loaded, false);
          return;
        }
        accept(loaded, false);
        void connect();
      },
      (error: unknown) => {
        if (!alive) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) setState('missing');
        else setState('failed');
      },
    );

    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
      close();
    };
  }, [client, runId, reconnectDelayMs, maxDelayMs, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { run, state, retry };
}
