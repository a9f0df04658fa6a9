// Code steps run on worker threads, so that QuickJS interpreting for up to
// 10 s never blocks the API's event loop. A small warm pool (2 threads by
// default, started on first use) serves the process: each thread loads
// QuickJS once and runs one task at a time; tasks beyond the pool wait in
// line. The interpreter's own limits stop the code (codeWorker.ts); the pool
// adds a backstop: a thread that has not answered within the task's time
// limit plus a margin is terminated, the task fails with the time limit's
// outcome, and a fresh thread takes its place. A canceled step terminates
// its thread the same way (the code stops at once, not at its time limit),
// and a thread that dies fails its task and is replaced.
import path from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CodeOutcome, CodeRequest } from './quickjsRun.js';
import type { CodeTask, CodeWorkerMessage } from './codeWorker.js';
import { SANDBOX_LIMITS } from './sandbox.js';
import { messageOf } from '@agentflow/shared/domain';

/** Where the worker's code is: the compiled file, or (sources run by Jest) the TypeScript file behind a loader. */
export type CodeWorkerEntry = { file: URL | string } | { typeScript: string };

export interface CodeWorkerPoolOptions {
  /** Default: the compiled codeWorker.js beside this module, or codeWorker.ts when the sources run untranspiled. */
  entry?: CodeWorkerEntry;
  /** Threads (default 2). */
  size?: number;
  /** How much longer than its time limit a task may take before its thread is terminated (default 2 s). */
  marginMs?: number;
  /** Heap of a thread's own JavaScript (QuickJS's memory is its WebAssembly buffer, limited per task). */
  maxHeapMb?: number;
}

/** What the code step needs: one code execution, off this thread. */
export interface CodeRunner {
  /** The outcome; rejects with `signal.reason` when the signal aborts first. */
  run(request: CodeRequest, signal?: AbortSignal): Promise<CodeOutcome>;
}

interface Job {
  id: number;
  request: CodeRequest;
  resolve: (outcome: CodeOutcome) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  timer: NodeJS.Timeout | null;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
}

// Jest runs the sources as CommonJS: the worker then loads codeWorker.ts
// through TypeScript's transpiler ('./x.js' imports resolved to './x.ts', as
// Jest does), since Node 20 cannot run TypeScript itself.
const TYPESCRIPT_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Module = require('node:module');
const ts = require(workerData.typescript);
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (/^\\.\\.?\\//.test(request) && request.endsWith('.js') && parent && String(parent.filename).endsWith('.ts')) {
    try { return resolve.call(this, request.slice(0, -3) + '.ts', parent, ...rest); } catch {}
  }
  return resolve.call(this, request, parent, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const options = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true };
  module._compile(ts.transpileModule(fs.readFileSync(filename, 'utf8'), { fileName: filename, compilerOptions: options }).outputText, filename);
};
require(workerData.entry);
`;

async function defaultEntry(): Promise<CodeWorkerEntry> {
  // __filename exists only in CommonJS, i.e. under Jest; the build is ESM.
  if (typeof __filename === 'string' && __filename.endsWith('.ts')) return { typeScript: path.join(path.dirname(__filename), 'codeWorker.ts') };
  const { CODE_WORKER_FILE } = await import('./codeWorkerFile.js');
  return { file: CODE_WORKER_FILE };
}

const timeLimitOutcome = (request: CodeRequest): CodeOutcome => ({ ok: false, kind: 'timeout', message: `The code was stopped after ${request.timeoutMs} ms (its time limit)`, logs: [] });
const brokenOutcome = (why: string): CodeOutcome => ({ ok: false, kind: 'error', message: `The code could not run: ${why}`, logs: [] });

export class CodeWorkerPool implements CodeRunner {
  private readonly size: number;
  private readonly marginMs: number;
  private readonly maxHeapMb: number;
  private entry: Promise<CodeWorkerEntry> | null;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  /** Threads being created (their slot is added once the entry is known). */
  private spawning = 0;
  private closed = false;
  /** Threads terminated or lost (late, canceled, died) and replaced: for tests and logs. */
  replaced = 0;

  constructor(options: CodeWorkerPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? 2);
    this.marginMs = options.marginMs ?? 2_000;
    this.maxHeapMb = options.maxHeapMb ?? 256;
    this.entry = options.entry ? Promise.resolve(options.entry) : null;
  }

  /** Threads alive now (started or starting). */
  get threads(): number {
    return this.slots.size;
  }

  run(request: CodeRequest, signal?: AbortSignal): Promise<CodeOutcome> {
    if (this.closed) return Promise.resolve(brokenOutcome('the code pool is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<CodeOutcome>((resolve, reject) => {
      const job: Job = { id: this.nextId++, request, resolve, reject, signal, onAbort: () => this.abort(job), timer: null };
      signal?.addEventListener('abort', job.onAbort, { once: true });
      this.queue.push(job);
      void this.dispatch();
    });
  }

  /** Terminates every thread; waiting tasks fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, brokenOutcome('the code pool is closed'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot)));
  }

  private async dispatch(): Promise<void> {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.ready && slot.job === null) this.assign(slot, this.queue.shift()!);
    }
    // Busy or starting threads will take the rest; start more up to the pool's size.
    const starting = [...this.slots].filter((slot) => !slot.ready).length + this.spawning;
    const wanted = Math.min(this.queue.length - starting, this.size - this.slots.size - this.spawning);
    await Promise.all(Array.from({ length: Math.max(0, wanted) }, () => this.spawn()));
  }

  private assign(slot: Slot, job: Job): void {
    slot.job = job;
    const task: CodeTask = { id: job.id, request: job.request, limits: SANDBOX_LIMITS };
    try {
      slot.worker.postMessage(task);
    } catch (error) {
      // Not structured-cloneable input (the step input is JSON, so hardly ever).
      slot.job = null;
      this.settle(job, brokenOutcome(`the step input cannot be handed to the sandbox: ${messageOf(error)}`));
      return;
    }
    // Keeps the process alive while a task runs (an idle thread does not).
    slot.worker.ref();
    job.timer = setTimeout(() => {
      this.replace(slot);
      this.settle(job, timeLimitOutcome(job.request));
    }, job.request.timeoutMs + this.marginMs);
  }

  private async spawn(): Promise<void> {
    if (this.closed) return;
    this.entry ??= defaultEntry();
    let entry: CodeWorkerEntry;
    this.spawning++;
    try {
      entry = await this.entry;
    } catch (error) {
      this.entry = null;
      this.failWaiting(`its worker could not be found (${messageOf(error)})`);
      return;
    } finally {
      this.spawning--;
    }
    if (this.closed) return;
    const resourceLimits = { maxOldGenerationSizeMb: this.maxHeapMb };
    const worker =
      'file' in entry
        ? new Worker(entry.file, { resourceLimits })
        : new Worker(TYPESCRIPT_BOOTSTRAP, { eval: true, resourceLimits, workerData: { entry: entry.typeScript, typescript: createRequire(entry.typeScript).resolve('typescript') } });
    worker.unref();
    const slot: Slot = { worker, ready: false, job: null };
    this.slots.add(slot);
    worker.on('message', (message: CodeWorkerMessage) => this.heard(slot, message));
    worker.on('error', (error) => this.lost(slot, error.message));
    worker.on('exit', (code) => this.lost(slot, `its thread exited (${code})`));
  }

  private heard(slot: Slot, message: CodeWorkerMessage): void {
    if (message.type === 'ready') {
      slot.ready = true;
      void this.dispatch();
    } else if (message.type === 'broken') {
      this.lost(slot, `QuickJS did not load (${message.message})`);
    } else if (slot.job?.id === message.id) {
      const job = slot.job;
      slot.job = null;
      slot.worker.unref();
      this.settle(job, message.outcome);
      void this.dispatch();
    }
  }

  /** A thread died or broke: its task fails; one that never became ready fails the tasks waiting for it. */
  private lost(slot: Slot, why: string): void {
    if (!this.slots.delete(slot)) return;
    void slot.worker.terminate();
    this.replaced++;
    if (slot.job) this.settle(slot.job, brokenOutcome(why));
    else if (!slot.ready) this.failWaiting(why);
    void this.dispatch();
  }

  private failWaiting(why: string): void {
    const job = this.queue.shift();
    if (job) this.settle(job, brokenOutcome(`the sandbox did not start: ${why}`));
  }

  /** Terminates the thread and starts another in its place (a late or canceled task). */
  private replace(slot: Slot): void {
    if (!this.slots.delete(slot)) return;
    slot.job = null;
    this.replaced++;
    void slot.worker.terminate();
    if (!this.closed) void this.spawn().then(() => this.dispatch());
  }

  private async retire(slot: Slot): Promise<void> {
    this.slots.delete(slot);
    await slot.worker.terminate();
  }

  private abort(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    for (const slot of this.slots) if (slot.job === job) this.replace(slot);
    this.finish(job);
    job.reject(job.signal?.reason);
  }

  private settle(job: Job, outcome: CodeOutcome): void {
    this.finish(job);
    job.resolve(outcome);
  }

  private finish(job: Job): void {
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
    job.signal?.removeEventListener('abort', job.onAbort);
  }
}

let shared: CodeWorkerPool | null = null;
/** The process's pool (the code step's default). */
export function defaultCodePool(): CodeWorkerPool {
  shared ??= new CodeWorkerPool();
  return shared;
}
