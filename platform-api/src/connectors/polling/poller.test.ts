// App poll triggers end to end: HubSpot's dealChanged trigger against the fake
// HubSpot CRM, with a private app token saved in the vault, polled by two
// platform-api instances on one Firestore and a clock the test moves. The
// first activation stores the cursor only; every new item gets exactly one
// run, across two instances, a crash between starting runs and storing the
// cursor, and a restart; a changed trigger starts over; a failed poll says
// why and starts nothing; an owner who cannot pay gets refused runs.
import { debit } from '@agentflow/shared/server';
import { CREDENTIALS_API, stepCredentialMissing } from '@agentflow/shared/credentials';
import { NOTIFICATIONS_COLLECTION, runRefusedNotificationId, type RunRefusedNotification } from '@agentflow/shared/domain';
import { RUN_LIMITS, type Workflow } from '@agentflow/shared/workflow';
import { decodeRun } from '../../runs/store';
import { pollItemRef } from '../../runs/firestoreRunStore';
import { ALLOW_LOCAL, edge, node, startRunsHarness, type RunsApp, type RunsHarness, type RunsUser } from '../../testing/runsHarness';
import { startFakeHubSpot, type FakeHubSpot } from '../hubspot/testing/fakeHubSpot';
import { ConnectorRuntime } from '../runtime/runtime';
import type { ConnectorExecutor } from '../runtime/types';
import { ConnectorPoller, pollConfigKey } from './poller';
import { FirestorePollStates, type Claim, type ClaimRequest, type PollOutcome } from './pollState';

const TOKEN = 'pat-na1-aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';
const MINUTE = 60_000;

let h: RunsHarness;
let fake: FakeHubSpot;
let alice: RunsUser;
let credentialId: string;
let clock = new Date('2026-11-23T09:00:00.000Z');
const now = () => clock;
const tick = (ms: number) => void (clock = new Date(clock.getTime() + ms));
const apps: RunsApp[] = [];
let workflows: Workflow[] = [];

beforeAll(async () => {
  h = await startRunsHarness('connector-polling');
  fake = await startFakeHubSpot();
  fake.grant(TOKEN);
  alice = await h.createUser('alice', { tokens: 500 });
  credentialId = await saveToken(alice);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await fake?.close();
  await h?.close();
});
// Each test's workflows go afterwards, so the next test's pollers see only their own.
afterEach(async () => {
  for (const wf of workflows) await h.db.collection('workflows').doc(wf.id).delete();
  workflows = [];
});

async function saveToken(user: RunsUser): Promise<string> {
  const created = await h.call('POST', CREDENTIALS_API.create, { user, body: { type: 'hubspotToken', name: 'HubSpot', secrets: { token: TOKEN } } });
  expect(created.status).toBe(201);
  return (created.body as { id: string }).id;
}

const startInstance = async () => {
  const app = await h.startApp({ now, env: { CONNECTOR_HUBSPOT_BASE_URL: fake.url } });
  apps.push(app);
  return app;
};
const pollerOf = (app: RunsApp) => app.runs.poller!;

const pollParams = (credential: string, params: Record<string, unknown> = {}) => ({ connector: 'hubspot', trigger: 'dealChanged', credentialId: credential, params, intervalMinutes: 5 });
async function dealWorkflow(owner: string, credential: string, params: Record<string, unknown> = {}, name = 'New deals') {
  const wf = await h.saveWorkflow(
    owner,
    [node('trigger', 'trigger.poll', pollParams(credential, params), 'Deal changed'), node('out', 'output', { mapping: '{"deal": input.id, "name": input.properties.dealname}' })],
    [edge('trigger', 'out')],
    { name },
  );
  workflows.push(wf);
  return wf;
}

const runsOf = async (workflowId: string) => (await h.db.collection('workflowRuns').where('workflowId', '==', workflowId).get()).docs.map((doc) => decodeRun(doc)!);
const stateOf = (workflowId: string) => new FirestorePollStates(h.db).read(workflowId);
const searches = () => fake.requests.filter((request) => request.path === '/crm/v3/objects/deals/search').length;
const newDeal = (dealname: string, dealstage = 'qualifiedtobuy') => fake.seed('deals', { dealname, dealstage, pipeline: 'default' });
/** The version a deal has now: the trigger's dedup key. */
const versionOf = (dealId: string) => {
  const deal = fake.deals.find((d) => d.id === dealId)!;
  return `${deal.id}@${deal.updatedAt}`;
};

it('the first activation stores the cursor and starts no run; then each new or changed deal gets exactly one run over two instances polling at once', async () => {
  const before = newDeal('Old deal');
  const wf = await dealWorkflow(alice.uid, credentialId);
  const [a, b] = [pollerOf(await startInstance()), pollerOf(await startInstance())];
  await Promise.all([a.refresh(), b.refresh()]);
  expect(a.workflowIds).toEqual([wf.id]);

  // Both check at once: one takes the lease and activates; the history (the old deal) is not replayed.
  const searchesBefore = searches();
  expect(await Promise.all([a.check(), b.check()])).toEqual([0, 0]);
  expect(searches() - searchesBefore).toBe(1);
  expect(await stateOf(wf.id)).toEqual({
    configKey: pollConfigKey(pollParams(credentialId)),
    cursor: String(Date.parse(fake.deals.find((d) => d.id === before.id)!.updatedAt)),
    lastPolledAt: clock.toISOString(),
    lastError: null,
    lastErrorAt: null,
    lease: null,
  });
  expect(await runsOf(wf.id)).toEqual([]);

  // Not due before the interval: nobody asks HubSpot.
  tick(4 * MINUTE);
  expect(await Promise.all([a.check(), b.check()])).toEqual([0, 0]);
  expect(searches() - searchesBefore).toBe(1);

  const second = newDeal('Acme renewal');
  const third = newDeal('Globex expansion');
  fake.touch(before.id, { amount: '5000' });
  const keys = [second.id, third.id, before.id].map(versionOf);
  tick(MINUTE);
  const started = await Promise.all([a.check(), b.check()]);
  expect(started[0]! + started[1]!).toBe(3);
  const runs = await runsOf(wf.id);
  expect(runs.map((run) => run.trigger.poll?.itemKey).sort()).toEqual([...keys].sort());
  const run = runs.find((r) => r.input.id === second.id)!;
  expect(run).toMatchObject({ ownerId: alice.uid, trigger: { type: 'poll', userId: null, poll: { connector: 'hubspot', trigger: 'dealChanged' } }, input: { id: second.id, version: versionOf(second.id) } });
  expect((await h.waitForRun(run.id, ['succeeded'])).output).toEqual({ out: { deal: second.id, name: 'Acme renewal' } });
  for (const key of keys) expect((await pollItemRef(h.db, wf.id, key).get()).get('workflowId')).toBe(wf.id);
  expect((await stateOf(wf.id))!.cursor).toBe(String(Date.parse(fake.deals.find((d) => d.id === before.id)!.updatedAt)));

  // The next poll finds nothing new.
  tick(5 * MINUTE);
  expect(await Promise.all([a.check(), b.check()])).toEqual([0, 0]);
  expect(await runsOf(wf.id)).toHaveLength(3);
});

it('an item gets one run even when two polls see it: startPolled creates the run with the item’s record in one transaction', async () => {
  const wf = await dealWorkflow(alice.uid, credentialId);
  const app = await startInstance();
  const newRun = { workflow: wf, ownerId: alice.uid, trigger: { type: 'poll' as const, userId: null, poll: { connector: 'hubspot', trigger: 'dealChanged', itemKey: 'd1@x' } }, input: { id: 'd1' } };
  const ids = await Promise.all([app.runs.service.startPolled(newRun, 'd1@x'), app.runs.service.startPolled(newRun, 'd1@x'), app.runs.service.startPolled(newRun, 'd1@x')]);
  expect(ids.filter((id) => id !== null)).toHaveLength(1);
  expect(await runsOf(wf.id)).toHaveLength(1);
});

it('two instances polling the same items at once (no lease between them) still start one run per item', async () => {
  const wf = await dealWorkflow(alice.uid, credentialId);
  const app = await startInstance();
  await pollerOf(app).refresh();
  await pollerOf(app).check();
  // As if the lease had lapsed under both: each claims and polls.
  class NoLease extends FirestorePollStates {
    override async claim(workflowId: string, _request: ClaimRequest): Promise<Claim> {
      return { kind: 'claimed', state: await this.read(workflowId) };
    }
    override finish(): Promise<boolean> {
      return Promise.resolve(true);
    }
  }
  const unleased = (instanceId: string) =>
    new ConnectorPoller({ db: h.db, logger: app.runs.service.logger, service: app.runs.service, runtime: app.runs.connectors!.runtime, policy: ALLOW_LOCAL, instanceId, now, states: new NoLease(h.db) });
  const [a, b] = [unleased('one'), unleased('two')];
  await Promise.all([a.refresh(), b.refresh()]);
  const deals = [newDeal('Cyberdyne'), newDeal('Tyrell'), newDeal('Weyland')];
  const searchesBefore = searches();
  const started = await Promise.all([a.check(), b.check()]);
  expect(searches() - searchesBefore).toBe(2);
  expect(started[0]! + started[1]!).toBe(3);
  expect((await runsOf(wf.id)).map((run) => run.input.id).sort()).toEqual(deals.map((d) => d.id).sort());
});

it('the first activation starts no run even when the app reports items with no cursor; an item too large for a run is skipped and said', async () => {
  const wf = await dealWorkflow(alice.uid, credentialId);
  const app = await startInstance();
  const cursors: (string | null)[] = [];
  // An executor that answers the first activation with its whole history.
  const chatty: ConnectorExecutor = {
    id: 'hubspot',
    operations: {},
    triggers: {
      dealChanged: async (_context, _values, cursor) => {
        cursors.push(cursor);
        // From the second poll on, also an item too large to be a run's input.
        const huge = cursors.length > 1 ? [{ id: 'h2', version: 'h2@1', updatedAt: '', properties: { notes: 'x'.repeat(RUN_LIMITS.maxInputBytes) } }] : [];
        return { items: [{ id: 'h1', version: `h1@${cursors.length}`, updatedAt: '', properties: {} }, ...huge], cursor: `c${cursors.length}` };
      },
    },
  };
  const runtime = new ConnectorRuntime({ executors: new Map([['hubspot', chatty]]), vault: { use: async () => ({ id: credentialId, type: 'hubspotToken', settings: {}, secrets: { token: TOKEN } }) } });
  const poller = new ConnectorPoller({ db: h.db, logger: app.runs.service.logger, service: app.runs.service, runtime, policy: ALLOW_LOCAL, instanceId: 'chatty', now });
  await poller.refresh();
  expect(await poller.check()).toBe(0);
  expect(await runsOf(wf.id)).toEqual([]);
  expect((await stateOf(wf.id))!.cursor).toBe('c1');
  tick(5 * MINUTE);
  expect(await poller.check()).toBe(1);
  expect(cursors).toEqual([null, 'c1']);
  expect((await runsOf(wf.id)).map((run) => run.input.version)).toEqual(['h1@2']);
  // The oversized item is skipped, said, and does not hold the cursor back.
  expect(await stateOf(wf.id)).toMatchObject({ cursor: 'c2', lastError: `1 new item(s) were larger than ${RUN_LIMITS.maxInputBytes} bytes and started no run`, lastErrorAt: clock.toISOString() });
});

it('a crash after the runs were started but before the cursor was stored, and a restart, start no duplicate', async () => {
  const wf = await dealWorkflow(alice.uid, credentialId);
  const app = await startInstance();
  const first = pollerOf(app);
  await first.refresh();
  await first.check();
  const activated = await stateOf(wf.id);

  // An instance that dies after starting the runs: its outcome is never stored, and its lease stays.
  class Crashing extends FirestorePollStates {
    override finish(_workflowId: string, _instanceId: string, _outcome: Partial<PollOutcome>): Promise<boolean> {
      return Promise.reject(new Error('process killed'));
    }
  }
  const crashing = new ConnectorPoller({ db: h.db, logger: app.runs.service.logger, service: app.runs.service, runtime: app.runs.connectors!.runtime, policy: ALLOW_LOCAL, instanceId: 'crashing', now, states: new Crashing(h.db) });
  const lost = newDeal('Initech');
  tick(5 * MINUTE);
  await crashing.refresh();
  await crashing.check();
  expect((await runsOf(wf.id)).map((run) => run.input.id)).toEqual([lost.id]);
  const crashed = await stateOf(wf.id);
  expect(crashed).toMatchObject({ cursor: activated!.cursor, lease: { instanceId: 'crashing' } });

  // While the dead instance's lease holds, nobody polls.
  const searchesBefore = searches();
  expect(await first.check()).toBe(0);
  expect(searches()).toBe(searchesBefore);

  // After it lapses, a restarted instance polls from the old cursor: the deal it sees again gets no second run; a newer one gets its run.
  const later = newDeal('Umbrella');
  tick(5 * MINUTE + 1000);
  const restarted = pollerOf(await h.restart({ now, env: { CONNECTOR_HUBSPOT_BASE_URL: fake.url } }));
  await restarted.refresh();
  expect(await restarted.check()).toBe(1);
  const runs = await runsOf(wf.id);
  expect(runs.map((run) => run.input.id).sort()).toEqual([lost.id, later.id].sort());
  expect(await stateOf(wf.id)).toMatchObject({ cursor: String(Date.parse(fake.deals.find((d) => d.id === later.id)!.updatedAt)), lease: null, lastError: null });
});

it('a changed trigger starts over from the provider’s current cursor without replaying what changed meanwhile', async () => {
  const wf = await dealWorkflow(alice.uid, credentialId);
  const poller = pollerOf(await startInstance());
  await poller.refresh();
  await poller.check();
  const firstKey = (await stateOf(wf.id))!.configKey;

  const meanwhile = newDeal('Hooli', 'appointmentscheduled');
  await h.db.collection('workflows').doc(wf.id).update({ nodes: [node('trigger', 'trigger.poll', pollParams(credentialId, { stage: 'appointmentscheduled' }), 'Deal changed'), node('out', 'output')] });
  await poller.refresh();
  // Due at once (a new configuration), long before the interval: activation again, no run for the deal changed meanwhile.
  tick(MINUTE);
  expect(await poller.check()).toBe(0);
  const restarted = await stateOf(wf.id);
  expect(restarted!.configKey).toBe(pollConfigKey(pollParams(credentialId, { stage: 'appointmentscheduled' })));
  expect(restarted!.configKey).not.toBe(firstKey);
  expect(restarted!.cursor).toBe(String(Date.parse(fake.deals.find((d) => d.id === meanwhile.id)!.updatedAt)));
  expect(await runsOf(wf.id)).toEqual([]);

  // From then on, only deals in that stage.
  newDeal('Pied Piper', 'closedwon');
  fake.touch(meanwhile.id, { amount: '1200' });
  tick(5 * MINUTE);
  expect(await poller.check()).toBe(1);
  expect((await runsOf(wf.id)).map((run) => run.input.version)).toEqual([versionOf(meanwhile.id)]);
});

it('a failed poll records lastError in plain words, keeps the cursor and starts nothing', async () => {
  const wf = await dealWorkflow(alice.uid, credentialId);
  const poller = pollerOf(await startInstance());
  await poller.refresh();
  await poller.check();
  const { cursor } = (await stateOf(wf.id))!;

  // HubSpot refuses the token (revoked in HubSpot).
  newDeal('Stark');
  fake.revoke(TOKEN);
  tick(5 * MINUTE);
  try {
    expect(await poller.check()).toBe(0);
  } finally {
    fake.grant(TOKEN);
  }
  const failed = await stateOf(wf.id);
  expect(failed).toMatchObject({ cursor, lease: null, lastErrorAt: clock.toISOString(), lastPolledAt: clock.toISOString() });
  expect(failed!.lastError).toMatch(/^HubSpot did not accept the connected account \(Authentication credentials not found\..*\): reconnect it on the Credentials page$/);
  expect(failed!.lastError).not.toContain(TOKEN);
  expect(await runsOf(wf.id)).toEqual([]);

  // Not retried before the interval; after it, the deal missed meanwhile gets its run and the error is cleared.
  tick(MINUTE);
  expect(await poller.check()).toBe(0);
  tick(4 * MINUTE);
  expect(await poller.check()).toBe(1);
  expect(await stateOf(wf.id)).toMatchObject({ lastError: null, lastErrorAt: null });

  // The credential is deleted: the poll says so, naming the trigger.
  expect((await h.call('DELETE', CREDENTIALS_API.one(credentialId), { user: alice })).status).toBe(204);
  try {
    newDeal('Wayne');
    tick(5 * MINUTE);
    expect(await poller.check()).toBe(0);
    expect((await stateOf(wf.id))!.lastError).toBe(stepCredentialMissing('Deal changed'));
    expect(await runsOf(wf.id)).toHaveLength(1);
  } finally {
    credentialId = await saveToken(alice);
  }
});

describe('owners who cannot pay', () => {
  const notificationOf = async (uid: string, workflowId: string, code: 'plan_required' | 'insufficient_tokens') =>
    (await h.db.collection(NOTIFICATIONS_COLLECTION).doc(runRefusedNotificationId(uid, workflowId, code)).get()).data() as RunRefusedNotification | undefined;

  it('out of tokens: each new deal is recorded as a refused run, free, and the owner is told as for a schedule run', async () => {
    const broke = await h.createUser('broke');
    const wf = await dealWorkflow(broke.uid, await saveToken(broke), {}, 'Deal alerts');
    const poller = pollerOf(await startInstance());
    await poller.refresh();
    await poller.check();
    await debit(h.db, { uid: broke.uid, feature: 'workflow_run', amount: await h.balance(broke.uid), idempotencyKey: 'test:drain-poll' });

    const deal = newDeal('Wonka');
    tick(5 * MINUTE);
    expect(await poller.check()).toBe(1);
    const [run] = await runsOf(wf.id);
    expect(run).toMatchObject({ status: 'refused', errorCode: 'insufficient_tokens', error: 'Insufficient tokens: 1 needed, 0 remaining', tokensUsed: 0, trigger: { type: 'poll' }, input: { id: deal.id } });
    expect(await h.balance(broke.uid)).toBe(0);
    expect(await notificationOf(broke.uid, wf.id, 'insufficient_tokens')).toMatchObject({ runId: run!.id, trigger: 'schedule', workflowName: 'Deal alerts', count: 1 });
    // The item is spent: a later poll does not retry it.
    tick(5 * MINUTE);
    expect(await poller.check()).toBe(0);
    expect(await runsOf(wf.id)).toHaveLength(1);
  });

  it('a Free owner’s poll runs are refused as schedule runs are (plan_required, naming Basic)', async () => {
    const free = await h.createUser('free-poller', { plan: 'free' });
    const wf = await dealWorkflow(free.uid, await saveToken(free));
    const poller = pollerOf(await startInstance());
    await poller.refresh();
    await poller.check();
    newDeal('Soylent');
    tick(5 * MINUTE);
    const before = await h.balance(free.uid);
    expect(await poller.check()).toBe(1);
    const [run] = await runsOf(wf.id);
    expect(run).toMatchObject({ status: 'refused', errorCode: 'plan_required', error: 'Schedule triggers are not included in your plan; upgrade to Basic to use them', tokensUsed: 0 });
    expect(await h.balance(free.uid)).toBe(before);
    expect(await notificationOf(free.uid, wf.id, 'plan_required')).toMatchObject({ runId: run!.id, trigger: 'schedule' });
  });
});

it('more new items than one poll starts: the old cursor is kept and the rest come with the next poll', async () => {
  const wf = await dealWorkflow(alice.uid, credentialId);
  const poller = pollerOf(await startInstance());
  await poller.refresh();
  await poller.check();
  const { cursor } = (await stateOf(wf.id))!;
  for (let i = 0; i < 53; i++) newDeal(`Bulk ${i}`);
  tick(5 * MINUTE);
  expect(await poller.check()).toBe(50);
  expect((await stateOf(wf.id))!.cursor).toBe(cursor);
  tick(5 * MINUTE);
  expect(await poller.check()).toBe(3);
  expect(new Set((await runsOf(wf.id)).map((run) => run.input.id)).size).toBe(53);
  expect((await stateOf(wf.id))!.cursor).not.toBe(cursor);
});

test('the configuration key ignores key order and the interval, and changes with the account or a param', () => {
  const base = pollConfigKey({ connector: 'hubspot', trigger: 'dealChanged', credentialId: 'c1', params: { stage: 'closedwon', other: 1 } });
  expect(pollConfigKey({ connector: 'hubspot', trigger: 'dealChanged', credentialId: 'c1', params: { other: 1, stage: 'closedwon' } })).toBe(base);
  expect(pollConfigKey({ connector: 'hubspot', trigger: 'dealChanged', credentialId: 'c2', params: { stage: 'closedwon', other: 1 } })).not.toBe(base);
  expect(pollConfigKey({ connector: 'hubspot', trigger: 'dealChanged', credentialId: 'c1', params: { stage: 'closedlost', other: 1 } })).not.toBe(base);
});

it('each poll trigger of a workflow is polled on its own and its runs name it; switched off, nothing is polled, and switching on starts over without replaying', async () => {
  const wf = await h.saveWorkflow(
    alice.uid,
    [node('deals', 'trigger.poll', pollParams(credentialId), 'Deals'), node('again', 'trigger.poll', pollParams(credentialId), 'Deals again'), node('out', 'output', { mapping: '{"deal": input.id}' })],
    [edge('deals', 'out'), edge('again', 'out')],
  );
  workflows.push(wf);
  const poller = pollerOf(await startInstance());
  await poller.refresh();
  expect(poller.workflowIds).toEqual([wf.id]);

  // Each trigger activates on its own (its own state: the first under the workflow id as before).
  let searchesBefore = searches();
  expect(await poller.check()).toBe(0);
  expect(searches() - searchesBefore).toBe(2);
  expect((await stateOf(wf.id))?.cursor).toEqual(expect.any(String));
  expect((await stateOf(`${wf.id}_again`))?.cursor).toEqual(expect.any(String));

  // A new deal: one run per trigger, each naming its node.
  const deal = newDeal('Two triggers');
  tick(5 * MINUTE);
  expect(await poller.check()).toBe(2);
  const runs = await runsOf(wf.id);
  expect(runs.map((run) => run.trigger.nodeId).sort()).toEqual(['again', 'deals']);
  expect(runs.every((run) => run.input.id === deal.id)).toBe(true);

  // Switched off (read at poll time): HubSpot is not asked, no run starts, the cursors are dropped.
  await h.db.collection('workflows').doc(wf.id).update({ active: false });
  newDeal('While off');
  tick(5 * MINUTE);
  searchesBefore = searches();
  expect(await poller.check()).toBe(0);
  expect(searches() - searchesBefore).toBe(0);
  expect((await stateOf(wf.id))?.cursor).toBeNull();
  expect((await stateOf(`${wf.id}_again`))?.cursor).toBeNull();

  // On again: a first activation, so what came while it was off starts nothing.
  await h.db.collection('workflows').doc(wf.id).update({ active: true });
  tick(5 * MINUTE);
  expect(await poller.check()).toBe(0);
  expect(searches() - searchesBefore).toBe(2);
  expect(await runsOf(wf.id)).toHaveLength(2);
});
