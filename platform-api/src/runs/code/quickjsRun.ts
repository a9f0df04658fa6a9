// The code step's sandbox: the user's JavaScript runs in QuickJS compiled to
// WebAssembly (quickjs-emscripten), never in Node's own engine. Each
// execution gets a fresh runtime and context, disposed at the end, with
// - a memory limit (runtime.setMemoryLimit) and a stack limit,
// - a time limit: an interrupt handler stops the interpreter at the deadline,
// - no host functions but console.log/info/warn/error, captured as lines,
// - the step input as data: `input` (and `$`, as in the JSONata fields) is
//   the JSON copy of the step input, parsed inside the sandbox.
// QuickJS has no require, process, fetch, timers or module loader here, so
// the code reaches nothing outside its own heap.
//
// The code is the body of an async function, run with the *sync* build:
// `await` works (Promise.all over items, an async helper), and since nothing
// in the sandbox can wait for the outside (no timers, no network), every
// promise settles while the job queue is drained; one still pending then
// never will, and the step fails saying so. The asyncify build would only
// matter for host functions that await, and it is larger and slower.
// The interpreter blocks the thread it runs on for up to timeoutMs (at most
// 10 s): the service runs it on a worker thread (codeWorkers.ts). This file
// imports nothing but QuickJS, so the worker loads no more than it needs;
// the limits come from the caller (sandbox.ts passes CODE_LIMITS).
import { getQuickJS, shouldInterruptAfterDeadline, type QuickJSContext, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten';

/** The sandbox's fixed limits (CODE_LIMITS' fields). */
export interface SandboxLimits {
  maxStackBytes: number;
  maxLogLines: number;
  maxLogLineLength: number;
}

export interface CodeRequest {
  code: string;
  /** JSON-serialisable: the step input. */
  input: unknown;
  timeoutMs: number;
  memoryMb: number;
}

/** Why the code failed: its syntax (with where), the time or memory limit, or an error it threw. */
export type CodeFailureKind = 'syntax' | 'timeout' | 'memory' | 'error';

export type CodeOutcome =
  | { ok: true; output: unknown; logs: string[] }
  | { ok: false; kind: CodeFailureKind; message: string; logs: string[]; line?: number; column?: number };

// The user's code goes on the wrapper's first line, so its line numbers are the sandbox's.
const PREFIX = '(async function () {';
const SUFFIX = '\n})()';
const FILE_NAME = 'code.js';

let loading: Promise<QuickJSWASMModule> | null = null;
/** The WebAssembly module, loaded once per process (each execution still gets its own runtime). */
export function quickJs(): Promise<QuickJSWASMModule> {
  loading ??= getQuickJS().catch((error: unknown) => {
    // A failed load is tried again by the next step, not remembered.
    loading = null;
    throw error;
  });
  return loading;
}

/** Lines printed through console.*, capped in count and length. */
class LogCapture {
  readonly lines: string[] = [];
  private dropped = 0;

  constructor(private readonly limits: SandboxLimits) {}

  /** False once the cap is reached: later lines are only counted (their arguments are not even read). */
  get open(): boolean {
    return this.lines.length < this.limits.maxLogLines;
  }

  add(level: string, text: string): void {
    if (!this.open) {
      this.dropped++;
      return;
    }
    const line = level === 'log' || level === 'info' ? text : `[${level}] ${text}`;
    this.lines.push(line.length > this.limits.maxLogLineLength ? `${line.slice(0, this.limits.maxLogLineLength - 1)}…` : line);
  }

  result(): string[] {
    return this.dropped > 0 ? [...this.lines, `… ${this.dropped} more line${this.dropped === 1 ? '' : 's'} not kept (at most ${this.limits.maxLogLines})`] : [...this.lines];
  }
}

/** A console argument as text: strings as they are, anything else as JSON (as far as it goes). */
function argText(context: QuickJSContext, handle: QuickJSHandle): string {
  const value: unknown = context.dump(handle);
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function installConsole(context: QuickJSContext, logs: LogCapture): void {
  const consoleObject = context.newObject();
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    const fn = context.newFunction(level, (...args) => {
      logs.add(level, logs.open ? args.map((arg) => argText(context, arg)).join(' ') : '');
    });
    context.setProp(consoleObject, level, fn);
    fn.dispose();
  }
  context.setProp(context.global, 'console', consoleObject);
  consoleObject.dispose();
}

/** `input` and `$`: the JSON text of the input parsed by the sandbox's own JSON.parse (no host object crosses). */
function installInput(context: QuickJSContext, input: unknown): void {
  const json = context.newString(JSON.stringify(input ?? null));
  const jsonObject = context.getProp(context.global, 'JSON');
  const parse = context.getProp(jsonObject, 'parse');
  const value = context.unwrapResult(context.callFunction(parse, context.undefined, json));
  context.setProp(context.global, 'input', value);
  context.setProp(context.global, '$', value);
  for (const handle of [value, parse, jsonObject, json]) handle.dispose();
}

interface VmError {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  lineNumber?: unknown;
}

/** Line and column in the user's code, from an error's stack (`at code.js:3:7`) or its lineNumber. */
function position(error: VmError): { line?: number; column?: number } {
  const stack = typeof error.stack === 'string' ? error.stack : '';
  const match = new RegExp(`${FILE_NAME.replace('.', '\\.')}:(\\d+):(\\d+)`).exec(stack);
  const line = match ? Number(match[1]) : typeof error.lineNumber === 'number' ? error.lineNumber : undefined;
  if (line === undefined) return {};
  let column = match ? Number(match[2]) : undefined;
  // Line 1 starts after the wrapper's prefix.
  if (column !== undefined && line === 1) column = Math.max(1, column - PREFIX.length);
  return column !== undefined ? { line, column } : { line };
}

function failure(error: VmError, request: CodeRequest, logs: LogCapture, compiling: boolean): CodeOutcome {
  const name = typeof error.name === 'string' ? error.name : 'Error';
  const message = typeof error.message === 'string' ? error.message : String(error as unknown);
  const at = position(error);
  const base = { ok: false as const, logs: logs.result() };
  if (name === 'InternalError' && message === 'interrupted') {
    return { ...base, kind: 'timeout', message: `The code was stopped after ${request.timeoutMs} ms (its time limit)` };
  }
  if (name === 'InternalError' && message === 'out of memory') {
    return { ...base, kind: 'memory', message: `The code went over its memory limit of ${request.memoryMb} MB` };
  }
  const where = at.line !== undefined ? ` (line ${at.line}${at.column !== undefined ? `, column ${at.column}` : ''})` : '';
  if (compiling && name === 'SyntaxError') return { ...base, kind: 'syntax', message: `Syntax error on line ${at.line ?? 1}${at.column !== undefined ? `, column ${at.column}` : ''}: ${message}`, ...at };
  return { ...base, kind: 'error', message: `${name}: ${message}${where}`, ...at };
}

/** The value as JSON inside the sandbox, then parsed here: only data leaves it. */
function outputOf(context: QuickJSContext, value: QuickJSHandle): { ok: true; output: unknown } | { ok: false; error: VmError } {
  const jsonObject = context.getProp(context.global, 'JSON');
  const stringify = context.getProp(jsonObject, 'stringify');
  const result = context.callFunction(stringify, context.undefined, value);
  stringify.dispose();
  jsonObject.dispose();
  if (result.error) {
    const error = context.dump(result.error) as VmError;
    result.error.dispose();
    return { ok: false, error: { ...error, message: `the returned value is not JSON: ${String(error.message)}` } };
  }
  const text: unknown = context.dump(result.value);
  result.value.dispose();
  // undefined (nothing returned, or a function): no output.
  return { ok: true, output: typeof text === 'string' ? (JSON.parse(text) as unknown) : null };
}

/** Runs the code once in a fresh runtime; everything it made is disposed before this returns. */
export function runCodeWithin(module: Pick<QuickJSWASMModule, 'newRuntime'>, request: CodeRequest, limits: SandboxLimits): CodeOutcome {
  const logs = new LogCapture(limits);
  const runtime = module.newRuntime();
  try {
    runtime.setMemoryLimit(request.memoryMb * 1024 * 1024);
    runtime.setMaxStackSize(limits.maxStackBytes);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + request.timeoutMs));
    const context = runtime.newContext();
    try {
      installConsole(context, logs);
      try {
        installInput(context, request.input);
      } catch {
        // The input alone does not fit in the memory limit.
        return { ok: false, kind: 'memory', message: `The step input does not fit in the code's memory limit of ${request.memoryMb} MB`, logs: logs.result() };
      }
      const evaluated = context.evalCode(`${PREFIX}${request.code}${SUFFIX}`, FILE_NAME);
      if (evaluated.error) {
        const error = context.dump(evaluated.error) as VmError;
        evaluated.error.dispose();
        return failure(error, request, logs, true);
      }
      const promise = evaluated.value;
      try {
        const jobs = runtime.executePendingJobs();
        if (jobs.error) {
          const error = context.dump(jobs.error) as VmError;
          jobs.error.dispose();
          return failure(error, request, logs, false);
        }
        const state = context.getPromiseState(promise);
        if (state.type === 'pending') {
          return { ok: false, kind: 'error', message: 'The code never finished: it awaits a promise that nothing settles (the sandbox has no timers or network)', logs: logs.result() };
        }
        if (state.type === 'rejected') {
          const error = context.dump(state.error) as VmError;
          state.error.dispose();
          return failure(typeof error === 'object' && error !== null ? error : { name: 'Error', message: String(error) }, request, logs, false);
        }
        const output = outputOf(context, state.value);
        state.value.dispose();
        return output.ok ? { ok: true, output: output.output, logs: logs.result() } : failure(output.error, request, logs, false);
      } finally {
        promise.dispose();
      }
    } finally {
      context.dispose();
    }
  } catch (error) {
    // The host ran out of stack inside the interpreter (or the sandbox broke): the step fails, the server does not.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, kind: 'error', message: `The code could not run: ${message}`, logs: logs.result() };
  } finally {
    runtime.dispose();
  }
}
