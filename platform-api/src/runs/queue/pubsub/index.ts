// The Pub/Sub run queue of a deployment, built from its settings: the client
// (to the emulator the settings name, PUBSUB_EMULATOR_HOST), the
// resources when this process may create them, and the Firestore claims.
import { PubSub } from '@google-cloud/pubsub';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import type { PubSubSettings } from '../settings.js';
import type { RunVersion } from '../../ports.js';
import type { StoredRun } from '../../runModel.js';
import { firestoreRunClaims } from './claim.js';
import { PubSubRunQueue } from './pubsubRunQueue.js';
import { ensurePubSubResources } from './resources.js';

export { PubSubRunQueue } from './pubsubRunQueue.js';
export { firestoreRunClaims, type ClaimOutcome, type RunClaims } from './claim.js';
export { deadLetterSubscriptionOf, ensurePubSubResources } from './resources.js';

export interface PubSubQueueOptions {
  settings: PubSubSettings;
  db: Firestore;
  instanceId: string;
  leaseMs: number;
  concurrency: number;
  consume: boolean;
  logger: Logger;
  /** Hands the executor a run as this worker claimed it (engine.ts prime). */
  prime?: (run: StoredRun, version: RunVersion) => void;
}

export function createPubSubRunQueue(execute: (runId: string) => Promise<void>, options: PubSubQueueOptions): PubSubRunQueue {
  // The emulator host the settings decoded (not the process's environment again): settings built from
  // another environment (a bench, a test's worker) reach the same emulator; apiEndpoint switches the
  // client to plain-text gRPC without credentials for a host outside googleapis.com.
  const emulator = options.settings.emulatorHost;
  const pubsub = new PubSub({ projectId: options.settings.projectId, ...(emulator ? { apiEndpoint: emulator, emulatorMode: true } : {}) });
  return new PubSubRunQueue(execute, {
    pubsub,
    topic: options.settings.topic,
    subscription: options.settings.subscription,
    ackDeadlineSeconds: options.settings.ackDeadlineSeconds,
    claims: firestoreRunClaims(options.db, { instanceId: options.instanceId, leaseMs: options.leaseMs, ...(options.prime ? { onClaimed: options.prime } : {}) }),
    concurrency: options.concurrency,
    consume: options.consume,
    logger: options.logger,
    prepare: options.settings.createResources ? () => ensurePubSubResources(pubsub, options.settings) : undefined,
  });
}
