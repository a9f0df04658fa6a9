// The fake apps behind platform-api's connectors in the e2e stack: the
// global setup points HubSpot's sign-in and API and Slack's API at
// TEST_PORTS.apps (testConnectorEnv); a test starts the fakes there (test
// code from platform-api/src/connectors/*/testing) and reads their state.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeAuthServer, type FakeAuthServer } from '../../platform-api/src/connectors/oauth/testing/fakeAuthServer';
import { startFakeHubSpot, type FakeHubSpot } from '../../platform-api/src/connectors/hubspot/testing/fakeHubSpot';
import { startFakeSlack, type FakeSlack } from '../../platform-api/src/connectors/slack/testing/fake';

const STATE_FILE = path.resolve(__dirname, '../../.agentflow/e2e-stack.json');

interface StackState {
  ports: { apps?: { hubspotAuth: number; hubspot: number; slack: number } };
  env: Record<string, string>;
}

export interface StackApps {
  auth: FakeAuthServer;
  hubspot: FakeHubSpot;
  slack: FakeSlack;
  close(): Promise<void>;
}

/** HubSpot's sign-in and CRM, and Slack's Web API, on the ports and with the OAuth client platform-api was given. */
export async function startStackApps(slackToken: string): Promise<StackApps> {
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as StackState;
  const ports = state.ports.apps;
  if (!ports || !state.env.OAUTH_HUBSPOT_CLIENT_ID) throw new Error('The e2e stack gave platform-api no fake apps (see testConnectorEnv in e2e/stack/stack.mjs)');
  const auth = await startFakeAuthServer({
    provider: 'hubspot',
    port: ports.hubspotAuth,
    clientId: state.env.OAUTH_HUBSPOT_CLIENT_ID,
    clientSecret: state.env.OAUTH_HUBSPOT_CLIENT_SECRET ?? '',
    appName: 'Agentflow',
    account: { email: 'owner@globex.test', hubDomain: 'globex.hubspot.test', hubId: 4242 },
  });
  const hubspot = await startFakeHubSpot({ port: ports.hubspot, tokens: (token) => auth.isValid(token) });
  const slack = await startFakeSlack(slackToken, ports.slack);
  return {
    auth,
    hubspot,
    slack,
    close: async () => {
      await Promise.all([auth.close(), hubspot.close(), slack.close()]);
    },
  };
}
