// The run queue's settings, decoded once from the environment (the one home
// of RUN_QUEUE, PLATFORM_ROLE, RUNS_CONCURRENCY and the PUBSUB_* names).
//
// RUN_QUEUE: 'inprocess' (default: the embedded queue, queue.ts) or
// 'pubsub' (queue/pubsub/: a topic and a subscription per deployment).
// PLATFORM_ROLE: 'both' (default) serves the API and executes runs; 'api'
// accepts and enqueues runs but never executes one; 'worker' executes runs,
// runs the background duties (schedules, polling, recovery, waits,
// housekeeping) and serves only /healthz. 'api' and 'worker' need Pub/Sub:
// with the in-process queue nothing would carry a run from one to the other.
import { concurrencyFromEnv } from '../queue.js';

export const RUN_QUEUE_KINDS = ['inprocess', 'pubsub'] as const;
export type RunQueueKind = (typeof RUN_QUEUE_KINDS)[number];
export const PLATFORM_ROLES = ['api', 'worker', 'both'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

export interface PubSubSettings {
  projectId: string;
  /** Where runs are published (PUBSUB_TOPIC, default agentflow-runs). */
  topic: string;
  /** What workers pull from (PUBSUB_SUBSCRIPTION, default agentflow-runs-workers). */
  subscription: string;
  /** Where a message goes after maxDeliveries failed deliveries (PUBSUB_DEAD_LETTER_TOPIC, default agentflow-runs-dead-letter). */
  deadLetterTopic: string;
  /** Deliveries before dead-lettering (PUBSUB_MAX_DELIVERIES, 5 to 100 as Pub/Sub allows; default 5). */
  maxDeliveries: number;
  /** The subscription's ack deadline; the client extends it while a run executes (PUBSUB_ACK_DEADLINE_SECONDS, 10 to 600; default 60). */
  ackDeadlineSeconds: number;
  /** Create the topics and the subscription when missing (PUBSUB_CREATE_RESOURCES; default: only against the emulator). */
  createResources: boolean;
  /** The emulator's host:port (PUBSUB_EMULATOR_HOST), handed to the client as its endpoint; null on Google Cloud. */
  emulatorHost: string | null;
}

export interface RunQueueSettings {
  kind: RunQueueKind;
  role: PlatformRole;
  /** Runs one process executes at once (RUNS_CONCURRENCY, default 4): the in-process slots, or Pub/Sub's flow control. */
  concurrency: number;
  /** null unless kind is 'pubsub'. */
  pubsub: PubSubSettings | null;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new Error(`${name} must be one of ${allowed.join(', ')}, not "${raw}"`);
  return raw as T;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, min: number, max: number, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  return value;
}

/** A Pub/Sub resource id: 3 to 255 characters, starting with a letter, not starting with "goog". */
function resourceName(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name]?.trim() || fallback;
  if (!/^[A-Za-z][A-Za-z0-9._~+%-]{2,254}$/.test(value) || value.toLowerCase().startsWith('goog')) {
    throw new Error(`${name} must be a Pub/Sub name (3 to 255 letters, digits or - _ . ~ + %, starting with a letter, not "goog"), not "${value}"`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be true or false, not "${env[name]}"`);
}

export function pubSubSettingsFromEnv(env: NodeJS.ProcessEnv): PubSubSettings {
  const emulatorHost = env.PUBSUB_EMULATOR_HOST?.trim() || null;
  const projectId = env.PUBSUB_PROJECT_ID?.trim() || env.GCLOUD_PROJECT?.trim() || env.FIREBASE_PROJECT_ID?.trim();
  if (!projectId) throw new Error('PUBSUB_PROJECT_ID (or GCLOUD_PROJECT) must name the Google Cloud project of the run topic');
  return {
    projectId,
    topic: resourceName(env, 'PUBSUB_TOPIC', 'agentflow-runs'),
    subscription: resourceName(env, 'PUBSUB_SUBSCRIPTION', 'agentflow-runs-workers'),
    deadLetterTopic: resourceName(env, 'PUBSUB_DEAD_LETTER_TOPIC', 'agentflow-runs-dead-letter'),
    maxDeliveries: wholeNumber(env, 'PUBSUB_MAX_DELIVERIES', 5, 100, 5),
    ackDeadlineSeconds: wholeNumber(env, 'PUBSUB_ACK_DEADLINE_SECONDS', 10, 600, 60),
    createResources: flag(env, 'PUBSUB_CREATE_RESOURCES', emulatorHost !== null),
    emulatorHost,
  };
}

export function runQueueSettingsFromEnv(env: NodeJS.ProcessEnv): RunQueueSettings {
  const kind = oneOf(env, 'RUN_QUEUE', RUN_QUEUE_KINDS, 'inprocess');
  const role = oneOf(env, 'PLATFORM_ROLE', PLATFORM_ROLES, 'both');
  if (kind === 'inprocess' && role !== 'both') throw new Error(`PLATFORM_ROLE=${role} needs RUN_QUEUE=pubsub: with the in-process queue, the process that accepts a run executes it`);
  return { kind, role, concurrency: concurrencyFromEnv(env), pubsub: kind === 'pubsub' ? pubSubSettingsFromEnv(env) : null };
}

/** Whether this process executes runs and runs the background duties. */
export const executesRuns = (role: PlatformRole): boolean => role !== 'api';
/** Whether this process serves the API (a worker serves only /healthz). */
export const servesApi = (role: PlatformRole): boolean => role !== 'worker';
