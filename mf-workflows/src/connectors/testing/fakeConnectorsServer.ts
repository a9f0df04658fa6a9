// Test code only: platform-api's connector endpoints in memory, in front of
// the fake credentials server (one fetch serves both): GET /api/connectors
// with the OAuth providers a test sets up, POST …/oauth/start checked with
// the domain's body schema (400/409 with platform-api's codes), and the
// sign-ins it started. Plain functions, no jest globals.
import { CONNECTOR_ERROR_CODES, CONNECTORS_API, oauthStartBodySchema, type OAuthProviderId, type OAuthStartBody, type PollStatusReport } from '@agentflow/shared/workflow';
import { credentialType, isCredentialTypeId } from '@agentflow/shared/credentials';
import { createConnectorsClient, type ConnectorsClient } from '../api';
import { FAKE_PLATFORM, jsonResponse } from '../../runs/testing/fakeRunsServer';
import type { FakeCredentialsServer } from '../../credentials/testing/fakeCredentialsServer';

export interface FakeConnectorsServer {
  fetch: typeof fetch;
  client: ConnectorsClient;
  oauth: Record<OAuthProviderId, boolean>;
  starts: OAuthStartBody[];
  /** What GET /api/workflows/:id/poll answers (default: no trigger checked yet). */
  pollStatus: PollStatusReport;
  /** Where the fake provider's consent page is. */
  authorizationUrl: (n: number) => string;
}

export function createFakeConnectorsServer(credentials: FakeCredentialsServer, oauth: Partial<Record<OAuthProviderId, boolean>> = {}): FakeConnectorsServer {
  const server: FakeConnectorsServer = {
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input));
      const method = init.method ?? 'GET';
      const authorized = ((init.headers ?? {}) as Record<string, string>).Authorization?.startsWith('Bearer ');
      if (url.pathname === CONNECTORS_API.status && method === 'GET') {
        return authorized ? jsonResponse(200, { oauth: server.oauth }) : jsonResponse(401, { error: 'Missing ID token' });
      }
      if (url.pathname === CONNECTORS_API.oauthStart && method === 'POST') {
        if (!authorized) return jsonResponse(401, { error: 'Missing ID token' });
        const parsed = oauthStartBodySchema.safeParse(typeof init.body === 'string' ? JSON.parse(init.body) : undefined);
        if (!parsed.success) return jsonResponse(400, { error: parsed.error.issues[0]!.message, code: 'validation_failed' });
        const type = parsed.data.credentialType;
        const provider = isCredentialTypeId(type) ? credentialType(type).oauth?.provider : undefined;
        if (!provider) return jsonResponse(400, { error: 'credentialType is not a credential made by signing in', code: CONNECTOR_ERROR_CODES.notOAuthType });
        if (!server.oauth[provider]) return jsonResponse(409, { error: 'not set up', code: CONNECTOR_ERROR_CODES.oauthNotConfigured });
        server.starts.push(parsed.data);
        return jsonResponse(200, { authorizationUrl: server.authorizationUrl(server.starts.length) });
      }
      if (/^\/api\/workflows\/[^/]+\/poll$/.test(url.pathname) && method === 'GET') {
        return authorized ? jsonResponse(200, server.pollStatus) : jsonResponse(401, { error: 'Missing ID token' });
      }
      return credentials.fetch(input, init);
    }) as typeof fetch,
    client: null as unknown as ConnectorsClient,
    oauth: { google: false, hubspot: false, ...oauth },
    starts: [],
    pollStatus: { triggers: {} },
    authorizationUrl: (n) => `https://provider.test/authorize?state=state-${n}`,
  };
  server.client = createConnectorsClient({ baseUrl: FAKE_PLATFORM, getIdToken: async () => 'id-token-1', fetch: server.fetch });
  return server;
}
