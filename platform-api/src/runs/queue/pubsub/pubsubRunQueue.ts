// The run queue on Google Cloud Pub/Sub: enqueue() publishes the run id (or
// the run itself when it was just created, carriedRun.ts) to the
// deployment's topic; start() (workers only) pulls from its
// subscription, never more messages than it has free slots (synchronous
// pull with maxMessages: a streaming pull may hand one worker a whole
// backlog it then sits on, which the emulator does), claims each delivered
// run in Firestore (claim.ts), executes what it claimed and acks when the
// execution resolves. While a run executes, this queue extends the ack
// deadline of its message every half deadline (up to MAX_EXTENSION_MS); a
// run that outlives it is redelivered, found 'running' and acked. What
// cannot be read or claimed (a body that is not a run id, Firestore
// unreachable) is nacked: after maxDeliveries the subscription's
// dead-letter policy moves it to the dead-letter topic (resources.ts).
import { v1, type PubSub, type Topic } from '@google-cloud/pubsub';
import type { Logger } from 'pino';
import type { RunQueue } from '../../queue.js';
import type { ClaimOutcome, RunClaims } from './claim.js';
import { jobKindOf } from '../jobs.js';
import type { LoadedRun } from '../../ports.js';
import { readRunMessage, runMessage, type CarriedRun } from './carriedRun.js';

/** How long a held message's deadline is extended: a run executing longer is redelivered and acked as 'taken'. */
const MAX_EXTENSION_MS = 60 * 60_000;
/** How long an empty pull waits before the next (the emulator answers an empty pull at once; Pub/Sub itself waits). */
const IDLE_PULL_MS = 100;
/** How long one pull waits for messages (Pub/Sub holds an empty pull open; DEADLINE_EXCEEDED then is an empty answer). */
const PULL_WAIT_MS = 10_000;
/** How long an ack waits for others to share its request (what the Pub/Sub client's own subscriber batches for is 100 ms). */
const ACK_BATCH_MS = 10;
/** Acks per request at most. */
const ACK_BATCH_MAX = 500;
/** gRPC DEADLINE_EXCEEDED. */
const DEADLINE_EXCEEDED = 4;
/** A run id (runModel.ts newRunId: base64url letters without - and _); anything else is a poison message. */
const RUN_ID = /^[A-Za-z0-9]{1,64}$/;

export interface PubSubRunQueueOptions {
  pubsub: PubSub;
  topic: string;
  subscription: string;
  /** The subscription's ack deadline: held messages are extended every half of it. */
  ackDeadlineSeconds: number;
  claims: RunClaims;
  /** Runs executed at once: at most this many messages are held. */
  concurrency: number;
  /** False on an API-only instance: it publishes and never pulls. */
  consume: boolean;
  logger: Logger;
  /** Creates the topic and subscription when missing (the emulator); publishing and pulling wait for it. */
  prepare?: () => Promise<void>;
}

interface Held {
  ackId: string;
  since: number;
}

export class PubSubRunQueue implements RunQueue {
  private readonly topic: Topic;
  private subscriber: v1.SubscriberClient | null = null;
  private readonly held = new Map<string, Held>();
  private readonly running = new Map<string, Promise<void>>();
  private started = false;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private extender: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  /** Acks not yet sent (sent together within ACK_BATCH_MS: one request per batch, not per run). */
  private acks: string[] = [];
  private ackTimer: NodeJS.Timeout | null = null;
  private ackFlush: Promise<void> = Promise.resolve();
  private readonly ready: Promise<void>;
  /** Deliveries this process handled, by what became of them (tests, health). */
  readonly deliveries: Record<ClaimOutcome | 'unreadable' | 'unclaimable' | 'job', number> = { claimed: 0, taken: 0, ended: 0, gone: 0, unreadable: 0, unclaimable: 0, job: 0 };
  /** Deliveries that carried their new run (carriedRun.ts), whatever became of them. */
  carriedRuns = 0;

  constructor(
    private readonly execute: (runId: string) => Promise<void>,
    private readonly options: PubSubRunQueueOptions,
  ) {
    // A run waits at most ~5 ms for others to share its publish request.
    this.topic = options.pubsub.topic(options.topic, { batching: { maxMessages: 100, maxMilliseconds: 5 } });
    this.ready = options.prepare?.() ?? Promise.resolve();
    // Failing here is reported by the first enqueue or by start().
    this.ready.catch(() => undefined);
  }

  async enqueue(runId: string, created?: LoadedRun): Promise<void> {
    if (this.stopping) throw new Error('The run queue is stopped');
    await this.ready;
    await this.topic.publishMessage(runMessage(runId, created));
  }

  start(): void {
    if (!this.options.consume || this.started || this.stopping) return;
    this.started = true;
    this.loop = this.ready.then(
      () => this.pullLoop(),
      (error: unknown) => this.options.logger.error({ err: error }, 'could not create the Pub/Sub run topic and subscription'),
    );
    this.extender = setInterval(() => void this.extend(), (this.options.ackDeadlineSeconds * 1000) / 2);
    this.extender.unref();
  }

  /** Stops pulling, waits for the runs executing here (their acks go out), then closes the clients. A message pulled meanwhile comes back after its deadline. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await Promise.allSettled([...this.running.values()]);
    if (this.extender) clearInterval(this.extender);
    // A pull under way ends within PULL_WAIT_MS; what it brings is nacked (the loop sees it is stopping).
    await Promise.race([this.loop, new Promise((resolve) => setTimeout(resolve, PULL_WAIT_MS).unref())]);
    await this.flushAcks();
    await this.subscriber?.close().catch(() => undefined);
    this.subscriber = null;
    await this.topic.flush().catch(() => undefined);
  }

  /** Runs executing in this process. */
  get size(): number {
    return this.running.size;
  }

  private subscriptionPath(): string {
    return this.options.pubsub.subscription(this.options.subscription).name;
  }

  private async pullLoop(): Promise<void> {
    // The generated client on the same settings as the PubSub client (the emulator's address when the settings name one).
    const { port, ...settings } = this.options.pubsub.options;
    const subscriber = new v1.SubscriberClient({ ...settings, ...(port !== undefined ? { port: Number(port) } : {}) });
    this.subscriber = subscriber;
    const subscription = this.subscriptionPath();
    while (!this.stopping) {
      const free = this.options.concurrency - this.held.size;
      if (free <= 0) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        continue;
      }
      try {
        const [response] = await subscriber.pull({ subscription, maxMessages: free }, { timeout: PULL_WAIT_MS });
        const received = response.receivedMessages ?? [];
        for (const message of received) {
          if (!message.ackId) continue;
          if (this.stopping) {
            void this.settle(message.ackId, 0);
            continue;
          }
          this.held.set(message.ackId, { ackId: message.ackId, since: Date.now() });
          const { id, carried } = readRunMessage(Buffer.from(message.message?.data ?? ''), message.message?.attributes);
          if (carried) this.carriedRuns++;
          void this.handle(message.ackId, id, carried, message.deliveryAttempt ?? null);
        }
        if (received.length === 0) await new Promise((resolve) => setTimeout(resolve, IDLE_PULL_MS));
      } catch (error) {
        if (this.stopping) break;
        if ((error as { code?: unknown }).code === DEADLINE_EXCEEDED) continue;
        this.options.logger.warn({ err: error }, 'run pull failed; retrying in a second');
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  /** Acks (deadline null) or sets the message's deadline (0: nack, redelivered per the retry policy); frees its slot. */
  private async settle(ackId: string, deadlineSeconds: number | null): Promise<void> {
    this.held.delete(ackId);
    const wake = this.wake;
    this.wake = null;
    wake?.();
    if (deadlineSeconds === null) {
      this.acks.push(ackId);
      if (this.acks.length >= ACK_BATCH_MAX) return this.flushAcks();
      this.ackTimer ??= setTimeout(() => void this.flushAcks(), ACK_BATCH_MS);
      return;
    }
    try {
      await this.subscriber?.modifyAckDeadline({ subscription: this.subscriptionPath(), ackIds: [ackId], ackDeadlineSeconds: deadlineSeconds });
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not nack a run message; it comes back after its deadline');
    }
  }

  /** Sends the acks collected so far in one request (after the previous one). */
  private flushAcks(): Promise<void> {
    if (this.ackTimer) clearTimeout(this.ackTimer);
    this.ackTimer = null;
    const ackIds = this.acks;
    this.acks = [];
    if (ackIds.length === 0) return this.ackFlush;
    this.ackFlush = this.ackFlush.then(async () => {
      try {
        await this.subscriber?.acknowledge({ subscription: this.subscriptionPath(), ackIds });
      } catch (error) {
        // A lost ack is a redelivery, which the claim makes harmless.
        this.options.logger.warn({ err: error, count: ackIds.length }, 'could not ack run messages; they may come back');
      }
    });
    return this.ackFlush;
  }

  /** Keeps the messages of the runs executing here from being redelivered. */
  private async extend(): Promise<void> {
    const now = Date.now();
    const ackIds = [...this.held.values()].filter((held) => now - held.since < MAX_EXTENSION_MS).map((held) => held.ackId);
    if (ackIds.length === 0 || !this.subscriber) return;
    await this.subscriber
      .modifyAckDeadline({ subscription: this.subscriptionPath(), ackIds, ackDeadlineSeconds: this.options.ackDeadlineSeconds })
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'could not extend the ack deadline of executing runs'));
  }

  private async handle(ackId: string, runId: string, carried: CarriedRun | null, deliveryAttempt: number | null): Promise<void> {
    // Another job (queue/jobs.ts) claims its own work when it executes.
    if (jobKindOf(runId) !== null) return this.executeJob(ackId, runId);
    if (!RUN_ID.test(runId)) {
      this.deliveries.unreadable++;
      this.options.logger.warn({ deliveryAttempt }, 'a run message that names no run: nacked (dead-lettered after the last delivery)');
      return this.settle(ackId, 0);
    }
    let outcome: ClaimOutcome;
    try {
      outcome = await this.options.claims.claim(runId, carried);
    } catch (error) {
      this.deliveries.unclaimable++;
      this.options.logger.warn({ err: error, runId, deliveryAttempt }, 'could not claim a run; its message comes back');
      return this.settle(ackId, 0);
    }
    this.deliveries[outcome]++;
    // Ended, gone, or another worker's: this delivery is a duplicate.
    if (outcome !== 'claimed') return this.settle(ackId, null);
    const work = this.execute(runId)
      .catch((error: unknown) => this.options.logger.error({ err: error, runId }, 'run failed to execute'))
      .finally(() => {
        this.running.delete(runId);
        // The claim is what makes this delivery count: even an execution that failed is never executed again from it.
        void this.settle(ackId, null);
      });
    this.running.set(runId, work);
  }

  private executeJob(ackId: string, jobId: string): void {
    this.deliveries.job++;
    const work = this.execute(jobId)
      .catch((error: unknown) => this.options.logger.error({ err: error, jobId }, 'queue job failed to execute'))
      .finally(() => {
        this.running.delete(jobId);
        void this.settle(ackId, null);
      });
    this.running.set(jobId, work);
  }
}
