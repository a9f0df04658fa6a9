// The run queue on Google Cloud Pub/Sub: enqueue() publishes the run id to
// the deployment's topic; start() (workers only) pulls from its
// subscription with flow control (at most `concurrency` messages held, so a
// worker never holds runs it is not executing), claims each delivered run
// in Firestore (claim.ts), executes what it claimed and acks when the
// execution resolves. While a run executes, the client keeps extending the
// message's ack deadline (up to MAX_EXTENSION); a run that outlives it is
// redelivered, found 'running' and acked. What cannot be read or claimed (a
// body that is not a run id, Firestore unreachable) is nacked: after
// maxDeliveries the subscription's dead-letter policy moves it to the
// dead-letter topic (resources.ts).
import { Duration, type Message, type PubSub, type Subscription, type Topic } from '@google-cloud/pubsub';
import type { Logger } from 'pino';
import type { RunQueue } from '../../queue.js';
import type { ClaimOutcome, RunClaims } from './claim.js';

/** How long the client extends a held message's deadline: a run executing longer is redelivered and acked as 'taken'. */
const MAX_EXTENSION = Duration.from({ minutes: 60 });
/** A run id (runModel.ts newRunId: 20 base64url letters without - and _); anything else is a poison message. */
const RUN_ID = /^[A-Za-z0-9]{1,64}$/;

export interface PubSubRunQueueOptions {
  pubsub: PubSub;
  topic: string;
  subscription: string;
  claims: RunClaims;
  /** Runs executed at once: the subscription's flow control. */
  concurrency: number;
  /** False on an API-only instance: it publishes and never pulls. */
  consume: boolean;
  logger: Logger;
  /** Creates the topic and subscription when missing (the emulator); publishing and pulling wait for it. */
  prepare?: () => Promise<void>;
}

export class PubSubRunQueue implements RunQueue {
  private readonly topic: Topic;
  private subscription: Subscription | null = null;
  private started = false;
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;
  private readonly ready: Promise<void>;
  /** Deliveries this process handled, by what became of them (tests, health). */
  readonly deliveries: Record<ClaimOutcome | 'unreadable' | 'unclaimable', number> = { claimed: 0, taken: 0, ended: 0, gone: 0, unreadable: 0, unclaimable: 0 };

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

  async enqueue(runId: string): Promise<void> {
    if (this.stopping) throw new Error('The run queue is stopped');
    await this.ready;
    await this.topic.publishMessage({ data: Buffer.from(runId) });
  }

  start(): void {
    if (!this.options.consume || this.started || this.stopping) return;
    this.started = true;
    this.ready.then(
      () => this.subscribe(),
      (error: unknown) => this.options.logger.error({ err: error }, 'could not create the Pub/Sub run topic and subscription'),
    );
  }

  private subscribe(): void {
    if (this.stopping) return;
    const subscription = this.options.pubsub.subscription(this.options.subscription, {
      flowControl: { maxMessages: this.options.concurrency, allowExcessMessages: false },
      maxExtensionTime: MAX_EXTENSION,
    });
    subscription.on('message', (message: Message) => void this.handle(message));
    subscription.on('error', (error: unknown) => this.options.logger.error({ err: error }, 'run subscription failed; the client reconnects'));
    this.subscription = subscription;
  }

  /** Stops taking runs, waits for the ones executing here (their acks go out), then closes the stream. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.running.values()]);
    await this.subscription?.close();
    this.subscription = null;
    await this.topic.flush().catch(() => undefined);
  }

  /** Runs executing in this process. */
  get size(): number {
    return this.running.size;
  }

  private async handle(message: Message): Promise<void> {
    // Stopping: another worker takes it at once.
    if (this.stopping) return message.nack();
    const runId = message.data.toString('utf8');
    if (!RUN_ID.test(runId)) {
      this.deliveries.unreadable++;
      this.options.logger.warn({ messageId: message.id, deliveryAttempt: message.deliveryAttempt }, 'a run message that names no run: nacked (dead-lettered after the last delivery)');
      return message.nack();
    }
    let outcome;
    try {
      outcome = await this.options.claims.claim(runId);
    } catch (error) {
      this.deliveries.unclaimable++;
      this.options.logger.warn({ err: error, runId, deliveryAttempt: message.deliveryAttempt }, 'could not claim a run; its message comes back');
      return message.nack();
    }
    this.deliveries[outcome]++;
    // Ended, gone, or another worker's: this delivery is a duplicate.
    if (outcome !== 'claimed') return message.ack();
    const work = this.execute(runId)
      .then(() => this.options.claims.release(runId))
      .catch((error: unknown) => this.options.logger.error({ err: error, runId }, 'run failed to execute'))
      .finally(() => {
        this.running.delete(runId);
        // The claim is what makes this delivery count: even an execution that failed is never executed again from it.
        message.ack();
      });
    this.running.set(runId, work);
  }
}
