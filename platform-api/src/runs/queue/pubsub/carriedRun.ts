// A new run carried in its Pub/Sub message: the API publishes the run as it
// just created it with the create's update time, so the worker that gets
// the message claims it with one write conditional on that time (claim.ts)
// instead of a read and a write, and starts it without reading it. The
// condition makes this exact: the claim only lands if nobody wrote the run
// since it was created, so the carried run is the stored run. A run written
// since (a cancel) fails the condition and is read, as is a run larger than
// CARRIED_RUN_MAX_BYTES or one queued again (a decision, recovery), which
// travels as its id alone.
import { Timestamp } from 'firebase-admin/firestore';
import type { LoadedRun } from '../../ports.js';
import type { StoredRun } from '../../runModel.js';

/** Larger runs (a big workflow snapshot or input) travel as their id: a message per run stays small. */
export const CARRIED_RUN_MAX_BYTES = 32 * 1024;

/** The message attributes of a carried run (its body is the run as JSON). */
const RUN_ID_ATTRIBUTE = 'runId';
const VERSION_ATTRIBUTE = 'runVersion';
const VERSION = /^(\d{1,12})\.(\d{1,9})$/;

export interface CarriedRun {
  run: StoredRun;
  /** The update time of the run's create. */
  version: Timestamp;
}

export interface RunMessage {
  data: Buffer;
  attributes?: Record<string, string>;
}

/** The message that queues `runId`: the run itself when it was just created here and is small enough, else its id. */
export function runMessage(runId: string, created?: LoadedRun): RunMessage {
  const idOnly = { data: Buffer.from(runId) };
  if (!created || created.run.id !== runId || !(created.version instanceof Timestamp)) return idOnly;
  const body = Buffer.from(JSON.stringify(created.run));
  if (body.byteLength > CARRIED_RUN_MAX_BYTES) return idOnly;
  return { data: body, attributes: { [RUN_ID_ATTRIBUTE]: runId, [VERSION_ATTRIBUTE]: `${created.version.seconds}.${created.version.nanoseconds}` } };
}

/**
 * What a delivered message queues: the id (a run's or a job's), and the run
 * when it carries one. A carried run that cannot be read back is dropped
 * (the run is read instead); the id alone decides whether the message is
 * poison.
 */
export function readRunMessage(data: Buffer, attributes: Record<string, string> | null | undefined): { id: string; carried: CarriedRun | null } {
  const runId = attributes?.[RUN_ID_ATTRIBUTE];
  if (runId === undefined) return { id: data.toString('utf8'), carried: null };
  const version = VERSION.exec(attributes?.[VERSION_ATTRIBUTE] ?? '');
  let run: unknown = null;
  try {
    run = JSON.parse(data.toString('utf8'));
  } catch {
    run = null;
  }
  const readable = version !== null && typeof run === 'object' && run !== null && (run as { id?: unknown }).id === runId;
  return { id: runId, carried: readable ? { run: run as StoredRun, version: new Timestamp(Number(version[1]), Number(version[2])) } : null };
}
