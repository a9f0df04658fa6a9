// How long a code step's attempt may take: its own time limit stops the code
// (QuickJS's interrupt, then the pool's backstop 2 s later), so the engine's
// step timeout must not end it first (10 s by default, the code's maximum):
// that would read as a transient timeout and be retried. The extra covers
// the backstop and a thread that is still starting.
import { CODE_LIMITS, type NodeParams } from '@agentflow/shared/workflow';

const STARTUP_AND_BACKSTOP_MS = 5_000;

export function codeStepTimeoutMs(params: Partial<NodeParams<'code'>>, defaultStepTimeoutMs: number): number {
  return Math.max(defaultStepTimeoutMs, (params.timeoutMs ?? CODE_LIMITS.defaultTimeoutMs) + STARTUP_AND_BACKSTOP_MS);
}
