// GET /api/dashboard against the emulators: runs written as the engine stores
// them (workspaceId, status, createdAt, tokensUsed, steps, snapshot), figures
// per UTC day and status group, success rate, median duration, tokens by
// workflow and by model, failing workflows with their last error, plan usage
// of whoever pays; who may see which workspace; bad queries named.
import { deleteApp } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { pino } from 'pino';
import { createServiceApp, getAdminAuth } from '@agentflow/shared/server';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { clearFirestore, createTestUser, firestoreFor, serveForTests, type RunningService, type ServiceCall, type TestUser } from '@agentflow/shared/testing/serviceHarness';
import type { DashboardResponse } from '@agentflow/shared/workflow';
import { createDashboardRouter } from './router';

const PROJECT = 'demo-agentflow-dashboard';
const NOW = new Date('2026-03-10T15:00:00.000Z');
let db: Firestore;
let closeApp: () => Promise<unknown>;
let service: RunningService;
let call: ServiceCall;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

let runNumber = 0;
interface RunSeed {
  workspaceId: string;
  workflowId: string;
  /** The name the run recorded (default: 'name of <workflowId>'); null for none. */
  workflowName?: string | null;
  status: string;
  createdAt: string;
  tokensUsed?: number;
  durationMs?: number;
  error?: string | null;
  steps?: { nodeId: string; tokens: number }[];
  nodes?: { id: string; type: string; params: Record<string, unknown> }[];
}
async function seedRun(seed: RunSeed): Promise<string> {
  const id = `run${(runNumber += 1)}`;
  const startedAt = seed.createdAt;
  const endedAt = seed.durationMs === undefined ? null : new Date(Date.parse(startedAt) + seed.durationMs).toISOString();
  await db.collection('workflowRuns').doc(id).set({
    id,
    workflowId: seed.workflowId,
    ...(seed.workflowName === null ? {} : { workflowName: seed.workflowName ?? `name of ${seed.workflowId}` }),
    workspaceId: seed.workspaceId,
    ownerId: 'payer',
    status: seed.status,
    createdAt: seed.createdAt,
    startedAt,
    endedAt,
    tokensUsed: seed.tokensUsed ?? 1,
    error: seed.error ?? null,
    steps: (seed.steps ?? []).map((step) => ({ id: step.nodeId, nodeId: step.nodeId, tokens: step.tokens, output: 'x'.repeat(50) })),
    snapshot: { nodes: seed.nodes ?? [], edges: [] },
  });
  return id;
}

const dashboard = (user: TestUser, query: string) => call('GET', `/api/dashboard?${query}`, { user });

beforeAll(async () => {
  emulatorHosts();
  // First: getAdminAuth takes the first app there is, which must be the default project's (where sign-in finds accounts).
  const auth = getAdminAuth();
  await clearFirestore(PROJECT);
  const firestore = firestoreFor(PROJECT);
  db = firestore.db;
  closeApp = () => deleteApp(firestore.app);
  const app = createServiceApp({
    name: 'dashboard-test',
    allowedOrigins: [],
    logger: pino({ level: 'silent' }),
    checkReadiness: async () => undefined,
    routes: (express) => {
      express.use(createDashboardRouter({ auth, db, now: () => NOW }));
    },
  });
  service = await serveForTests(app);
  call = service.call;
  // One at a time: the Auth emulator loses accounts created in parallel before their sign-in.
  alice = await createTestUser(auth, db, 'alice');
  bob = await createTestUser(auth, db, 'bob');
  carol = await createTestUser(auth, db, 'carol');

  const personal = `user:${alice.uid}`;
  await db.collection('workflows').doc('leads').set({ ownerId: alice.uid, organizationId: null, name: 'Lead triage', visibility: 'private', updatedAt: '2026-03-01T00:00:00.000Z' });
  await db.collection('workflows').doc('mail').set({ ownerId: alice.uid, organizationId: null, name: 'Weekly mail', visibility: 'private', updatedAt: '2026-03-02T00:00:00.000Z' });
  await db.collection('workflows').doc('kept').set({ ownerId: bob.uid, organizationId: null, name: 'Kept flow', visibility: 'private', updatedAt: '2026-03-02T00:00:00.000Z' });
  await db.collection('workflows').doc('moved').set({ ownerId: bob.uid, organizationId: 'acme', name: 'New name in Acme', visibility: 'organization', updatedAt: '2026-03-10T05:00:00.000Z' });
  await db.collection('workflows').doc('orgflow').set({ ownerId: bob.uid, organizationId: 'acme', name: 'Acme intake', visibility: 'organization', updatedAt: '2026-03-02T00:00:00.000Z' });
  const agentNodes = [
    { id: 'writer', type: 'agent', params: { model: 'gpt-4o-mini' } },
    { id: 'checker', type: 'agent', params: {} },
  ];
  await Promise.all([
    // Today (10 March): 2 succeeded (100 ms, 300 ms), 1 failed (200 ms), 1 running.
    seedRun({ workspaceId: personal, workflowId: 'leads', status: 'succeeded', createdAt: '2026-03-10T09:00:00.000Z', tokensUsed: 31, durationMs: 100, steps: [{ nodeId: 'writer', tokens: 20 }, { nodeId: 'checker', tokens: 10 }], nodes: agentNodes }),
    seedRun({ workspaceId: personal, workflowId: 'leads', status: 'succeeded', createdAt: '2026-03-10T10:00:00.000Z', tokensUsed: 5, durationMs: 300, steps: [{ nodeId: 'writer', tokens: 4 }], nodes: agentNodes }),
    seedRun({ workspaceId: personal, workflowId: 'mail', status: 'failed', createdAt: '2026-03-10T11:00:00.000Z', durationMs: 200, error: 'SMTP said no' }),
    seedRun({ workspaceId: personal, workflowId: 'mail', status: 'running', createdAt: '2026-03-10T12:00:00.000Z' }),
    // 8 March: one refused, one failed (the older failure of 'mail').
    seedRun({ workspaceId: personal, workflowId: 'leads', status: 'refused', createdAt: '2026-03-08T23:59:59.000Z', tokensUsed: 0 }),
    seedRun({ workspaceId: personal, workflowId: 'mail', status: 'failed', createdAt: '2026-03-08T08:00:00.000Z', durationMs: 50, error: 'older error' }),
    // Before the 3-day period, another workspace, and the organization's.
    seedRun({ workspaceId: personal, workflowId: 'leads', status: 'failed', createdAt: '2026-03-07T23:59:59.000Z', tokensUsed: 7 }),
    seedRun({ workspaceId: `user:${bob.uid}`, workflowId: 'bobs', status: 'failed', createdAt: '2026-03-10T09:00:00.000Z' }),
    // Bob's own workspace: one workflow still his, one moved to Acme since, two gone (one whose runs recorded no name).
    seedRun({ workspaceId: `user:${bob.uid}`, workflowId: 'kept', status: 'succeeded', createdAt: '2026-03-09T07:30:00.000Z', tokensUsed: 5 }),
    seedRun({ workspaceId: `user:${bob.uid}`, workflowId: 'moved', workflowName: 'Old name', status: 'succeeded', createdAt: '2026-03-10T03:00:00.000Z', tokensUsed: 40 }),
    seedRun({ workspaceId: `user:${bob.uid}`, workflowId: 'vanished', workflowName: null, status: 'succeeded', createdAt: '2026-03-10T12:00:00.000Z', tokensUsed: 3 }),
    seedRun({ workspaceId: 'acme', workflowId: 'orgflow', status: 'succeeded', createdAt: '2026-03-09T09:00:00.000Z', tokensUsed: 12, durationMs: 1000 }),
  ]);
  // Alice pays for her own workspace on Basic (2,000 a period) with 1,500 left; bob owns Acme on Premium.
  const reset = '2099-04-01T00:00:00.000Z';
  await db.collection('userMemberships').doc(alice.uid).set({ userId: alice.uid, role: 'basic', tokensRemaining: 1500, tokensReset: reset });
  await db.collection('userMemberships').doc(bob.uid).set({ userId: bob.uid, role: 'premium', tokensRemaining: 9000, tokensReset: reset });
  await db.collection('organizations').doc('acme').set({ name: 'Acme', ownerId: bob.uid, createdBy: bob.uid });
  // Approvals: 3 waiting in Acme, one decided there, one waiting in bob's own workspace.
  const approval = (id: string, workspaceId: string, status: string) => db.collection('approvalRequests').doc(id).set({ runId: id, nodeId: 'review', workspaceId, status, notifyUids: [] });
  await Promise.all([approval('a1', 'acme', 'waiting'), approval('a2', 'acme', 'waiting'), approval('a3', 'acme', 'waiting'), approval('a4', 'acme', 'approved'), approval('b1', `user:${bob.uid}`, 'waiting')]);
  await db.collection('roles').doc('workspace_viewer').set({ name: 'Workspace viewer', permissions: ['view_workflows'] });
  await db.collection('userRoles').doc(`${alice.uid}:workspace_viewer:acme`).set({ userId: alice.uid, roleId: 'workspace_viewer', organizationId: 'acme' });
}, 60_000);

afterAll(async () => {
  await service?.close();
  await closeApp?.();
});

describe('GET /api/dashboard', () => {
  it('counts the personal workspace per UTC day and status group, with tokens, rates and the median duration', async () => {
    const response = await dashboard(alice, 'workspace=personal&days=3');
    expect(response.status).toBe(200);
    const body = response.body as DashboardResponse;
    expect(body).toMatchObject({ workspace: 'personal', days: 3, timeZone: 'UTC', from: '2026-03-08T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' });
    expect(body.perDay).toEqual([
      { day: '2026-03-08', succeeded: 0, failed: 1, refused: 1, other: 0, tokens: 1 },
      { day: '2026-03-09', succeeded: 0, failed: 0, refused: 0, other: 0, tokens: 0 },
      { day: '2026-03-10', succeeded: 2, failed: 1, refused: 0, other: 1, tokens: 38 },
    ]);
    expect(body.totals).toEqual({ runs: 6, succeeded: 2, failed: 2, refused: 1, other: 1, tokens: 39 });
    expect(body.successRate).toBe(0.5);
    // Finished runs of the period: 100, 300, 200, 50 ms.
    expect(body).toMatchObject({ medianDurationMs: 150, durationSample: 4 });
    expect(body.approvalsWaiting).toBe(0);
  });

  it('names tokens by workflow, by model (an agent without one is the default model) and the failing workflows with their last error', async () => {
    const body = (await dashboard(alice, 'workspace=personal&days=3')).body as DashboardResponse;
    expect(body.tokensByWorkflow).toEqual([
      { workflowId: 'leads', workflowName: 'Lead triage', tokens: 36, runs: 3, inWorkspace: true },
      { workflowId: 'mail', workflowName: 'Weekly mail', tokens: 3, runs: 3, inWorkspace: true },
    ]);
    expect(body.otherWorkflows).toEqual({ runs: 0, tokens: 0 });
    expect(body.tokensByModel).toEqual([
      { model: 'gpt-4o-mini', tokens: 24 },
      { model: 'default', tokens: 10 },
    ]);
    expect(body.modelSample).toBe(6);
    expect(body.failingWorkflows).toEqual([
      { workflowId: 'mail', workflowName: 'Weekly mail', failures: 2, lastError: 'SMTP said no', lastFailedAt: '2026-03-10T11:00:00.000Z', lastRunId: expect.any(String) },
    ]);
  });

  it('measures the plan of whoever pays: the caller for their own workspace, the owner for an organization', async () => {
    const own = (await dashboard(alice, 'workspace=personal&days=3')).body as DashboardResponse;
    expect(own.plan).toEqual({ plan: 'basic', allowance: 2000, remaining: 1500, used: 500, resetsAt: '2099-04-01T00:00:00.000Z', yours: true });
    const acme = await dashboard(alice, 'workspace=acme&days=3');
    expect(acme.status).toBe(200);
    expect(acme.body).toMatchObject({ totals: { runs: 1, succeeded: 1 }, approvalsWaiting: 3, plan: { plan: 'premium', allowance: 10000, used: 1000, yours: false } });
    expect(acme.body.tokensByWorkflow).toEqual([{ workflowId: 'orgflow', workflowName: 'Acme intake', tokens: 12, runs: 1, inWorkspace: true }]);
  });

  it('counts days in the caller\'s time zone: in Auckland (UTC+13) a run at 00:00 local on 11 March is that day\'s, not 10 March\'s', async () => {
    // Now is 2026-03-11 04:00 in Auckland: the 3 days are 9–11 March there.
    const body = (await dashboard(alice, 'workspace=personal&days=3&tz=Pacific/Auckland')).body as DashboardResponse;
    expect(body).toMatchObject({ timeZone: 'Pacific/Auckland', from: '2026-03-08T11:00:00.000Z', to: '2026-03-11T11:00:00.000Z' });
    expect(body.perDay).toEqual([
      { day: '2026-03-09', succeeded: 0, failed: 0, refused: 1, other: 0, tokens: 0 },
      { day: '2026-03-10', succeeded: 2, failed: 0, refused: 0, other: 0, tokens: 36 },
      { day: '2026-03-11', succeeded: 0, failed: 1, refused: 0, other: 1, tokens: 2 },
    ]);
    // The 8 March 08:00 UTC failure is 21:00 on 8 March there: before the period.
    expect(body.totals).toEqual({ runs: 5, succeeded: 2, failed: 1, refused: 1, other: 1, tokens: 38 });
  });

  it('counts days in Los Angeles (UTC−7 after 8 March): a run at 03:00 UTC on 10 March is 9 March there; lists moved and deleted workflows so the tokens add up', async () => {
    const body = (await dashboard(bob, 'workspace=personal&days=3&tz=America/Los_Angeles')).body as DashboardResponse;
    // 8 March starts at 08:00 UTC (PST); the clocks go forward that morning, so 11 March starts at 07:00 UTC.
    expect(body).toMatchObject({ timeZone: 'America/Los_Angeles', from: '2026-03-08T08:00:00.000Z', to: '2026-03-11T07:00:00.000Z' });
    expect(body.perDay.map(({ day, succeeded, failed, tokens }) => ({ day, succeeded, failed, tokens }))).toEqual([
      { day: '2026-03-08', succeeded: 0, failed: 0, tokens: 0 },
      { day: '2026-03-09', succeeded: 2, failed: 0, tokens: 45 },
      { day: '2026-03-10', succeeded: 1, failed: 1, tokens: 4 },
    ]);
    expect(body.tokensByWorkflow).toEqual([
      // Moved to Acme: the name its runs here recorded, not its new one there.
      { workflowId: 'moved', workflowName: 'Old name', tokens: 40, runs: 1, inWorkspace: false },
      { workflowId: 'kept', workflowName: 'Kept flow', tokens: 5, runs: 1, inWorkspace: true },
      { workflowId: 'vanished', workflowName: null, tokens: 3, runs: 1, inWorkspace: false },
      { workflowId: 'bobs', workflowName: 'name of bobs', tokens: 1, runs: 1, inWorkspace: false },
    ]);
    expect(body.otherWorkflows).toEqual({ runs: 0, tokens: 0 });
    expect(body.tokensByWorkflow.reduce((sum, row) => sum + row.tokens, 0)).toBe(body.totals.tokens);
  });

  it('lists the top workflows by tokens and counts the rest as other workflows, so rows and rest add up to the totals', async () => {
    const dave = await createTestUser(getAdminAuth(), db, 'dave');
    await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const workflowId = `dave${index + 1}`;
        await db.collection('workflows').doc(workflowId).set({ ownerId: dave.uid, organizationId: null, name: `Flow ${index + 1}`, visibility: 'private', updatedAt: '2026-03-01T00:00:00.000Z' });
        await seedRun({ workspaceId: `user:${dave.uid}`, workflowId, status: 'succeeded', createdAt: '2026-03-10T10:00:00.000Z', tokensUsed: index + 1 });
      }),
    );
    const body = (await dashboard(dave, 'workspace=personal&days=1')).body as DashboardResponse;
    expect(body.tokensByWorkflow.map((row) => row.workflowName)).toEqual(['Flow 10', 'Flow 9', 'Flow 8', 'Flow 7', 'Flow 6', 'Flow 5', 'Flow 4', 'Flow 3']);
    expect(body.otherWorkflows).toEqual({ runs: 2, tokens: 3 });
    expect(body.tokensByWorkflow.reduce((sum, row) => sum + row.tokens, 0) + body.otherWorkflows.tokens).toBe(body.totals.tokens);
  });

  it('refuses an organization the caller holds no view_workflows in, and one that does not exist, alike (403 workspace_forbidden)', async () => {
    for (const workspace of ['acme', 'nowhere']) {
      const response = await dashboard(carol, `workspace=${workspace}`);
      expect(response).toMatchObject({ status: 403, body: { code: 'workspace_forbidden' } });
    }
    // Carol's own workspace is empty but hers: 14 days by default.
    const own = await dashboard(carol, 'workspace=personal');
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ days: 14, totals: { runs: 0 }, successRate: null, medianDurationMs: null, tokensByWorkflow: [], failingWorkflows: [] });
    expect(own.body.perDay).toHaveLength(14);
  });

  it('names the wrong field of a bad query (400 invalid_request) and wants a signed-in caller', async () => {
    for (const [query, field] of [['workspace=personal&days=91', 'days'], ['days=3', 'workspace'], ['workspace=personal&days=x', 'days'], ['workspace=personal&extra=1', 'extra'], ['workspace=personal&tz=Mars/Olympus', 'tz'], ['workspace=personal&tz=', 'tz']] as const) {
      const response = await dashboard(alice, query);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid_request' });
      expect(response.body.error).toContain(field);
    }
    expect((await call('GET', '/api/dashboard?workspace=personal')).status).toBe(401);
  });
});
