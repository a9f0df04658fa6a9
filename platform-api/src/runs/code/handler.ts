// The code step's handler: its params, the sandbox run (on a thread of the
// code pool, codeWorkers.ts), and what the step record keeps. The console
// lines go onto the step through annotateStep (a run) or the test's log (a
// step test), also when the code fails: what it printed before failing is
// what explains the failure.
import { parseNodeParams } from '@agentflow/shared/workflow';
// Types only from steps.ts: it registers this handler, so a value import would be circular.
import type { StepHandler } from '../steps.js';
import { defaultCodePool, type CodeRunner } from './codeWorkers.js';
import type { CodeFailureKind } from './quickjsRun.js';

/**
 * A code step that failed: why (its kind) and where, in its message. Final
 * like a StepFailure (not transient): the same code fails the same way.
 */
export class CodeStepFailure extends Error {
  readonly transient = false;
  constructor(
    message: string,
    readonly kind: CodeFailureKind,
    readonly logs: string[],
  ) {
    super(message);
    this.name = 'CodeStepFailure';
  }
}

/** The handler of 'code' steps; `runner` runs the code (default: the process's worker pool, started on first use). */
export function codeHandler(runner: () => CodeRunner = defaultCodePool): StepHandler {
  return async ({ node, input, signal, annotateStep }) => {
    const parsed = parseNodeParams('code', node.params);
    if (!parsed.success) throw new CodeStepFailure(`Invalid parameters of ${node.name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 'error', []);
    const { code, timeoutMs, memoryMb } = parsed.data;
    // A cancel (or the step's timeout) terminates the code's thread: it stops at once.
    const outcome = await runner().run({ code, input, timeoutMs, memoryMb }, signal);
    if (outcome.logs.length > 0) annotateStep?.({ logs: outcome.logs });
    if (!outcome.ok) throw new CodeStepFailure(outcome.message, outcome.kind, outcome.logs);
    return { output: outcome.output };
  };
}
