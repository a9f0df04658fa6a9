// The resume sweep of wait steps: every platform-api instance checks, every
// few seconds (one check at a time: singleFlight), for waiting runs whose
// earliest wait has ended (`resumeAt` on the run, derived from its steps as
// it is stored, queried with the index (status, resumeAt)). For each, one
// transaction marks the due wait steps succeeded and the run 'queued' with
// this instance's lease, as an approval does (router.ts); of several
// instances seeing the same run, one transaction wins and the others find it
// no longer waiting. The winner queues the run, which continues from the
// stored step states. The run state lives in Firestore only, so a wait
// survives restarts: whichever instance is up when it is due resumes it.
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { decodeRun, encodeRun, runRef, runsCollection } from '../store.js';
import { singleFlight } from '../workflowScan.js';
import type { RunsService } from '../service.js';

/** Runs resumed per check (the next check takes the rest). */
const BATCH = 100;

export interface WaitResumerOptions {
  db: Firestore;
  logger: Logger;
  service: Pick<RunsService, 'queue' | 'instanceId' | 'executor'>;
  now?: () => Date;
  /** How often due waits are looked for (default 5 s). */
  checkMs?: number;
}

export class WaitResumer {
  private timer: NodeJS.Timeout | null = null;
  private readonly checkOnce = singleFlight(() => this.resumeDue());

  constructor(private readonly options: WaitResumerOptions) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Resumes the runs whose waits are due; returns the ids this instance resumed. */
  check(): Promise<string[]> {
    return this.checkOnce();
  }

  private async resumeDue(): Promise<string[]> {
    const { db } = this.options;
    const nowIso = this.now().toISOString();
    const due = await runsCollection(db).where('status', '==', 'waiting').where('resumeAt', '<=', nowIso).orderBy('resumeAt').limit(BATCH).get();
    const resumed: string[] = [];
    for (const doc of due.docs) {
      try {
        if (await this.resumeOne(doc.id, nowIso)) {
          resumed.push(doc.id);
          await this.options.service.queue.enqueue(doc.id);
        }
      } catch (error) {
        this.options.logger.error({ err: error, runId: doc.id }, 'could not resume a waiting run');
      }
    }
    return resumed;
  }

  /** Ends the run's due waits and queues it, in one transaction; false when another instance (or a cancel) got there first. */
  private resumeOne(runId: string, nowIso: string): Promise<boolean> {
    const { db, service } = this.options;
    return db.runTransaction(async (tx) => {
      const run = decodeRun(await tx.get(runRef(db, runId)));
      if (!run || run.status !== 'waiting') return false;
      let ended = false;
      for (const step of run.steps) {
        if (step.type !== 'wait' || step.status !== 'waiting' || typeof step.resumeAt !== 'string' || step.resumeAt > nowIso) continue;
        const output = { resumeAt: step.resumeAt, resumedAt: nowIso };
        Object.assign(step, { status: 'succeeded', output, outputBytes: Buffer.byteLength(JSON.stringify(output)), error: null, endedAt: nowIso });
        ended = true;
      }
      if (!ended) return false;
      // Continues on this instance: queued, with our lease (recovery leaves it alone while the lease lasts).
      Object.assign(run, { status: 'queued', updatedAt: nowIso, lease: { instanceId: service.instanceId, expiresAt: this.now().getTime() + service.executor.limits.leaseMs } });
      tx.set(runRef(db, runId), encodeRun(run));
      return true;
    });
  }

  start(): void {
    void this.check().catch((error: unknown) => this.options.logger.error({ err: error }, 'wait resume check failed'));
    this.timer = setInterval(() => void this.check().catch((error: unknown) => this.options.logger.error({ err: error }, 'wait resume check failed')), this.options.checkMs ?? 5_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
