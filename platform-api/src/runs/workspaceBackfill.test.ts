// Runs from before workspaces get their workspaceId (and startedBy) once, in
// batches, leaving runs that have one and runs still executing alone.
import { deleteApp } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { pino } from 'pino';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { clearFirestore, firestoreFor } from '../../testing/harness';
import { MIGRATIONS_COLLECTION, RUN_WORKSPACE_BACKFILL_ID, backfillRunWorkspaces } from './workspaceBackfill';

const logger = pino({ level: 'silent' });
let db: Firestore;
let close: () => Promise<void>;

beforeAll(async () => {
  emulatorHosts();
  const projectId = 'demo-agentflow-runs-backfill';
  await clearFirestore(projectId);
  const firebase = firestoreFor(projectId);
  db = firebase.db;
  close = () => deleteApp(firebase.app);
});

afterAll(async () => {
  await close?.();
});

const old = (fields: Record<string, unknown>) => ({ workflowId: 'wf', status: 'succeeded', trigger: { type: 'manual', userId: 'ann' }, ownerId: 'ann', organizationId: null, createdAt: '2026-01-01T00:00:00.000Z', ...fields });

test('gives each old run its workspace and starter, in pages past one batch, once', async () => {
  const runs = db.collection('workflowRuns');
  // More than one page (400) of old personal runs.
  for (let i = 0; i < 450; i += 150) {
    const batch = db.batch();
    for (let j = i; j < i + 150; j++) batch.set(runs.doc(`p${String(j).padStart(4, '0')}`), old({}));
    await batch.commit();
  }
  await runs.doc('org').set(old({ organizationId: 'acme', ownerId: 'bob', trigger: { type: 'webhook', userId: null } }));
  await runs.doc('new').set(old({ workspaceId: 'user:cat', startedBy: 'cat' }));
  await runs.doc('busy').set(old({ status: 'running' }));

  const result = await backfillRunWorkspaces(db, logger, () => new Date('2026-06-01T00:00:00Z'));
  expect(result).toEqual({ scanned: 453, updated: 451, skipped: false });
  expect((await runs.doc('p0001').get()).data()).toMatchObject({ workspaceId: 'user:ann', startedBy: 'ann' });
  expect((await runs.doc('p0449').get()).data()).toMatchObject({ workspaceId: 'user:ann' });
  expect((await runs.doc('org').get()).data()).toMatchObject({ workspaceId: 'acme', startedBy: null });
  expect((await runs.doc('new').get()).data()).toMatchObject({ workspaceId: 'user:cat', startedBy: 'cat' });
  expect((await runs.doc('busy').get()).get('workspaceId')).toBeUndefined();
  expect((await db.collection(MIGRATIONS_COLLECTION).doc(RUN_WORKSPACE_BACKFILL_ID).get()).data()).toMatchObject({ finishedAt: '2026-06-01T00:00:00.000Z', updated: 451 });

  // Done for good: a later start reads nothing.
  await runs.doc('later').set(old({}));
  expect(await backfillRunWorkspaces(db, logger)).toEqual({ scanned: 0, updated: 0, skipped: true });
});
