// The runs API against the emulators: starting (validation, permissions,
// tokens), history, approvals across a restart, webhooks, the event stream,
// and the recovery of interrupted runs.
import { debit } from '@agentflow/shared/server';
import { RUN_MESSAGES, RUN_LIMITS, initialSteps } from '@agentflow/shared/workflow';
import { recoverInterruptedRuns } from './recovery';
import type { StoredRun } from './runModel';
import { encodeRun, runRef } from './store';
import type { RunQueue } from './queue';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { startUpstream, type Upstream } from '../testing/upstream';
import { signIn } from '../../testing/harness';
import { assignWorkspaceRole, createOrganization, seedWorkspaceRoles } from './testing/workspaces';

let h: RunsHarness;
let alice: RunsUser;
let bob: RunsUser;
let upstream: Upstream;
let upstreamUrl: string;

beforeAll(async () => {
  upstream = await startUpstream((req, res, later) => {
    const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 0);
    later(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'), ms);
  });
  upstreamUrl = upstream.url;
  h = await startRunsHarness('api', { limits: { retryBaseDelayMs: 20 }, sseHeartbeatMs: 100 });
  [alice, bob] = await Promise.all([h.createUser('alice', { tokens: 100 }), h.createUser('bob', { tokens: 100, emailVerified: true })]);
});

afterAll(async () => {
  await h?.close();
  await upstream?.close();
});

const stepOf = (run: { steps: { id: string }[] }, id: string) => run.steps.find((s) => s.id === id) as any;
const runCount = async () => (await h.db.collection('workflowRuns').count().get()).data().count;

async function simpleWorkflow(owner = alice.uid, extra = {}) {
  return h.saveWorkflow(
    owner,
    [manual([{ key: 'name', type: 'string', required: true }, { key: 'amount', type: 'number' }, { key: 'urgent', type: 'boolean' }]), node('out', 'output', { mapping: '{"hello": input.name}' })],
    [edge('trigger', 'out')],
    extra,
  );
}

describe('POST /api/workflows/:id/runs', () => {
  it('answers 202 {runId} and runs the workflow', async () => {
    const wf = await simpleWorkflow();
    const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { name: 'Ada', amount: 3, urgent: true } } });
    expect(response.status).toBe(202);
    expect(Object.keys(response.body)).toEqual(['runId']);
    const run = await h.waitForRun(response.body.runId, ['succeeded']);
    expect(run.output).toEqual({ out: { hello: 'Ada' } });
  });

  it.each([
    [{ input: {} }, 'input.name is required'],
    [{ input: { name: 'Ada', amount: 'lots' } }, 'input.amount must be a number'],
    [{ input: { name: 'Ada', urgent: 'yes' } }, 'input.urgent must be true or false'],
    [{ input: { name: 'Ada', extra: 1 } }, 'input.extra is not a known field'],
    [{ input: 'Ada' }, 'input must be an object'],
    [{ input: { name: 'Ada' }, priority: 1 }, 'priority is not a known field'],
    [{ input: { name: 'Ada' }, rerunOf: 42 }, 'rerunOf must be a string'],
  ])('answers 400 naming the field for %j, and creates nothing', async (body, message) => {
    const wf = await simpleWorkflow();
    const before = await runCount();
    const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body });
    expect(response).toMatchObject({ status: 400, body: { error: message, code: 'invalid_request' } });
    expect(await runCount()).toBe(before);
  });

  it('answers 400 for a workflow that does not validate', async () => {
    const wf = await h.saveWorkflow(alice.uid, [manual(), node('broken', 'transform', { mapping: '(((' })], [edge('trigger', 'broken')]);
    const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^The workflow cannot run: /);
  });

  it('answers 401 without a token, 404 for an unknown workflow, 403 for a template and for a workflow the caller may not run', async () => {
    const wf = await simpleWorkflow();
    const before = await runCount();
    expect((await h.call('POST', `/api/workflows/${wf.id}/runs`, { body: { input: { name: 'x' } } })).status).toBe(401);
    expect(await h.call('POST', '/api/workflows/nope/runs', { user: alice, body: { input: {} } })).toMatchObject({ status: 404, body: { error: "Workflow 'nope' not found", code: 'not_found' } });
    expect(await h.call('POST', '/api/workflows/tpl-sales-follow-up-email/runs', { user: alice, body: { input: {} } })).toMatchObject({ status: 403, body: { error: RUN_MESSAGES.copyTemplateFirst, code: 'forbidden' } });
    expect(await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: bob, body: { input: { name: 'x' } } })).toMatchObject({ status: 403, body: { error: RUN_MESSAGES.notAllowedToRun, code: 'forbidden' } });
    expect(await runCount()).toBe(before);
  });

  it("lets a runner of the workflow's organization run it; the organization's owner pays, and the run names its workspace and starter", async () => {
    const org = `acme-${alice.uid.slice(0, 6)}`;
    await seedWorkspaceRoles(h.db);
    await createOrganization(h.db, org, alice.uid);
    const wf = await simpleWorkflow(alice.uid, { visibility: 'organization', organizationId: org });
    const remove = await assignWorkspaceRole(h.db, bob.uid, 'workspace_runner', org);
    const [aliceBefore, bobBefore] = [await h.balance(alice.uid), await h.balance(bob.uid)];
    const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: bob, body: { input: { name: 'Bo' } } });
    expect(response.status).toBe(202);
    const run = await h.waitForRun(response.body.runId, ['succeeded']);
    expect(run).toMatchObject({ ownerId: alice.uid, startedBy: bob.uid, workspaceId: org, organizationId: org });
    expect(await h.balance(alice.uid)).toBe(aliceBefore - 1);
    expect(await h.balance(bob.uid)).toBe(bobBefore);
    // The starter watches and cancels nothing more than a runner may; once removed, the workspace's workflows are out of reach.
    expect((await h.call('GET', `/api/runs/${run.id}`, { user: bob })).status).toBe(200);
    await remove();
    expect(await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: bob, body: { input: { name: 'Bo' } } })).toMatchObject({ status: 403, body: { error: RUN_MESSAGES.notAllowedToRun } });
  });

  it("cancel: the organization's runners may, its viewers may only watch, outsiders neither", async () => {
    const org = `cancel-${alice.uid.slice(0, 6)}`;
    await seedWorkspaceRoles(h.db);
    await createOrganization(h.db, org, alice.uid);
    const [rob, vic, out] = await Promise.all([h.createUser('rob'), h.createUser('vic'), h.createUser('out')]);
    await assignWorkspaceRole(h.db, rob.uid, 'workspace_runner', org);
    await assignWorkspaceRole(h.db, vic.uid, 'workspace_viewer', org);
    const wf = await h.saveWorkflow(alice.uid, [manual(), node('review', 'approval', { approvers: ['nobody@example.com'], message: 'Hold' })], [edge('trigger', 'review')], { organizationId: org, visibility: 'organization' });
    const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
    const waiting = await h.waitForRun(started.body.runId, ['waiting']);
    expect((await h.call('GET', `/api/runs/${waiting.id}`, { user: vic })).status).toBe(200);
    expect((await h.call('GET', `/api/runs/${waiting.id}`, { user: out })).status).toBe(403);
    expect((await h.call('POST', `/api/runs/${waiting.id}/cancel`, { user: vic })).status).toBe(403);
    expect((await h.call('POST', `/api/runs/${waiting.id}/cancel`, { user: out })).status).toBe(403);
    expect(await h.call('POST', `/api/runs/${waiting.id}/cancel`, { user: rob })).toMatchObject({ status: 200, body: { status: 'canceled' } });
  });

  it('lets a user a personal workflow is shared with as runner run it; its owner pays; a viewer share may watch but not run', async () => {
    const carol = await h.createUser('carol', { tokens: 10 });
    const wf = await simpleWorkflow(alice.uid, { sharedWith: { [bob.uid]: 'workspace_runner', [carol.uid]: 'workspace_viewer' } });
    const aliceBefore = await h.balance(alice.uid);
    const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: bob, body: { input: { name: 'Bo' } } });
    expect(response.status).toBe(202);
    const run = await h.waitForRun(response.body.runId, ['succeeded']);
    expect(run).toMatchObject({ ownerId: alice.uid, startedBy: bob.uid, workspaceId: `user:${alice.uid}` });
    expect(await h.balance(alice.uid)).toBe(aliceBefore - 1);
    expect((await h.call('GET', `/api/runs/${run.id}`, { user: carol })).status).toBe(200);
    expect((await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: carol, body: { input: { name: 'C' } } })).status).toBe(403);
    // The history of the workflow is the same for everyone who may view it.
    const history = await h.call('GET', `/api/workflows/${wf.id}/runs`, { user: carol });
    expect(history.body.runs.map((r: { id: string }) => r.id)).toEqual([run.id]);
  });

  it("answers 402 with the ledger's message when the user has no token left, and creates nothing", async () => {
    const carol = await h.createUser('carol');
    await debit(h.db, { uid: carol.uid, feature: 'workflow_run', amount: await h.balance(carol.uid), idempotencyKey: 'test:drain' });
    const wf = await simpleWorkflow(carol.uid);
    const before = await runCount();
    const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: carol, body: { input: { name: 'x' } } });
    expect(response).toEqual(expect.objectContaining({ status: 402, body: { error: 'Insufficient tokens: 1 needed, 0 remaining', code: 'insufficient_tokens' } }));
    expect(await runCount()).toBe(before);
  });

  it('re-runs with the input of an earlier run', async () => {
    const wf = await simpleWorkflow();
    const first = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { name: 'Again' } } });
    await h.waitForRun(first.body.runId, ['succeeded']);
    const again = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {}, rerunOf: first.body.runId } });
    expect(again.status).toBe(202);
    const run = await h.waitForRun(again.body.runId, ['succeeded']);
    expect(run.input).toEqual({ name: 'Again' });
    expect(run.trigger).toEqual({ type: 'rerun', userId: alice.uid, rerunOf: first.body.runId, nodeId: 'trigger' });
    expect((await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: bob, body: { input: {}, rerunOf: first.body.runId } })).status).toBe(403);
  });
});

describe('history and one run', () => {
  it("lists the caller's runs of a workflow, newest first, and serves one run to its owner only", async () => {
    const wf = await simpleWorkflow();
    const ids: string[] = [];
    for (const name of ['one', 'two', 'three']) {
      const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { name } } });
      ids.push(response.body.runId);
      await h.waitForRun(response.body.runId, ['succeeded']);
    }
    const list = await h.call('GET', `/api/workflows/${wf.id}/runs`, { user: alice });
    expect(list.status).toBe(200);
    expect(list.body.runs.map((r: { id: string }) => r.id)).toEqual([...ids].reverse());
    expect(Object.keys(list.body.runs[0]).sort()).toEqual(['createdAt', 'endedAt', 'error', 'errorCode', 'id', 'startedAt', 'status', 'tokensUsed', 'trigger', 'triggerName', 'workflowId', 'workflowVersion']);
    // The trigger node that fired, by its name in the run's snapshot.
    expect(list.body.runs[0]).toMatchObject({ status: 'succeeded', tokensUsed: 1, workflowId: wf.id, trigger: { type: 'manual', nodeId: 'trigger' }, triggerName: 'trigger' });
    const page = await h.call('GET', `/api/workflows/${wf.id}/runs?before=${encodeURIComponent(list.body.runs[0].createdAt)}`, { user: alice });
    expect(page.body.runs.map((r: { id: string }) => r.id)).toEqual([ids[1], ids[0]]);
    expect((await h.call('GET', `/api/workflows/${wf.id}/runs`, { user: bob })).body).toEqual({ runs: [] });
    expect((await h.call('GET', `/api/workflows/${wf.id}/runs?before=yesterday`, { user: alice })).status).toBe(400);

    const one = await h.call('GET', `/api/runs/${ids[0]}`, { user: alice });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: ids[0], status: 'succeeded', input: { name: 'one' }, output: { out: { hello: 'one' } } });
    expect(one.body.lease).toBeUndefined();
    expect(await h.call('GET', `/api/runs/${ids[0]}`, { user: bob })).toMatchObject({ status: 403 });
    expect(await h.call('GET', '/api/runs/missing', { user: alice })).toMatchObject({ status: 404, body: { error: "Run 'missing' not found", code: 'not_found' } });
  });
});

describe('approvals', () => {
  const approvalWorkflow = (approvers: string[]) =>
    h.saveWorkflow(
      alice.uid,
      [manual(), node('review', 'approval', { approvers, message: 'Check the discount' }), node('done', 'output', { mapping: '{"approved": review.approved, "by": review.by}' })],
      [edge('trigger', 'review'), edge('review', 'done')],
    );

  it('waits for approval, survives a restart of platform-api, and completes once an approver approves', async () => {
    const wf = await approvalWorkflow([bob.email.toUpperCase()]);
    const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
    const waiting = await h.waitForRun(started.body.runId, ['waiting']);
    expect(stepOf(waiting, 'review')).toMatchObject({ status: 'waiting', output: { message: 'Check the discount' }, endedAt: null });
    expect(stepOf(waiting, 'done').status).toBe('pending');
    expect(waiting.lease).toBeNull();

    // The owner is not an approver unless named.
    expect(await h.call('POST', `/api/runs/${waiting.id}/approve`, { user: alice, body: {} })).toMatchObject({ status: 403, body: { error: RUN_MESSAGES.notAllowedToApprove, code: 'forbidden' } });
    expect(await h.call('POST', `/api/runs/${waiting.id}/approve`, { user: bob, body: { comment: 42 } })).toMatchObject({ status: 400, body: { error: 'comment must be a string', code: 'invalid_request' } });

    await h.restart({ limits: { retryBaseDelayMs: 20 } });
    // Recovery at start leaves waiting runs alone.
    expect(await recoverInterruptedRuns(h.db, { instanceId: h.app.runs.instanceId })).not.toContain(waiting.id);
    expect((await h.call('GET', `/api/runs/${waiting.id}`, { user: bob })).status).toBe(200);

    const approved = await h.call('POST', `/api/runs/${waiting.id}/approve`, { user: bob, body: { comment: 'Fine by me' } });
    expect(approved).toMatchObject({ status: 200, body: { runId: waiting.id, stepId: 'review', approved: true } });
    const run = await h.waitForRun(waiting.id, ['succeeded', 'failed']);
    expect(run.status).toBe('succeeded');
    expect(stepOf(run, 'review')).toMatchObject({ status: 'succeeded', output: { approved: true, by: bob.uid, comment: 'Fine by me' } });
    expect(run.output).toEqual({ done: { approved: true, by: bob.uid } });
    expect(await h.call('POST', `/api/runs/${waiting.id}/approve`, { user: bob, body: {} })).toMatchObject({ status: 409 });
  });

  it('matches an approver named by e-mail only when that address is verified', async () => {
    // Eve signed up with the approver's address but never confirmed it.
    const eve = await h.createUser('eve', { emailVerified: false });
    const wf = await approvalWorkflow([eve.email]);
    const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
    const runId = started.body.runId as string;
    await h.waitForRun(runId, ['waiting']);
    expect(await h.call('GET', `/api/runs/${runId}`, { user: eve })).toMatchObject({ status: 403 });
    expect(await h.call('POST', `/api/runs/${runId}/approve`, { user: eve, body: {} })).toMatchObject({ status: 403, body: { error: RUN_MESSAGES.notAllowedToApprove, code: 'forbidden' } });
    expect(await h.call('POST', `/api/runs/${runId}/reject`, { user: eve, body: {} })).toMatchObject({ status: 403, body: { error: RUN_MESSAGES.notAllowedToApprove, code: 'forbidden' } });
    expect((await h.waitForRun(runId, ['waiting'])).steps.find((s) => s.id === 'review')?.status).toBe('waiting');

    // Once the address is verified (a new token carries the claim), the same person decides.
    await h.auth.updateUser(eve.uid, { emailVerified: true });
    const verified = { ...eve, idToken: await signIn(eve.email, 'correct-horse-42') };
    expect((await h.call('GET', `/api/runs/${runId}`, { user: verified })).status).toBe(200);
    expect(await h.call('POST', `/api/runs/${runId}/approve`, { user: verified, body: {} })).toMatchObject({ status: 200, body: { approved: true } });
    expect((await h.waitForRun(runId, ['succeeded', 'failed'])).status).toBe('succeeded');
  });

  it('fails the run when an approver (here by role) rejects', async () => {
    const wf = await approvalWorkflow(['sales_manager']);
    await h.db.collection('userRoles').doc(`${bob.uid}:sales_manager`).set({ userId: bob.uid, roleId: 'sales_manager', organizationId: null, assignedBy: 'system' });
    const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
    await h.waitForRun(started.body.runId, ['waiting']);
    const rejected = await h.call('POST', `/api/runs/${started.body.runId}/reject`, { user: bob, body: { stepId: 'review', comment: 'Too generous' } });
    expect(rejected).toMatchObject({ status: 200, body: { approved: false } });
    const run = await h.waitForRun(started.body.runId, ['failed']);
    expect(run.error).toBe(RUN_MESSAGES.rejected);
    expect(stepOf(run, 'review')).toMatchObject({ status: 'failed', error: RUN_MESSAGES.rejected });
    expect(stepOf(run, 'done').status).toBe('skipped');
    await h.db.collection('userRoles').doc(`${bob.uid}:sales_manager`).delete();
  });
});

describe('a rejection while the run is queued after another approval', () => {
  /** Executes what is enqueued, except while holding: then it keeps the ids until release(). */
  class HoldingQueue implements RunQueue {
    holding = false;
    private readonly held: string[] = [];
    private readonly running = new Set<Promise<void>>();
    constructor(private readonly execute: (runId: string) => Promise<void>) {}
    async enqueue(runId: string): Promise<void> {
      if (this.holding) this.held.push(runId);
      else this.run(runId);
    }
    start(): void {}
    async stop(): Promise<void> {
      await Promise.allSettled([...this.running]);
    }
    /** Like InProcessRunQueue: the held runs are the ones whose leases the service renews. */
    waitingIds(): string[] {
      return [...this.held];
    }
    release(): Promise<unknown> {
      this.holding = false;
      return Promise.all(this.held.splice(0).map((runId) => this.run(runId)));
    }
    private run(runId: string): Promise<void> {
      const work = this.execute(runId).finally(() => this.running.delete(work));
      this.running.add(work);
      return work;
    }
  }
  const parallelApprovals = () => {
    const nodes = [
      manual(),
      node('a', 'approval', { approvers: [bob.uid], message: 'A?' }),
      node('b', 'approval', { approvers: [bob.uid], message: 'B?' }),
      node('join', 'output', { mapping: '{"a": a.approved}' }),
    ];
    return { nodes, edges: [edge('trigger', 'a'), edge('trigger', 'b'), edge('a', 'join'), edge('b', 'join')] };
  };

  /** Restarts the API on a queue the test holds and starts the two-approval run on it. */
  const holdAndStartParallelApprovals = async () => {
    let held: HoldingQueue | null = null;
    await h.restart({ createQueue: (execute) => (held = new HoldingQueue(execute)) });
    const { nodes, edges } = parallelApprovals();
    const wf = await h.saveWorkflow(alice.uid, nodes, edges);
    const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
    return { queue: held! as HoldingQueue, runId: started.body.runId as string };
  };

  it('fails the run: approve A (queued, not yet executed), reject B, then the executor takes the run', async () => {
    try {
      const { queue, runId } = await holdAndStartParallelApprovals();
      const waiting = await h.waitForRun(runId, ['waiting']);
      expect([stepOf(waiting, 'a').status, stepOf(waiting, 'b').status]).toEqual(['waiting', 'waiting']);

      queue.holding = true;
      expect(await h.call('POST', `/api/runs/${runId}/approve`, { user: bob, body: { stepId: 'a' } })).toMatchObject({ status: 200 });
      expect((await h.waitForRun(runId, ['queued'])).status).toBe('queued');
      expect(await h.call('POST', `/api/runs/${runId}/reject`, { user: bob, body: { stepId: 'b', comment: 'No' } })).toMatchObject({ status: 200, body: { approved: false } });
      // Decided at once, not left for an execution to notice.
      const rejected = await h.waitForRun(runId, () => true);
      expect(rejected).toMatchObject({ status: 'failed', error: RUN_MESSAGES.rejected, lease: null });

      await queue.release();
      const run = await h.waitForRun(runId, ['succeeded', 'failed']);
      expect(run).toMatchObject({ status: 'failed', error: RUN_MESSAGES.rejected, output: null });
      expect(stepOf(run, 'a').status).toBe('succeeded');
      expect(stepOf(run, 'b')).toMatchObject({ status: 'failed', error: RUN_MESSAGES.rejected });
      expect(stepOf(run, 'join').status).toBe('skipped');
    } finally {
      await h.restart();
    }
  });

  it('renews the lease of a run still queued, never of one rejected or canceled while it sat in the queue', async () => {
    try {
      const { queue, runId: rejectedId } = await holdAndStartParallelApprovals();
      await h.waitForRun(rejectedId, ['waiting']);

      queue.holding = true;
      const simple = await simpleWorkflow();
      const startSimple = async () => (await h.call('POST', `/api/workflows/${simple.id}/runs`, { user: alice, body: { input: { name: 'Ada' } } })).body.runId as string;
      const stillQueued = await startSimple();
      const canceled = await startSimple();
      expect(await h.call('POST', `/api/runs/${rejectedId}/approve`, { user: bob, body: { stepId: 'a' } })).toMatchObject({ status: 200 });
      await h.waitForRun(rejectedId, ['queued']);
      expect(queue.waitingIds().sort()).toEqual([stillQueued, canceled, rejectedId].sort());
      expect(await h.call('POST', `/api/runs/${rejectedId}/reject`, { user: bob, body: { stepId: 'b' } })).toMatchObject({ status: 200 });
      expect(await h.call('POST', `/api/runs/${canceled}/cancel`, { user: alice })).toMatchObject({ status: 200, body: { status: 'canceled' } });
      const before = (await h.waitForRun(stillQueued, ['queued'])).lease!.expiresAt;
      await new Promise((resolve) => setTimeout(resolve, 20));

      expect(await h.app.runs.service.renewQueuedLeases()).toEqual([stillQueued]);
      expect((await h.waitForRun(stillQueued, () => true)).lease).toMatchObject({ instanceId: h.app.runs.instanceId, expiresAt: expect.any(Number) });
      expect((await h.waitForRun(stillQueued, () => true)).lease!.expiresAt).toBeGreaterThan(before);
      expect(await h.waitForRun(rejectedId, () => true)).toMatchObject({ status: 'failed', error: RUN_MESSAGES.rejected, lease: null });
      expect(await h.waitForRun(canceled, () => true)).toMatchObject({ status: 'canceled', lease: null });

      await queue.release();
      expect((await h.waitForRun(stillQueued, ['succeeded', 'failed'])).status).toBe('succeeded');
      expect(await h.waitForRun(canceled, () => true)).toMatchObject({ status: 'canceled', lease: null });
    } finally {
      await h.restart();
    }
  });

  it('an execution that loads a run with a rejected step fails it instead of running the join past it', async () => {
    // As stored when the rejection landed on a queued run without ending it (an older instance's API).
    const { nodes, edges } = parallelApprovals();
    const steps = initialSteps(nodes, edges);
    const at = new Date().toISOString();
    const decision = { approved: true, by: bob.uid, byEmail: null, comment: null, decidedAt: at };
    Object.assign(stepOf({ steps }, 'trigger'), { status: 'succeeded', input: {}, output: {}, attempts: 1, startedAt: at, endedAt: at });
    Object.assign(stepOf({ steps }, 'a'), { status: 'succeeded', output: decision, attempts: 1, startedAt: at, endedAt: at });
    Object.assign(stepOf({ steps }, 'b'), { status: 'failed', output: { ...decision, approved: false }, error: RUN_MESSAGES.rejected, attempts: 1, startedAt: at, endedAt: at });
    const run: StoredRun = {
      id: 'queued-with-rejection', workflowId: 'wf-parallel', workflowVersion: 1, workflowName: 'P', organizationId: null, snapshot: { nodes, edges }, ownerId: alice.uid,
      status: 'queued', trigger: { type: 'manual', userId: alice.uid }, input: {}, output: null, error: null, tokensUsed: 1, steps, createdAt: at, startedAt: at, endedAt: null,
      updatedAt: at, lease: { instanceId: h.app.runs.instanceId, expiresAt: Date.now() + 30_000 },
    };
    await runRef(h.db, run.id).set(encodeRun(run));
    await h.app.runs.executor.execute(run.id);
    const stored = await h.waitForRun(run.id, ['succeeded', 'failed']);
    expect(stored).toMatchObject({ status: 'failed', error: RUN_MESSAGES.rejected, output: null, lease: null });
    expect(stepOf(stored, 'b')).toMatchObject({ status: 'failed', error: RUN_MESSAGES.rejected });
    expect(stepOf(stored, 'join').status).toBe('skipped');
  });
});

describe('webhook trigger', () => {
  const webhookWorkflow = () =>
    h.saveWorkflow(alice.uid, [node('trigger', 'trigger.webhook', { path: 'incoming', method: 'POST' }), node('out', 'output', { mapping: '{"lead": input.email}' })], [edge('trigger', 'out')]);
  const hook = (path: string, body: unknown) => fetch(`${h.baseUrl()}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('starts a run from a POST with the secret; 404 alike for a wrong secret or an unknown workflow; rotation invalidates the old secret', async () => {
    const wf = await webhookWorkflow();
    expect((await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: bob })).status).toBe(403);
    const info = await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: alice });
    expect(info.status).toBe(200);
    expect(info.body.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(info.body.url).toBe(`${h.baseUrl()}/api/hooks/${wf.id}/${info.body.secret}`);
    // Stable until rotated.
    expect((await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: alice })).body.secret).toBe(info.body.secret);

    const accepted = await hook(`/api/hooks/${wf.id}/${info.body.secret}`, { email: 'lead@example.com' });
    expect(accepted.status).toBe(202);
    const { runId } = (await accepted.json()) as { runId: string };
    const run = await h.waitForRun(runId, ['succeeded']);
    expect(run).toMatchObject({ ownerId: alice.uid, trigger: { type: 'webhook', userId: null }, input: { email: 'lead@example.com' }, output: { out: { lead: 'lead@example.com' } } });

    const wrong = await hook(`/api/hooks/${wf.id}/not-the-secret`, {});
    const unknown = await hook(`/api/hooks/no-such-workflow/${info.body.secret}`, {});
    expect([wrong.status, unknown.status]).toEqual([404, 404]);
    expect(await wrong.json()).toEqual(await unknown.json());

    const rotated = await h.call('POST', `/api/workflows/${wf.id}/webhook`, { user: alice });
    expect(rotated.body.secret).not.toBe(info.body.secret);
    expect((await hook(`/api/hooks/${wf.id}/${info.body.secret}`, {})).status).toBe(404);
    expect((await hook(`/api/hooks/${wf.id}/${rotated.body.secret}`, { email: 'x@example.com' })).status).toBe(202);
  });

  it("an organization workflow's webhook: its editors manage it, a runner does not, and its deliveries are paid by the organization's owner", async () => {
    const org = `hooks-${alice.uid.slice(0, 6)}`;
    await seedWorkspaceRoles(h.db);
    await createOrganization(h.db, org, alice.uid);
    const erin = await h.createUser('erin', { tokens: 10 });
    await assignWorkspaceRole(h.db, erin.uid, 'workspace_editor', org);
    const removeBob = await assignWorkspaceRole(h.db, bob.uid, 'workspace_runner', org);
    const wf = await h.saveWorkflow(erin.uid, [node('trigger', 'trigger.webhook', { path: 'incoming', method: 'POST' }), node('out', 'output', { mapping: '{"lead": input.email}' })], [edge('trigger', 'out')], { organizationId: org, visibility: 'organization' });
    expect((await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: bob })).status).toBe(403);
    const info = await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: erin });
    expect(info.status).toBe(200);
    const accepted = await hook(`/api/hooks/${wf.id}/${info.body.secret}`, { email: 'team@example.com' });
    expect(accepted.status).toBe(202);
    const run = await h.waitForRun(((await accepted.json()) as { runId: string }).runId, ['succeeded']);
    expect(run).toMatchObject({ ownerId: alice.uid, startedBy: null, workspaceId: org });
    await removeBob();
  });

  it('answers 404 for a workflow whose trigger is not a webhook, even with its secret', async () => {
    const wf = await simpleWorkflow();
    const info = await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: alice });
    expect((await hook(`/api/hooks/${wf.id}/${info.body.secret}`, {})).status).toBe(404);
  });
});

describe('GET /api/runs/:id/events', () => {
  async function readEvents(url: string, headers: Record<string, string> = {}): Promise<{ status: number; events: any[]; comments: number }> {
    const response = await fetch(url, { headers });
    if (response.status !== 200) return { status: response.status, events: [], comments: 0 };
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const text = await response.text(); // the server ends the stream after a terminal status
    const events = text
      .split('\n\n')
      .filter((block) => block.startsWith('event: run'))
      .map((block) => JSON.parse(block.split('\n').find((line) => line.startsWith('data: '))!.slice(6)));
    return { status: 200, events, comments: text.split('\n\n').filter((block) => block.startsWith(':')).length };
  }

  it('streams the whole run on every change and ends after a terminal status (token in the query or the header)', async () => {
    const wf = await h.saveWorkflow(
      alice.uid,
      [manual(), node('wait', 'http', { method: 'GET', url: `${upstreamUrl}/?ms=400`, headers: {}, timeoutMs: 5000 }), node('out', 'output', { mapping: 'wait.body' })],
      [edge('trigger', 'wait'), edge('wait', 'out')],
    );
    const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
    const runId = started.body.runId as string;
    const [viaQuery, viaHeader] = await Promise.all([
      readEvents(`${h.baseUrl()}/api/runs/${runId}/events?token=${alice.idToken}`),
      readEvents(`${h.baseUrl()}/api/runs/${runId}/events`, { Authorization: `Bearer ${alice.idToken}` }),
    ]);
    for (const stream of [viaQuery, viaHeader]) {
      expect(stream.status).toBe(200);
      const last = stream.events.at(-1);
      expect(last).toMatchObject({ id: runId, status: 'succeeded', output: { out: { ok: true } } });
      // The step was seen running before it succeeded.
      expect(stream.events.some((event) => stepOf(event, 'wait').status === 'running')).toBe(true);
      // Heartbeat comments keep proxies from closing the stream.
      expect(stream.comments).toBeGreaterThanOrEqual(2);
    }
  });

  it('refuses a missing or bad token (401) and another user (403)', async () => {
    const wf = await simpleWorkflow();
    const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { name: 'x' } } });
    expect((await readEvents(`${h.baseUrl()}/api/runs/${started.body.runId}/events`)).status).toBe(401);
    expect((await readEvents(`${h.baseUrl()}/api/runs/${started.body.runId}/events?token=forged.token.value`)).status).toBe(401);
    expect((await readEvents(`${h.baseUrl()}/api/runs/${started.body.runId}/events?token=${bob.idToken}`)).status).toBe(403);
  });
});

describe('recovery of interrupted runs', () => {
  function storedRun(id: string, status: StoredRun['status'], lease: StoredRun['lease']): StoredRun {
    const nodes = [manual(), node('slow', 'http', { method: 'GET', url: 'https://example.com', headers: {}, timeoutMs: 1000 })];
    const edges = [edge('trigger', 'slow')];
    const steps = initialSteps(nodes, edges);
    if (status === 'running') Object.assign(steps[1]!, { status: 'running', startedAt: '2026-01-01T00:00:00.000Z', attempts: 1 });
    if (status === 'waiting') Object.assign(steps[1]!, { status: 'waiting' });
    const at = '2026-01-01T00:00:00.000Z';
    return {
      id, workflowId: 'wf-recovery', workflowVersion: 1, workflowName: 'R', organizationId: null, snapshot: { nodes, edges }, ownerId: alice.uid, status,
      trigger: { type: 'manual', userId: alice.uid }, input: {}, output: null, error: null, tokensUsed: 1, steps, createdAt: at, startedAt: at, endedAt: null, updatedAt: at, lease,
    };
  }

  it("fails runs whose process died (lease expired or none) with 'Interrupted by a restart', and leaves live and waiting runs alone", async () => {
    const now = Date.now();
    const runs = [
      storedRun('rec-dead-running', 'running', { instanceId: 'dead', expiresAt: now - 1000 }),
      storedRun('rec-dead-queued', 'queued', null),
      storedRun('rec-live', 'running', { instanceId: 'other-instance', expiresAt: now + 30_000 }),
      storedRun('rec-mine', 'running', { instanceId: 'me', expiresAt: now - 1000 }),
      storedRun('rec-waiting', 'waiting', null),
    ];
    for (const run of runs) await runRef(h.db, run.id).set(encodeRun(run));
    const recovered = await recoverInterruptedRuns(h.db, { instanceId: 'me' });
    expect(recovered.filter((id) => id.startsWith('rec-')).sort()).toEqual(['rec-dead-queued', 'rec-dead-running']);
    const dead = (await h.call('GET', '/api/runs/rec-dead-running', { user: alice })).body;
    expect(dead).toMatchObject({ status: 'failed', error: RUN_MESSAGES.interrupted });
    expect(stepOf(dead, 'slow')).toMatchObject({ status: 'failed', error: RUN_MESSAGES.interrupted });
    expect(dead.endedAt).not.toBeNull();
    expect((await h.call('GET', '/api/runs/rec-dead-queued', { user: alice })).body).toMatchObject({ status: 'failed', error: RUN_MESSAGES.interrupted });
    for (const [id, status] of [['rec-live', 'running'], ['rec-mine', 'running'], ['rec-waiting', 'waiting']]) {
      expect((await h.call('GET', `/api/runs/${id}`, { user: alice })).body.status).toBe(status);
    }
    // Once the other instance's lease runs out, it is interrupted too.
    expect(await recoverInterruptedRuns(h.db, { instanceId: 'me', now: () => new Date(now + 31_000) })).toContain('rec-live');
  });
});

it('GET /api/ai/status says whether a provider is configured', async () => {
  expect(await h.call('GET', '/api/ai/status', { user: alice })).toMatchObject({ status: 200, body: { configured: false, providers: [], model: null } });
  expect((await h.call('GET', '/api/ai/status')).status).toBe(401);
});

it('limits: run input past the size limit is refused', async () => {
  const wf = await h.saveWorkflow(alice.uid, [node('trigger', 'trigger.webhook', { path: 'in', method: 'POST' }), node('out', 'output')], [edge('trigger', 'out')]);
  const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { blob: 'x'.repeat(RUN_LIMITS.maxInputBytes) } } });
  // Express's 100 kB body limit answers first.
  expect(response.status).toBe(413);
});

describe('several instances, limits and logs', () => {
  it('cancels from another instance: the executing instance stops at its next write or heartbeat', async () => {
    const other = await h.startApp({ limits: { heartbeatMs: 100 } });
    const executing = await h.startApp({ limits: { heartbeatMs: 100 } });
    try {
      const wf = await h.saveWorkflow(
        alice.uid,
        [manual(), node('wait', 'http', { method: 'GET', url: `${upstreamUrl}/?ms=4000`, headers: {}, timeoutMs: 10_000 }), node('out', 'output')],
        [edge('trigger', 'wait'), edge('wait', 'out')],
      );
      const started = await fetch(`${executing.baseUrl}/api/workflows/${wf.id}/runs`, { method: 'POST', headers: { Authorization: `Bearer ${alice.idToken}`, 'Content-Type': 'application/json' }, body: '{"input":{}}' });
      const { runId } = (await started.json()) as { runId: string };
      await h.waitForRun(runId, (run) => stepOf(run, 'wait').status === 'running');
      const before = Date.now();
      const canceled = await fetch(`${other.baseUrl}/api/runs/${runId}/cancel`, { method: 'POST', headers: { Authorization: `Bearer ${alice.idToken}` } });
      expect(canceled.status).toBe(200);
      // The executing instance lets go of the run well before the 4 s request would end.
      for (let i = 0; i < 100 && executing.runs.executor.activeRunIds().includes(runId); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(executing.runs.executor.activeRunIds()).not.toContain(runId);
      expect(Date.now() - before).toBeLessThan(2500);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const run = await h.waitForRun(runId, ['canceled']);
      expect(stepOf(run, 'wait')).toMatchObject({ status: 'canceled', error: RUN_MESSAGES.canceled });
      expect(run.lease).toBeNull();
    } finally {
      await Promise.all([other.close(), executing.close()]);
    }
  });

  it('continues a run whose approval is decided while another branch is still running', async () => {
    const wf = await h.saveWorkflow(
      alice.uid,
      [
        manual(),
        node('review', 'approval', { approvers: [bob.uid], message: 'OK?' }),
        node('slow', 'http', { method: 'GET', url: `${upstreamUrl}/?ms=1200`, headers: {}, timeoutMs: 5000 }),
        node('join', 'output', { mapping: '{"approved": review.approved, "slow": slow.body.ok}' }),
      ],
      [edge('trigger', 'review'), edge('trigger', 'slow'), edge('review', 'join'), edge('slow', 'join')],
    );
    const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
    const runId = started.body.runId as string;
    const running = await h.waitForRun(runId, (run) => stepOf(run, 'review').status === 'waiting' && stepOf(run, 'slow').status === 'running');
    expect(running.status).toBe('running');
    expect(await h.call('POST', `/api/runs/${runId}/approve`, { user: bob, body: { stepId: 'review' } })).toMatchObject({ status: 200 });
    const run = await h.waitForRun(runId, ['succeeded', 'failed', 'waiting']);
    expect(run.status).toBe('succeeded');
    expect(run.output).toEqual({ join: { approved: true, slow: true } });
  });

  it('rate-limits the public webhook per client', async () => {
    const limited = await h.startApp({ hookRateLimit: 2 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${limited.baseUrl}/api/hooks/any/secret`, { method: 'POST' })).status);
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });

  it('keeps the ?token= of an event stream out of the request log', async () => {
    const lines: string[] = [];
    const { pino } = await import('pino');
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const logged = await h.startApp({ logger });
    try {
      const wf = await simpleWorkflow();
      const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { name: 'log' } } });
      await h.waitForRun(started.body.runId, ['succeeded']);
      const response = await fetch(`${logged.baseUrl}/api/runs/${started.body.runId}/events?token=${alice.idToken}`);
      await response.text();
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await logged.close();
    }
    const requestLines = lines.filter((line) => line.includes('/events'));
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.join('\n')).toContain('token=[redacted]');
    expect(lines.join('\n')).not.toContain(alice.idToken);
  });
});
