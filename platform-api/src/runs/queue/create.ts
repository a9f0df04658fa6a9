// The run queue the settings ask for: the in-process queue (embedded
// default) or Pub/Sub. An API-only instance's Pub/Sub queue publishes and
// never pulls.
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { InProcessRunQueue, type RunQueue } from '../queue.js';
import { createPubSubRunQueue } from './pubsub/index.js';
import { executesRuns, type RunQueueSettings } from './settings.js';
import type { RunVersion } from '../ports.js';
import type { StoredRun } from '../runModel.js';

export interface RunQueueDependencies {
  db: Firestore;
  instanceId: string;
  /** How long a claim lasts before the executor's heartbeat renews it (the run lease, recovery.ts). */
  leaseMs: number;
  logger: Logger;
  /** Hands the executor a run as a Pub/Sub worker claimed it, saving its read (engine.ts prime). */
  prime?: (run: StoredRun, version: RunVersion) => void;
}

export function createRunQueue(settings: RunQueueSettings, execute: (runId: string) => Promise<void>, deps: RunQueueDependencies): RunQueue {
  if (settings.kind === 'inprocess' || !settings.pubsub) return new InProcessRunQueue(execute, { concurrency: settings.concurrency, logger: deps.logger });
  return createPubSubRunQueue(execute, { ...deps, settings: settings.pubsub, concurrency: settings.concurrency, consume: executesRuns(settings.role) });
}
