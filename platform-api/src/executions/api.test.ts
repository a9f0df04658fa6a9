// The executions API against the emulators: a workspace's runs across its
// workflows (who may list them, every filter, cursor pages), the bulk re-run
// of failed runs (each refusal named), and what runs carry for it: the
// workspace, the starter, and usage entries naming the workflow and run.
import { EXECUTIONS_API, EXECUTIONS_LIMITS, initialSteps, type RunStatus, type RunTrigger, type Workflow } from '@agentflow/shared/workflow';
import { MEMBERSHIP_COLLECTIONS as LEDGER_COLLECTIONS } from '@agentflow/shared/server';
import { encodeRun, runRef } from '../runs/store';
import type { StoredRun } from '../runs/runModel';
import { assignWorkspaceRole, createOrganization, seedWorkspaceRoles } from '../runs/testing/workspaces';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let olga: RunsUser;
let vic: RunsUser;
let rob: RunsUser;
let out: RunsUser;
let org: string;
let orders: Workflow;
let invoices: Workflow;
let mine: Workflow;

const simple = (owner: string, extra: Partial<Workflow> = {}) =>
  h.saveWorkflow(owner, [manual([{ key: 'name', type: 'string' }]), node('out', 'output', { mapping: '{"hello": input.name}' })], [edge('trigger', 'out')], extra);

let seq = 0;
/** A run stored as the service stores one, at a chosen instant. */
async function seedRun(workflow: Workflow, fields: { status: RunStatus; createdAt: string; trigger?: RunTrigger; ownerId?: string; input?: Record<string, unknown>; error?: string | null }): Promise<string> {
  const id = `seed${String(seq++).padStart(4, '0')}${workflow.id.slice(-4)}`;
  const run: StoredRun = {
    id,
    workflowId: workflow.id,
    workflowVersion: 1,
    workflowName: workflow.name,
    snapshot: { nodes: workflow.nodes, edges: workflow.edges },
    ownerId: fields.ownerId ?? workflow.ownerId,
    organizationId: workflow.organizationId ?? null,
    workspaceId: workflow.organizationId ?? `user:${workflow.ownerId}`,
    startedBy: fields.trigger?.userId ?? null,
    status: fields.status,
    trigger: fields.trigger ?? { type: 'webhook', userId: null },
    input: fields.input ?? {},
    output: null,
    error: fields.error ?? (fields.status === 'failed' ? 'Boom' : null),
    errorCode: null,
    tokensUsed: 1,
    steps: initialSteps(workflow.nodes, workflow.edges),
    createdAt: fields.createdAt,
    startedAt: fields.createdAt,
    endedAt: fields.createdAt,
    updatedAt: fields.createdAt,
    lease: null,
  };
  await runRef(h.db, id).set(encodeRun(run));
  createdAtOf.set(id, fields.createdAt);
  return id;
}

const list = (user: RunsUser, query: string) => h.call('GET', `${EXECUTIONS_API.list}?${query}`, { user });
const ids = (response: { body: { runs: { id: string }[] } }) => response.body.runs.map((run) => run.id);
const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 9, minute)).toISOString();

const seeded: Record<string, string> = {};
const createdAtOf = new Map<string, string>();
/** Ids as the list orders them: createdAt, then id, both descending. */
const newestFirst = (runIds: string[]) => [...runIds].sort((a, b) => (createdAtOf.get(b)! + b).localeCompare(createdAtOf.get(a)! + a));

beforeAll(async () => {
  h = await startRunsHarness('executions', { limits: { retryBaseDelayMs: 20 } });
  [olga, vic, rob, out] = await Promise.all([h.createUser('olga', { tokens: 100 }), h.createUser('vic', { tokens: 10 }), h.createUser('rob', { tokens: 10 }), h.createUser('out', { tokens: 10 })]);
  org = `acme-${olga.uid.slice(0, 6)}`;
  await seedWorkspaceRoles(h.db);
  await createOrganization(h.db, org, olga.uid);
  await assignWorkspaceRole(h.db, vic.uid, 'workspace_viewer', org);
  await assignWorkspaceRole(h.db, rob.uid, 'workspace_runner', org);
  orders = await simple(olga.uid, { name: 'Orders', organizationId: org, visibility: 'organization' });
  invoices = await simple(olga.uid, { name: 'Invoices', organizationId: org, visibility: 'organization' });
  mine = await simple(out.uid, { name: 'Mine' });
  // Minute 0..7 in acme, alternating workflows, statuses and triggers; one run in out's personal workspace.
  seeded.a = await seedRun(orders, { status: 'succeeded', createdAt: at(0) });
  seeded.b = await seedRun(invoices, { status: 'failed', createdAt: at(1), trigger: { type: 'manual', userId: rob.uid }, input: { name: 'Bea' } });
  seeded.c = await seedRun(orders, { status: 'failed', createdAt: at(2), trigger: { type: 'schedule', userId: null } });
  seeded.d = await seedRun(invoices, { status: 'succeeded', createdAt: at(3), trigger: { type: 'manual', userId: rob.uid } });
  seeded.e = await seedRun(orders, { status: 'failed', createdAt: at(4), trigger: { type: 'manual', userId: olga.uid }, input: { name: 'Eve' } });
  seeded.f = await seedRun(orders, { status: 'succeeded', createdAt: at(4) });
  seeded.g = await seedRun(invoices, { status: 'refused', createdAt: at(6) });
  seeded.x = await seedRun(mine, { status: 'failed', createdAt: at(5), trigger: { type: 'manual', userId: out.uid } });
});

afterAll(async () => {
  await h?.close();
});

describe('GET /api/executions', () => {
  it('lists the workspace’s runs across its workflows, newest first (the id breaks ties), with the workflow’s name, the starter and the error', async () => {
    const response = await list(vic, `workspace=${org}`);
    expect(response.status).toBe(200);
    // e and f share a minute: the larger id first.
    expect(ids(response)).toEqual(newestFirst(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((key) => seeded[key]!)));
    expect(ids(response)[0]).toBe(seeded.g);
    expect(response.body.nextCursor).toBeNull();
    const b = response.body.runs.find((run: { id: string }) => run.id === seeded.b);
    expect(b).toMatchObject({ workflowId: invoices.id, workflowName: 'Invoices', status: 'failed', error: 'Boom', startedBy: rob.uid, trigger: { type: 'manual' } });
    // Nothing of another workspace.
    expect(ids(response)).not.toContain(seeded.x);
  });

  it.each([
    ['workflowId', (w: { orders: string }) => `workflowId=${w.orders}`, ['e', 'f', 'c', 'a']],
    ['status', () => 'status=failed', ['e', 'c', 'b']],
    ['trigger', () => 'trigger=manual', ['e', 'd', 'b']],
    ['from/to', () => `from=${encodeURIComponent(at(1))}&to=${encodeURIComponent(at(4))}`, ['d', 'c', 'b']],
    ['every filter at once', (w: { orders: string }) => `workflowId=${w.orders}&status=failed&trigger=manual&from=2026-05-01&to=${encodeURIComponent(at(5))}`, ['e']],
  ])('filters by %s', async (_name, query, expected) => {
    const response = await list(vic, `workspace=${org}&${query({ orders: orders.id })}`);
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual(newestFirst(expected.map((key) => seeded[key]!)));
  });

  it('pages with the cursor: every run once, in order, and a null cursor on the last page', async () => {
    const all = ids(await list(vic, `workspace=${org}`));
    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(vic, `workspace=${org}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(response.status).toBe(200);
      expect(response.body.runs.length).toBeLessThanOrEqual(3);
      paged.push(...ids(response));
      cursor = response.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(paged).toEqual(all);
    expect(pages).toBe(3);
  });

  it('shows the caller’s personal workspace as theirs alone', async () => {
    expect(ids(await list(out, 'workspace=personal'))).toEqual([seeded.x]);
    expect(ids(await list(vic, 'workspace=personal'))).toEqual([]);
  });

  it('answers 403 workspace_forbidden to a non-member and for an organization that does not exist, 401 without a token', async () => {
    expect(await list(out, `workspace=${org}`)).toMatchObject({ status: 403, body: { code: 'workspace_forbidden' } });
    expect(await list(olga, 'workspace=no-such-org')).toMatchObject({ status: 403, body: { code: 'workspace_forbidden' } });
    expect((await h.call('GET', `${EXECUTIONS_API.list}?workspace=${org}`)).status).toBe(401);
  });

  it.each([
    ['', 'workspace'],
    ['workspace=personal&status=lost', 'status'],
    ['workspace=personal&trigger=nope', 'trigger'],
    ['workspace=personal&from=yesterday', 'from'],
    [`workspace=personal&limit=${EXECUTIONS_LIMITS.maxPageSize + 1}`, 'limit'],
    ['workspace=personal&cursor=forged', 'cursor'],
    ['workspace=personal&from=2026-05-02&to=2026-05-01', 'to'],
    ['workspace=personal&sort=asc', ''],
    ['workspace=personal&status=failed&status=succeeded', 'status'],
  ])('answers 400 invalid_request naming the field for ?%s', async (query, field) => {
    const response = await list(olga, query);
    expect(response).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    if (field) expect(response.body).toMatchObject({ field, error: expect.stringMatching(new RegExp(`^${field} `)) });
  });
});

describe('POST /api/executions/rerun', () => {
  it('re-runs failed runs the caller may run, with the same input, as the caller’s re-run; the workspace owner pays; each refusal is named', async () => {
    const other = await seedRun(orders, { status: 'failed', createdAt: at(7) });
    const olgaBefore = await h.balance(olga.uid);
    const robBefore = await h.balance(rob.uid);
    const response = await h.call('POST', EXECUTIONS_API.rerun, { user: rob, body: { runIds: [seeded.b, seeded.a, seeded.x, 'missing', seeded.e] } });
    expect(response.status).toBe(200);
    expect(response.body.refused).toEqual([
      { runId: seeded.a, code: 'run_not_failed' },
      { runId: seeded.x, code: 'run_not_found' },
      { runId: 'missing', code: 'run_not_found' },
    ]);
    expect(response.body.started.map((s: { runId: string }) => s.runId)).toEqual([seeded.b, seeded.e]);
    for (const { runId, newRunId } of response.body.started as { runId: string; newRunId: string }[]) {
      const run = await h.waitForRun(newRunId, ['succeeded']);
      const earlier = runId === seeded.b ? 'Bea' : 'Eve';
      expect(run).toMatchObject({ input: { name: earlier }, trigger: { type: 'rerun', userId: rob.uid, rerunOf: runId }, startedBy: rob.uid, ownerId: olga.uid, workspaceId: org });
    }
    expect(await h.balance(olga.uid)).toBe(olgaBefore - 2);
    expect(await h.balance(rob.uid)).toBe(robBefore);
    // A viewer sees the run but may not run its workflow.
    expect((await h.call('POST', EXECUTIONS_API.rerun, { user: vic, body: { runIds: [other] } })).body).toEqual({ started: [], refused: [{ runId: other, code: 'forbidden' }] });
  });

  it('answers 400 naming runIds for an empty list, more than the limit, or a stray field', async () => {
    const tooMany = Array.from({ length: EXECUTIONS_LIMITS.maxRerunRuns + 1 }, (_, i) => `r${i}`);
    for (const body of [{ runIds: [] }, { runIds: tooMany }, {}]) {
      expect(await h.call('POST', EXECUTIONS_API.rerun, { user: rob, body })).toMatchObject({ status: 400, body: { code: 'invalid_request', field: 'runIds' } });
    }
    expect(await h.call('POST', EXECUTIONS_API.rerun, { user: rob, body: { runIds: ['a'], all: true } })).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
  });
});

describe('a run started through the API', () => {
  it('is listed in its workspace, and its usage entry names the workflow and the run', async () => {
    const started = await h.call('POST', `/api/workflows/${orders.id}/runs`, { user: rob, body: { input: { name: 'Live' } } });
    expect(started.status).toBe(202);
    const run = await h.waitForRun(started.body.runId, ['succeeded']);
    const listed = await list(vic, `workspace=${org}&workflowId=${orders.id}&trigger=manual&limit=1`);
    expect(listed.body.runs[0]).toMatchObject({ id: run.id, workflowName: 'Orders', startedBy: rob.uid, triggerName: 'trigger' });
    const entries = await h.db.collection(LEDGER_COLLECTIONS.tokenUsage).where('userId', '==', olga.uid).where('runId', '==', run.id).get();
    expect(entries.docs.map((doc) => doc.data())).toEqual([expect.objectContaining({ feature: 'workflow_run', tokensUsed: 1, workflowId: orders.id, workflowName: 'Orders', runId: run.id })]);
  });
});
