// The code step's sandbox with the product's limits: QuickJS (quickjsRun.ts)
// with CODE_LIMITS' stack and console caps. The step itself runs it on a
// worker thread (codeWorkers.ts); this in-thread form serves the sandbox's
// own tests, which check the interpreter, not the thread it runs on.
import { CODE_LIMITS } from '@agentflow/shared/workflow';
import type { QuickJSWASMModule } from 'quickjs-emscripten';
import { runCodeWithin, type CodeOutcome, type CodeRequest, type SandboxLimits } from './quickjsRun.js';

export { quickJs, type CodeFailureKind, type CodeOutcome, type CodeRequest } from './quickjsRun.js';

/** The sandbox limits that are not per step (the worker gets them with each request). */
export const SANDBOX_LIMITS: SandboxLimits = { maxStackBytes: CODE_LIMITS.maxStackBytes, maxLogLines: CODE_LIMITS.maxLogLines, maxLogLineLength: CODE_LIMITS.maxLogLineLength };

/** Runs the code once in a fresh runtime on this thread; everything it made is disposed before this returns. */
export function runCode(module: Pick<QuickJSWASMModule, 'newRuntime'>, request: CodeRequest): CodeOutcome {
  return runCodeWithin(module, request, SANDBOX_LIMITS);
}
