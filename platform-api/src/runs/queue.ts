// The queue runs wait in before an executor picks them up.
//
// RunQueue is the seam: the API and the scheduler only enqueue run ids; the
// run's whole state is in Firestore (workflowRuns/{runId}), so any process
// can execute any run. InProcessRunQueue, the embedded default, executes in
// this process with bounded concurrency (RUNS_CONCURRENCY, default 4). The
// Pub/Sub implementation (queue/pubsub/, chosen by RUN_QUEUE in
// queue/settings.ts) publishes the id in enqueue() and, on workers, pulls at
// most `concurrency` messages, claims each run in Firestore and calls the
// same executor; the leases in recovery.ts keep two workers from failing
// each other's runs.
import type { Logger } from 'pino';
import type { LoadedRun } from './ports.js';

export interface RunQueue {
  /**
   * True when enqueue() executes the run in this process: the service then
   * hands the executor the run as it created it, saving the executor's read.
   */
  readonly executesLocally?: boolean;
  /**
   * Queues a run (or another job, queue/jobs.ts) by id. `created`: the run
   * as the service just created it, with its version; a queue may carry it
   * to the executing process so it claims the run without reading it
   * (queue/pubsub/carriedRun.ts).
   */
  enqueue(runId: string, created?: LoadedRun): Promise<void>;
  start(): void;
  /** Stops taking runs and waits for the ones executing. */
  stop(): Promise<void>;
}

export function concurrencyFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.RUNS_CONCURRENCY?.trim();
  if (!raw) return 4;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 1000) throw new Error(`RUNS_CONCURRENCY must be a whole number from 1 to 1000, not "${raw}"`);
  return value;
}

export class InProcessRunQueue implements RunQueue {
  readonly executesLocally = true;
  private readonly waiting: string[] = [];
  private readonly queued = new Set<string>();
  private readonly running = new Map<string, Promise<void>>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly execute: (runId: string) => Promise<void>,
    private readonly options: { concurrency: number; logger: Logger },
  ) {}

  async enqueue(runId: string): Promise<void> {
    if (this.stopped) throw new Error('The run queue is stopped');
    if (this.queued.has(runId) || this.running.has(runId)) return;
    this.queued.add(runId);
    this.waiting.push(runId);
    this.drain();
  }

  start(): void {
    this.started = true;
    this.drain();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.started = false;
    await Promise.allSettled([...this.running.values()]);
  }

  /** Runs waiting for a free slot (their leases are renewed by the runs service). */
  waitingIds(): string[] {
    return [...this.waiting];
  }

  /** Runs waiting plus executing (for the bench and health). */
  get size(): number {
    return this.waiting.length + this.running.size;
  }

  private drain(): void {
    while (this.started && this.running.size < this.options.concurrency && this.waiting.length > 0) {
      const runId = this.waiting.shift()!;
      this.queued.delete(runId);
      const work = this.execute(runId)
        .catch((error: unknown) => this.options.logger.error({ err: error, runId }, 'run failed to execute'))
        .finally(() => {
          this.running.delete(runId);
          this.drain();
        });
      this.running.set(runId, work);
    }
  }
}
