// Jobs other than runs on the run queue (a knowledge source to ingest): the
// queue carries ids, so a job's id says its kind, `<kind>:<key>` (a run id has
// no colon), and the executor registered for that kind runs it. A job claims
// its own work in Firestore (the queue's run claim knows only runs), so a
// duplicate delivery of a job id is harmless.
export const QUEUE_JOB_ID = /^([a-z]{1,20}):([A-Za-z0-9:]{1,150})$/;

export type JobExecutor = (jobId: string) => Promise<void>;

/** The kind of a job id, or null for a run id. */
export function jobKindOf(id: string): string | null {
  return QUEUE_JOB_ID.exec(id)?.[1] ?? null;
}

/** A kind's background duties (its recovery), started and stopped with the runs module's. */
export interface JobDuties {
  start: () => void;
  stop: () => void;
}

export class QueueJobs {
  private readonly executors = new Map<string, JobExecutor>();
  private readonly duties = new Map<string, JobDuties>();
  private started = false;

  /** The executor of a kind of job (one per kind; the last registered wins, so an app built again over the same runs module replaces it). */
  register(kind: string, execute: JobExecutor, duties?: JobDuties): void {
    this.executors.set(kind, execute);
    this.duties.get(kind)?.stop();
    if (duties) {
      this.duties.set(kind, duties);
      if (this.started) duties.start();
    } else this.duties.delete(kind);
  }

  /** Starts the kinds' duties (on an instance that executes jobs), now and for kinds registered later. */
  start(): void {
    this.started = true;
    for (const duties of this.duties.values()) duties.start();
  }

  stop(): void {
    this.started = false;
    for (const duties of this.duties.values()) duties.stop();
  }

  /** Runs a job by its kind's executor; a run id goes to `runs`. A job whose kind has no executor here is an error the queue logs. */
  execute(id: string, runs: (runId: string) => Promise<void>): Promise<void> {
    const kind = jobKindOf(id);
    if (kind === null) return runs(id);
    const execute = this.executors.get(kind);
    if (!execute) return Promise.reject(new Error(`No executor for queue jobs of kind '${kind}'`));
    return execute(id);
  }
}
