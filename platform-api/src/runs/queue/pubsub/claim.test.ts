// The Pub/Sub claim against the Firestore emulator: a queued run is claimed
// once (a second claim finds it taken); a new run carried in its message
// (carriedRun.ts) is claimed with one conditional write and no read, and
// falls back to reading it when it was written since (a cancel) or deleted.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { RUN_MESSAGES } from '@agentflow/shared/workflow';
import { clearFirestore, firestoreFor } from '../../../../testing/harness';
import { countRoundTrips } from '../../roundTrips';
import { decodeRun, encodeRun, runRef } from '../../store';
import type { StoredRun } from '../../runModel';
import { readRunMessage, runMessage, type CarriedRun } from './carriedRun';
import { firestoreRunClaims } from './claim';

const projectId = 'demo-agentflow-run-claims';
let db: Firestore;

beforeAll(async () => {
  await clearFirestore(projectId);
  db = firestoreFor(projectId).db;
});

const queuedRun = (id: string): StoredRun => ({
    id,
    workflowId: 'wf-1',
    workflowVersion: 1,
    workflowName: 'Claims',
    organizationId: null,
    workspaceId: 'personal:ada',
    startedBy: null,
    triggerName: null,
    snapshot: { nodes: [], edges: [] },
    ownerId: 'ada',
    status: 'queued',
    trigger: { type: 'webhook', userId: null },
    input: { n: 1 },
    output: null,
    error: null,
    errorCode: null,
    tokensUsed: 1,
    steps: [],
    createdAt: '2026-11-28T07:00:00.000Z',
    startedAt: null,
    endedAt: null,
    updatedAt: '2026-11-28T07:00:00.000Z',
  lease: { instanceId: 'api-1', expiresAt: Date.now() + 30_000 },
});

/** Creates the run as the API does and returns what its message carries. */
async function created(id: string): Promise<CarriedRun> {
  const run = queuedRun(id);
  const written = await runRef(db, id).create(encodeRun(run));
  const message = runMessage(id, { run, version: written.writeTime });
  const read = readRunMessage(message.data, message.attributes);
  expect(read.id).toBe(id);
  return read.carried!;
}

function claimsOf(instanceId: string) {
  const primed: { run: StoredRun; version: unknown }[] = [];
  return { primed, claims: firestoreRunClaims(db, { instanceId, leaseMs: 30_000, onClaimed: (run, version) => primed.push({ run, version }) }) };
}

it('claims a carried new run with one write and no read, and hands the executor the run as stored', async () => {
  const carried = await created('carried1');
  const { claims, primed } = claimsOf('worker-1');
  const counter = countRoundTrips(db);
  expect(await claims.claim('carried1', carried)).toBe('claimed');
  expect(Object.fromEntries(counter.byMethod)).toEqual({ commit: 1 });
  counter.detach();
  const stored = decodeRun(await runRef(db, 'carried1').get())!;
  expect(stored).toMatchObject({ status: 'running', lease: { instanceId: 'worker-1' } });
  // The executor's copy is the stored run, and its version the claim's write (its next write is conditional on it).
  // (Less the fields encodeRun derives from the steps on every write.)
  const { resumeAt: _resumeAt, awaitsChildRun: _awaits, ...asStored } = stored as StoredRun & { resumeAt?: unknown; awaitsChildRun?: unknown };
  expect(primed[0]!.run).toEqual(asStored);
  expect((primed[0]!.version as Timestamp).isEqual((await runRef(db, 'carried1').get()).updateTime!)).toBe(true);
  // Delivered again (to this worker or another): taken, by the read.
  expect(await claimsOf('worker-2').claims.claim('carried1', carried)).toBe('taken');
});

it('reads a carried run written since its create: a cancel stands', async () => {
  const carried = await created('carried2');
  await runRef(db, 'carried2').update({ status: 'canceled', error: RUN_MESSAGES.canceled, lease: null });
  const { claims, primed } = claimsOf('worker-1');
  expect(await claims.claim('carried2', carried)).toBe('ended');
  expect(primed).toEqual([]);
  expect((await runRef(db, 'carried2').get()).get('status')).toBe('canceled');
});

it('answers gone for a carried run deleted since, and claims a run queued by id by reading it', async () => {
  const carried = await created('carried3');
  await runRef(db, 'carried3').delete();
  expect(await claimsOf('worker-1').claims.claim('carried3', carried)).toBe('gone');

  await runRef(db, 'byid1').create(encodeRun(queuedRun('byid1')));
  const { claims, primed } = claimsOf('worker-1');
  const counter = countRoundTrips(db);
  expect(await claims.claim('byid1', null)).toBe('claimed');
  expect(Object.fromEntries(counter.byMethod)).toEqual({ batchGetDocuments: 1, commit: 1 });
  counter.detach();
  expect(primed[0]!.run).toMatchObject({ id: 'byid1', status: 'running', lease: { instanceId: 'worker-1' } });
});

it('carries only a run just created and small enough; reads any other message as an id', () => {
  const run = queuedRun('small1');
  const version = new Timestamp(1_780_000_000, 123_456_789);
  const carried = runMessage('small1', { run, version });
  expect(carried.attributes).toEqual({ runId: 'small1', runVersion: '1780000000.123456789' });
  const back = readRunMessage(carried.data, carried.attributes);
  expect(back.id).toBe('small1');
  expect(back.carried!.run).toEqual(run);
  expect(back.carried!.version.isEqual(version)).toBe(true);

  // Too large, no version of the store's kind, another run's, or nothing created: the id alone.
  const big = { ...run, input: { text: 'x'.repeat(40 * 1024) } };
  for (const message of [runMessage('small1', { run: big, version }), runMessage('small1', { run, version: 7 }), runMessage('other1', { run, version }), runMessage('small1')]) {
    expect(message.attributes).toBeUndefined();
    expect(readRunMessage(message.data, message.attributes)).toEqual({ id: message.data.toString(), carried: null });
  }
  // A carried body that cannot be read back (or names another run): the id stands, the run is read.
  expect(readRunMessage(Buffer.from('{not json'), { runId: 'small1', runVersion: '1.2' })).toEqual({ id: 'small1', carried: null });
  expect(readRunMessage(Buffer.from(JSON.stringify({ ...run, id: 'other' })), { runId: 'small1', runVersion: '1.2' })).toEqual({ id: 'small1', carried: null });
  expect(readRunMessage(Buffer.from(JSON.stringify(run)), { runId: 'small1', runVersion: 'soon' })).toEqual({ id: 'small1', carried: null });
});
