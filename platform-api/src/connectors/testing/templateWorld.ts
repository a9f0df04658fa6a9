// The world the industry templates run in, end to end (test code): the fake
// of every app they use, a fake model, a local upstream for the company's
// own systems (TMS, FSM…), platform-api with the runs module, and a user
// who has connected one account per app, Google through the real OAuth
// sign-in against the fake authorization server. copy() turns a template
// into that user's workflow as "Use template" + connecting accounts would.
import { CONNECTORS_API, templateById, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import type http from 'node:http';
import { startFakeAirtable, type FakeAirtable } from '../airtable/testing/fake';
import { startFakeSmtp, type FakeSmtp } from '../email/testing/fake';
import { startFakeGoogle, type FakeGoogle } from '../google/testing/fakeGoogle';
import { startFakeHubSpot, type FakeHubSpot } from '../hubspot/testing/fakeHubSpot';
import { startFakeAuthServer, type FakeAuthServer } from '../oauth/testing/fakeAuthServer';
import { startFakePipedrive, type FakePipedrive } from '../pipedrive/testing/fake';
import { startFakeSlack, type FakeSlack } from '../slack/testing/fake';
import { startFakeTeams, type FakeTeams } from '../teams/testing/fake';
import { startFakeTwilio, type FakeTwilio } from '../twilio/testing/fake';
import { startFakeOpenAI, type FakeOpenAI } from '../../testing/fakeOpenAI';
import { startRunsHarness, type RunsHarness, type RunsUser } from '../../testing/runsHarness';
import type { StoredRun } from '../../runs/index';
import { startUpstream, type Upstream } from '../../testing/upstream';

const HUBSPOT_TOKEN = 'pat-na1-templates-token';
const SLACK_TOKEN = 'xoxb-templates-bot-token';
const SMTP_USER = 'robot@agentflow.test';
const SMTP_PASSWORD = 'correct horse';

/** A request the company's own systems (the upstream) received. */
export interface OwnSystemRequest {
  method: string;
  /** /<system>/<path>: the placeholder host's first label, then its path. */
  path: string;
  body: string;
}

export interface TemplateWorld {
  h: RunsHarness;
  owner: RunsUser;
  /** Holds no role: named on every approval step of a copy (the template's roles stay). */
  approver: RunsUser;
  model: FakeOpenAI;
  hubspot: FakeHubSpot;
  slack: FakeSlack;
  teams: FakeTeams;
  twilio: FakeTwilio;
  smtp: FakeSmtp;
  google: FakeGoogle;
  pipedrive: FakePipedrive;
  airtable: FakeAirtable;
  own: OwnSystemRequest[];
  /** The credential id per app (connector id). */
  credentials: Record<string, string>;
  /** Saves the owner's copy of a template: accounts connected, own systems pointed at the upstream (then `change` applied to each node). */
  copy(templateId: string, change?: (node: WorkflowNode) => WorkflowNode): Promise<Workflow>;
  /** Starts a run as the run form or a delivery would, approves each approval step, and waits for the end. */
  run(workflow: Workflow, input: Record<string, unknown>): Promise<StoredRun>;
  close(): Promise<void>;
}

/** What the company's own systems answer: a created record has an id; lists have one sensible entry. */
function ownSystemAnswer(path: string): unknown {
  if (path.startsWith('/fsm/api/technicians')) return [{ id: 'T7', name: 'Jo Rivera', phone: '+15555550177', skills: ['hvac', 'gas-safe'], location: 'Depot North' }];
  if (path.startsWith('/tms/api/carriers/')) return { baseRatePerPallet: 42, fuelSurchargePercent: 12, accessorials: { liftgate: 35 } };
  return { id: 'OWN-1', ok: true };
}

const HOST = /^https:\/\/([a-z]+)\.example\.com/;

function pointAtUpstream(node: WorkflowNode, upstream: string): WorkflowNode {
  const rewrite = (url: string) => url.replace(HOST, (_all, system: string) => `${upstream}/${system}`);
  const p = node.params as Record<string, unknown>;
  if (node.type === 'http') return { ...node, params: { ...p, url: rewrite(p.url as string) } };
  if (node.type === 'agent') {
    const tools = p.tools as { http: { url: string }[] };
    return { ...node, params: { ...p, tools: { ...tools, http: tools.http.map((tool) => ({ ...tool, url: rewrite(tool.url) })) } } };
  }
  return node;
}

export async function startTemplateWorld(): Promise<TemplateWorld> {
  const own: OwnSystemRequest[] = [];
  const upstream: Upstream = await startUpstream((req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      own.push({ method: req.method ?? '', path, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(ownSystemAnswer(path)));
    });
  });
  const auth: FakeAuthServer = await startFakeAuthServer({ provider: 'google', clientId: 'agentflow-test', clientSecret: 'google-client-secret', account: { email: 'agent@agency.test', sub: '1234' } });
  const [model, hubspot, slack, teams, twilio, smtp, google, pipedrive, airtable] = await Promise.all([
    startFakeOpenAI(),
    startFakeHubSpot(),
    startFakeSlack(SLACK_TOKEN),
    startFakeTeams(),
    startFakeTwilio(),
    startFakeSmtp({ [SMTP_USER]: SMTP_PASSWORD }),
    startFakeGoogle(),
    startFakePipedrive(),
    startFakeAirtable(),
  ]);
  hubspot.grant(HUBSPOT_TOKEN);
  const h = await startRunsHarness('templates', {
    env: {
      CONNECTOR_HUBSPOT_BASE_URL: hubspot.url,
      CONNECTOR_SLACK_BASE_URL: slack.url,
      CONNECTOR_TWILIO_BASE_URL: twilio.url,
      CONNECTOR_PIPEDRIVE_BASE_URL: `${pipedrive.url}/v1`,
      CONNECTOR_AIRTABLE_BASE_URL: `${airtable.url}/v0`,
      CONNECTOR_GMAIL_BASE_URL: google.url,
      CONNECTOR_GOOGLESHEETS_BASE_URL: google.url,
      CONNECTOR_GOOGLECALENDAR_BASE_URL: google.calendarUrl,
      OAUTH_GOOGLE_CLIENT_ID: 'agentflow-test',
      OAUTH_GOOGLE_CLIENT_SECRET: 'google-client-secret',
      OAUTH_GOOGLE_AUTHORIZATION_URL: auth.urls.authorization,
      OAUTH_GOOGLE_TOKEN_URL: auth.urls.token,
      OAUTH_GOOGLE_REVOCATION_URL: auth.urls.revocation,
      OAUTH_GOOGLE_ACCOUNT_URL: auth.urls.account,
      AI_BASE_URL: model.baseUrl,
      AI_API_KEY: 'test',
      AI_MODEL: 'fake-model',
    },
    limits: { retryBaseDelayMs: 10 },
  });
  const owner = await h.createUser('agency', { tokens: 100_000 });
  const approver = await h.createUser('manager');

  const create = async (connectors: string[], body: Record<string, unknown>) => {
    const created = await h.call('POST', '/api/credentials', { user: owner, body });
    if (created.status !== 201) throw new Error(`credential ${String(body.type)}: ${created.status} ${JSON.stringify(created.body)}`);
    return Object.fromEntries(connectors.map((id) => [id, created.body.id as string]));
  };
  const credentials: Record<string, string> = {
    ...(await create(['hubspot'], { type: 'hubspotToken', name: 'HubSpot', secrets: { token: HUBSPOT_TOKEN } })),
    ...(await create(['slack'], { type: 'slackBot', name: 'Slack', secrets: { token: SLACK_TOKEN } })),
    ...(await create(['teams'], { type: 'teamsWebhook', name: 'Ops desk', secrets: { webhookUrl: teams.webhookUrl } })),
    ...(await create(['twilio'], { type: 'twilio', name: 'Twilio', settings: { accountSid: twilio.accountSid, fromNumber: twilio.smsNumber }, secrets: { authToken: twilio.authToken } })),
    ...(await create(['email'], {
      type: 'smtp',
      name: 'Mail server',
      settings: { host: '127.0.0.1', port: String(smtp.port), security: 'none', username: SMTP_USER, fromAddress: `Agency <${SMTP_USER}>` },
      secrets: { password: SMTP_PASSWORD },
    })),
    ...(await create(['pipedrive'], { type: 'pipedriveToken', name: 'Pipedrive', secrets: { apiToken: pipedrive.token } })),
    ...(await create(['airtable'], { type: 'airtableToken', name: 'Airtable', secrets: { token: airtable.token } })),
    ...(await connectGoogle(h, owner, auth, google)),
  };

  const copy = async (templateId: string, change: (node: WorkflowNode) => WorkflowNode = (node) => node): Promise<Workflow> => {
    const template = templateById(templateId);
    if (!template) throw new Error(`no template ${templateId}`);
    const nodes = (JSON.parse(JSON.stringify(template.nodes)) as WorkflowNode[]).map((node) => {
      const p = node.params as Record<string, unknown>;
      if (node.type === 'connector' || node.type === 'trigger.poll') return { ...node, params: { ...p, credentialId: credentials[p.connector as string] } };
      if (node.type === 'approval') return { ...node, params: { ...p, approvers: [...(p.approvers as string[]), approver.uid] } };
      return pointAtUpstream(node, upstream.url);
    }).map(change);
    return h.saveWorkflow(owner.uid, nodes, template.edges, { name: template.name, category: template.category, industry: template.industry });
  };

  const run = async (workflow: Workflow, input: Record<string, unknown>): Promise<StoredRun> => {
    const started = await h.call('POST', `/api/workflows/${workflow.id}/runs`, { user: owner, body: { input } });
    if (started.status !== 202) throw new Error(`start ${workflow.name}: ${started.status} ${JSON.stringify(started.body)}`);
    const runId = started.body.runId as string;
    for (;;) {
      const now = await h.waitForRun(runId, ['succeeded', 'failed', 'canceled', 'refused', 'waiting'], 30_000);
      if (now.status !== 'waiting') return now;
      const approved = await h.call('POST', `/api/runs/${runId}/approve`, { user: approver, body: { comment: 'Checked' } });
      if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.body)}`);
      await h.waitForRun(runId, (r) => r.status !== 'waiting', 30_000);
    }
  };

  return {
    h,
    owner,
    approver,
    model,
    hubspot,
    slack,
    teams,
    twilio,
    smtp,
    google,
    pipedrive,
    airtable,
    own,
    credentials,
    copy,
    run,
    close: async () => {
      await h.close();
      await Promise.all([upstream, auth, model, hubspot, slack, teams, twilio, smtp, google, pipedrive, airtable].map((server) => server.close()));
    },
  };
}

/** Google is OAuth only: the owner signs in through platform-api against the fake authorization server, whose token the fake Google then accepts. */
async function connectGoogle(h: RunsHarness, owner: RunsUser, auth: FakeAuthServer, google: FakeGoogle): Promise<Record<string, string>> {
  const started = await h.call('POST', CONNECTORS_API.oauthStart, { user: owner, body: { credentialType: 'googleOAuth', name: 'Google' }, headers: { Origin: 'http://localhost:3000' } });
  if (started.status !== 200) throw new Error(`Google sign-in: ${started.status} ${JSON.stringify(started.body)}`);
  const redirect = await auth.consent(started.body.authorizationUrl as string);
  const back = await fetch(`${h.baseUrl()}${redirect.pathname}${redirect.search}`, { redirect: 'manual' });
  const id = new URL(back.headers.get('location') ?? '', 'http://localhost:3000').searchParams.get('connected');
  if (!id) throw new Error(`Google sign-in did not connect: ${back.status} ${back.headers.get('location')}`);
  google.grant(auth.issued.at(-1)!.accessToken);
  return { gmail: id, googleSheets: id, googleCalendar: id };
}
