// Approval notifications in Slack and Teams through the connectors, with the
// approver's own connection and only when they chose the channel: Slack
// finds them by their verified e-mail and writes to them with Approve and
// Reject buttons (the same one-click links as the e-mail); Teams posts to
// their webhook's channel. Fake Slack and Teams servers on loopback.
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { startFakeSlack, type FakeSlack } from '../connectors/slack/testing/fake';
import { startFakeTeams, type FakeTeams } from '../connectors/teams/testing/fake';

const APP_URL = 'http://app.agentflow.test';
let h: RunsHarness;
let slack: FakeSlack;
let teams: FakeTeams;
let alice: RunsUser;
let bob: RunsUser;

beforeAll(async () => {
  [slack, teams] = await Promise.all([startFakeSlack('xoxb-bob-bot'), startFakeTeams()]);
  h = await startRunsHarness('approvalchat', { env: { APP_URL, APPROVAL_LINK_SECRET: 'chat-secret', CONNECTOR_SLACK_BASE_URL: slack.url } });
  [alice, bob] = await Promise.all([h.createUser('alice', { tokens: 20 }), h.createUser('bob', { emailVerified: true })]);
  slack.users.push({ id: 'U0BOB', name: 'bob', realName: 'Bob Approver', email: bob.email });
  slack.channels.set('U0BOB', { id: 'U0BOB', name: 'bob-dm', botIsMember: true });
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 500));
  await h?.close();
  await Promise.all([slack?.close(), teams?.close()]);
});

async function eventually<T>(probe: () => T | false | undefined | null, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitingApproval(): Promise<string> {
  const wf = await h.saveWorkflow(alice.uid, [manual(), node('review', 'approval', { approvers: [bob.uid], message: 'Ship the order?' }), node('done', 'output', {})], [edge('trigger', 'review'), edge('review', 'done')], { name: 'Orders' });
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
  await h.waitForRun(started.body.runId, ['waiting']);
  return started.body.runId as string;
}

test('nothing goes to chat apps until the approver connects one and chooses it; then Slack and Teams get the approval with its links', async () => {
  // Chosen but not connected: nothing is sent, and the preferences say the channels are unavailable.
  await h.call('PUT', '/api/notification-preferences', { user: bob, body: { approval_waiting: { slack: true, teams: true } } });
  expect((await h.call('GET', '/api/notification-preferences', { user: bob })).body.available).toMatchObject({ slack: false, teams: false });
  await waitingApproval();
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(slack.messages).toHaveLength(0);
  expect(teams.messages).toHaveLength(0);

  for (const body of [
    { type: 'slackBot', name: 'Slack', secrets: { token: 'xoxb-bob-bot' } },
    { type: 'teamsWebhook', name: 'Teams', secrets: { webhookUrl: teams.webhookUrl } },
  ]) {
    expect((await h.call('POST', '/api/credentials', { user: bob, body })).status).toBe(201);
  }
  expect((await h.call('GET', '/api/notification-preferences', { user: bob })).body.available).toMatchObject({ slack: true, teams: true });
  await waitingApproval();
  const dm = await eventually(() => slack.messages.find((m) => m.channel === 'U0BOB'));
  expect(dm.text).toContain('*Approval needed: Orders*');
  expect(dm.text).toContain('Ship the order?');
  const buttons = JSON.stringify(dm.blocks);
  expect(buttons).toContain('"Approve"');
  expect(buttons).toContain('"Reject"');
  expect(buttons).toContain(`${APP_URL}/workflows/approvals/decide?token=`);
  const card = await eventually(() => teams.messages[0]);
  expect(card.texts[0]).toBe('Approval needed: Orders');
  expect(card.texts[1]).toContain('Ship the order?');

  // Turned off again: the next approval goes to neither.
  await h.call('PUT', '/api/notification-preferences', { user: bob, body: { approval_waiting: { slack: false, teams: false } } });
  await waitingApproval();
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(slack.messages).toHaveLength(1);
  expect(teams.messages).toHaveLength(1);
});
