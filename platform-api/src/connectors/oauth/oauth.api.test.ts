// Connecting an app by signing in (OAuth 2 + PKCE) through platform-api,
// against the fake authorization server and the fake HubSpot API: connect
// (the credential is the user's who started, tokens sealed, never shown),
// a forged, reused or declined callback stores nothing, tokens refreshed
// before expiry and on a 401 in the middle of a run, and the grant revoked
// at the provider when the credential is deleted.
import { CONNECTORS_API, CONNECTOR_ERROR_CODES } from '@agentflow/shared/workflow';
import { startFakeAuthServer, type FakeAuthServer } from './testing/fakeAuthServer';
import { startFakeHubSpot, type FakeHubSpot } from '../hubspot/testing/fakeHubSpot';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../../testing/runsHarness';

let h: RunsHarness;
let auth: FakeAuthServer;
let hubspot: FakeHubSpot;
let alice: RunsUser;
let bob: RunsUser;

beforeAll(async () => {
  auth = await startFakeAuthServer({ provider: 'hubspot', clientId: 'agentflow-test', clientSecret: 'shh-client-secret', account: { email: 'alice@acme.test', hubDomain: 'acme.hubspot.test', hubId: 42 } });
  hubspot = await startFakeHubSpot({ tokens: (token) => auth.isValid(token) });
  h = await startRunsHarness('oauth', {
    env: {
      OAUTH_HUBSPOT_CLIENT_ID: 'agentflow-test',
      OAUTH_HUBSPOT_CLIENT_SECRET: 'shh-client-secret',
      OAUTH_HUBSPOT_AUTHORIZATION_URL: auth.urls.authorization,
      OAUTH_HUBSPOT_TOKEN_URL: auth.urls.token,
      OAUTH_HUBSPOT_REVOCATION_URL: auth.urls.revocation,
      OAUTH_HUBSPOT_ACCOUNT_URL: auth.urls.account,
      CONNECTOR_HUBSPOT_BASE_URL: hubspot.url,
    },
    limits: { retryBaseDelayMs: 10 },
  });
  alice = await h.createUser('alice', { tokens: 1000 });
  bob = await h.createUser('bob', { tokens: 1000 });
});

afterAll(async () => {
  await h?.close();
  await hubspot?.close();
  await auth?.close();
});

async function start(user: RunsUser, body: Record<string, unknown> = { credentialType: 'hubspotOAuth', name: 'Sales HubSpot', returnTo: '/workflows/wf-1' }) {
  return h.call('POST', CONNECTORS_API.oauthStart, { user, body, headers: { Origin: 'http://localhost:3000' } });
}

/** The provider's redirect to our callback, as the browser follows it (no redirects followed, no ID token). */
async function callback(url: URL): Promise<URL> {
  const response = await fetch(`${h.baseUrl()}${url.pathname}${url.search}`, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

async function credentialsOf(user: RunsUser) {
  const list = await h.call('GET', '/api/credentials', { user });
  expect(list.status).toBe(200);
  return list.body.credentials as { id: string; type: string; name: string; settings: Record<string, string>; secretHints: Record<string, string> }[];
}

async function connect(user: RunsUser): Promise<string> {
  const started = await start(user);
  expect(started.status).toBe(200);
  const back = await callback(await auth.consent(started.body.authorizationUrl));
  const id = back.searchParams.get('connected');
  expect(id).toBeTruthy();
  return id!;
}

it('says which sign-ins are set up, to signed-in users only', async () => {
  expect((await h.call('GET', CONNECTORS_API.status)).status).toBe(401);
  const status = await h.call('GET', CONNECTORS_API.status, { user: alice });
  expect(status.body).toEqual({ oauth: { google: false, hubspot: true } });
});

it('connects HubSpot for the user who started: the callback returns to the app with the new credential, whose tokens are sealed and never shown', async () => {
  const started = await start(alice);
  expect(started.status).toBe(200);
  const authorization = new URL(started.body.authorizationUrl);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  const redirect = await auth.consent(started.body.authorizationUrl);
  const back = await callback(redirect);
  expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/workflows/wf-1');
  const id = back.searchParams.get('connected')!;
  const mine = (await credentialsOf(alice)).find((c) => c.id === id)!;
  expect(mine).toMatchObject({ type: 'hubspotOAuth', name: 'Sales HubSpot' });
  expect(mine.settings.account).toContain('acme.hubspot.test');
  expect(Object.keys(mine.secretHints).sort()).toEqual(['accessToken', 'refreshToken']);
  const issued = auth.issued.at(-1)!;
  const listed = JSON.stringify(await credentialsOf(alice));
  expect(listed).not.toContain(issued.accessToken);
  expect(listed).not.toContain(issued.refreshToken);
  // Bob never sees Alice's connection.
  expect((await credentialsOf(bob)).some((c) => c.id === id)).toBe(false);
  // The state was single use: the same redirect again stores nothing more.
  const again = await callback(redirect);
  expect(again.searchParams.get('oauthError')).toBe(CONNECTOR_ERROR_CODES.oauthStateInvalid);
  expect((await credentialsOf(alice)).filter((c) => c.type === 'hubspotOAuth')).toHaveLength(1);
});

it('refuses a callback with a forged state, and a declined consent, storing nothing', async () => {
  const before = (await credentialsOf(alice)).length;
  const started = await start(alice);
  const redirect = await auth.consent(started.body.authorizationUrl);
  redirect.searchParams.set('state', 'forged-state-value-forged-state-value');
  const forged = await callback(redirect);
  expect(forged.searchParams.get('oauthError')).toBe(CONNECTOR_ERROR_CODES.oauthStateInvalid);
  expect(forged.searchParams.get('connected')).toBeNull();
  const declined = await callback(await auth.consent((await start(alice)).body.authorizationUrl, 'deny'));
  expect(declined.searchParams.get('oauthError')).toBe(CONNECTOR_ERROR_CODES.oauthDenied);
  expect((await credentialsOf(alice)).length).toBe(before);
});

it('refuses bad starts with the field named, and an app whose sign-in is not set up', async () => {
  const notOAuth = await start(alice, { credentialType: 'slackBot', name: 'Slack' });
  expect(notOAuth.status).toBe(400);
  expect(notOAuth.body.code).toBe(CONNECTOR_ERROR_CODES.notOAuthType);
  const offSite = await start(alice, { credentialType: 'hubspotOAuth', name: 'x', returnTo: '//evil.example/steal' });
  expect(offSite.status).toBe(400);
  expect(JSON.stringify(offSite.body)).toContain('returnTo');
  const google = await start(alice, { credentialType: 'googleOAuth', name: 'Google' });
  expect(google.status).toBe(409);
  expect(google.body.code).toBe(CONNECTOR_ERROR_CODES.oauthNotConfigured);
  expect((await h.call('POST', CONNECTORS_API.oauthStart, { body: { credentialType: 'hubspotOAuth', name: 'x' } })).status).toBe(401);
});

it('refreshes a token about to expire before the call, so the provider never sees the old one', async () => {
  const credentialId = await connect(alice);
  // The stored expiry says 10 s left (inside the refresh margin); the token itself still works.
  await h.db.collection('credentials').doc(credentialId).update({ 'settings.expiresAt': new Date(Date.now() + 10_000).toISOString() });
  const oldToken = auth.issued.at(-1)!.accessToken;
  const wf = await h.saveWorkflow(alice.uid, [manual(), node('find', 'connector', { connector: 'hubspot', operation: 'searchDeals', credentialId, params: { query: 'Globex' } })], [edge('trigger', 'find')]);
  const refreshesBefore = auth.refreshCount;
  const seenBefore = hubspot.requests.length;
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
  const run = await h.waitForRun(started.body.runId, ['succeeded', 'failed']);
  expect(run.status).toBe('succeeded');
  expect(auth.refreshCount).toBe(refreshesBefore + 1);
  const calls = hubspot.requests.slice(seenBefore);
  expect(calls).toHaveLength(1);
  expect(calls[0]!.authorization).toBe(`Bearer ${auth.issued.at(-1)!.accessToken}`);
  expect(calls[0]!.authorization).not.toContain(oldToken);
});

it('asks to reconnect when the provider no longer honours the grant: the step fails saying so, and Test connection says the account was rejected', async () => {
  const credentialId = await connect(alice);
  const grant = auth.issued.at(-1)!;
  // The user removed the app in HubSpot: its refresh token is revoked there, and the access token ends.
  expect((await fetch(`${auth.urls.revocation}/${grant.refreshToken}`, { method: 'DELETE' })).status).toBeLessThan(300);
  auth.expireAll();
  const wf = await h.saveWorkflow(alice.uid, [manual(), node('find', 'connector', { connector: 'hubspot', operation: 'searchDeals', credentialId, params: {} }, 'Find deals')], [edge('trigger', 'find')]);
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {} } });
  const run = await h.waitForRun(started.body.runId, ['succeeded', 'failed']);
  expect(run.status).toBe('failed');
  expect(run.steps.find((s) => s.id === 'find')!.error).toMatch(/^HubSpot did not accept the connected account \(it refused to renew the connection: invalid_grant.*\): reconnect it on the Credentials page$/);
  const tested = await h.call('POST', `/api/credentials/${credentialId}/test`, { user: alice });
  expect(tested.status).toBe(200);
  expect(tested.body).toMatchObject({ ok: false, code: 'credential_rejected' });
});

it('refreshes an expired token on a 401 in the middle of a run, stores the new tokens, and revokes the grant when the credential is deleted', async () => {
  const credentialId = await connect(bob);
  const wf = await h.saveWorkflow(bob.uid, [manual([{ key: 'company', type: 'string' }]), node('deal', 'connector', { connector: 'hubspot', operation: 'createDeal', credentialId, params: { dealname: 'Deal for {{ input.company }}', amount: '1200' } })], [edge('trigger', 'deal')]);
  const hintsBefore = (await credentialsOf(bob)).find((c) => c.id === credentialId)!.secretHints;
  const refreshesBefore = auth.refreshCount;
  // The provider ends the token early (its expiry date still ahead): the first call answers 401.
  auth.expireAll();
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: bob, body: { input: { company: 'Globex' } } });
  expect(started.status).toBe(202);
  const run = await h.waitForRun(started.body.runId, ['succeeded', 'failed']);
  expect(run.error ?? null).toBeNull();
  expect(run.status).toBe('succeeded');
  expect(auth.refreshCount).toBe(refreshesBefore + 1);
  expect(hubspot.deals.find((d) => d.properties.dealname === 'Deal for Globex')).toBeTruthy();
  const hintsAfter = (await credentialsOf(bob)).find((c) => c.id === credentialId)!.secretHints;
  expect(hintsAfter.accessToken).not.toBe(hintsBefore.accessToken);
  // The run record holds no token.
  const recorded = JSON.stringify(run);
  for (const token of auth.issued) expect(recorded).not.toContain(token.accessToken);

  const refreshToken = auth.issued.at(-1)!.refreshToken;
  const removed = await h.call('DELETE', `/api/credentials/${credentialId}`, { user: bob });
  expect(removed.status).toBe(204);
  expect(auth.revoked).toContain(refreshToken);
});
