// The workflow's newest run, read when asked for (the builder's last-run
// overlay, Test step's sample input): GET the history, then that run whole.
import { useEffect, useState } from 'react';
import type { WorkflowRun } from '@agentflow/shared/workflow';
import type { RunsClient } from '../../api/runs';

export type LastRunState = { status: 'idle' } | { status: 'loading' } | { status: 'none' } | { status: 'failed' } | { status: 'ready'; run: WorkflowRun };

/** `enabled` false: nothing is read ('idle'). A new workflow id or `refresh` value reads again. */
export function useLastRun(client: RunsClient, workflowId: string, enabled: boolean, refresh: unknown = 0): LastRunState {
  const key = enabled ? `${workflowId}\n${String(refresh)}` : null;
  // The state belongs to the key it was read for: another key starts from 'loading' (set while rendering).
  const [held, setHeld] = useState<{ key: string | null; state: LastRunState }>({ key, state: enabled ? { status: 'loading' } : { status: 'idle' } });
  if (held.key !== key) setHeld({ key, state: enabled ? { status: 'loading' } : { status: 'idle' } });

  useEffect(() => {
    if (key === null) return undefined;
    let alive = true;
    const settle = (state: LastRunState) => alive && setHeld({ key, state });
    client
      .list(workflowId)
      .then(async (runs) => {
        const newest = runs[0];
        if (!newest) return settle({ status: 'none' });
        settle({ status: 'ready', run: await client.get(newest.id) });
      })
      .catch(() => settle({ status: 'failed' }));
    return () => {
      alive = false;
    };
  }, [client, workflowId, key]);

  return held.key === key ? held.state : enabled ? { status: 'loading' } : { status: 'idle' };
}
