// The OAuth client's authorization URL: PKCE S256 (the challenge is the
// verifier's SHA-256), the state, the redirect URI, the provider's scope
// separator and extra parameters (Google's offline access), and the
// operator's endpoint overrides.
import { createHash } from 'node:crypto';
import { OAUTH_PROVIDERS } from '@agentflow/shared/workflow';
import { credentialType } from '@agentflow/shared/credentials';
import { ALLOW_LOCAL } from '../../testing/runsHarness';
import { OAuthClient } from './client';
import { oauthClientsFromEnv } from './config';

describe('oauthClientsFromEnv', () => {
  it('enables only providers with both a client id and secret, with the documented endpoints unless overridden', () => {
    const clients = oauthClientsFromEnv({
      OAUTH_GOOGLE_CLIENT_ID: 'google-id',
      OAUTH_GOOGLE_CLIENT_SECRET: 'google-secret',
      OAUTH_HUBSPOT_CLIENT_ID: 'hubspot-id',
      OAUTH_GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
    });
    expect(Object.keys(clients)).toEqual(['google']);
    expect(clients.google).toMatchObject({ authorizationUrl: OAUTH_PROVIDERS.google.authorizationUrl, tokenUrl: 'http://127.0.0.1:9/token', revocation: { kind: 'rfc7009', url: OAUTH_PROVIDERS.google.revocation.url } });
  });

  it('refuses an endpoint override that is not an http(s) URL, naming the setting', () => {
    expect(() => oauthClientsFromEnv({ OAUTH_HUBSPOT_CLIENT_ID: 'a', OAUTH_HUBSPOT_CLIENT_SECRET: 'b', OAUTH_HUBSPOT_AUTHORIZATION_URL: 'ftp://x' })).toThrow('OAUTH_HUBSPOT_AUTHORIZATION_URL must be an http(s) URL');
  });
});

describe('OAuthClient.authorizationUrl', () => {
  const config = oauthClientsFromEnv({ OAUTH_GOOGLE_CLIENT_ID: 'google-id', OAUTH_GOOGLE_CLIENT_SECRET: 'google-secret' }).google!;

  it('sends the S256 challenge of the verifier, the state, the redirect URI and every scope of the credential type', async () => {
    const { state, codeVerifier } = OAuthClient.newSecrets();
    expect(state).not.toBe(codeVerifier);
    expect(codeVerifier.length).toBeGreaterThanOrEqual(43);
    const url = new URL(await new OAuthClient(config, ALLOW_LOCAL).authorizationUrl({ state, codeVerifier, redirectUri: 'https://api.example.com/api/connectors/oauth/callback', scopes: credentialType('googleOAuth').oauth!.scopes }));
    expect(`${url.origin}${url.pathname}`).toBe(OAUTH_PROVIDERS.google.authorizationUrl);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      response_type: 'code',
      client_id: 'google-id',
      redirect_uri: 'https://api.example.com/api/connectors/oauth/callback',
      state,
      code_challenge_method: 'S256',
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(query.scope!.split(' ')).toEqual([...credentialType('googleOAuth').oauth!.scopes]);
    // The client secret never travels through the browser.
    expect(url.toString()).not.toContain('google-secret');
  });
});
