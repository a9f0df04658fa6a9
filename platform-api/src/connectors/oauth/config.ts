// The OAuth apps the operator configured: OAUTH_<PROVIDER>_CLIENT_ID and
// _CLIENT_SECRET enable a provider; _AUTHORIZATION_URL, _TOKEN_URL,
// _REVOCATION_URL and _USERINFO_URL override its documented endpoints
// (tests, self-hosted variants). A provider without a client is "not set
// up": the UI says so and offers the token credential where there is one.
import { OAUTH_PROVIDERS, OAUTH_PROVIDER_IDS, oauthEnvPrefix, type OAuthProviderDeclaration, type OAuthProviderId } from '@agentflow/shared/workflow';

export interface OAuthClientConfig {
  provider: OAuthProviderId;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  revocation: OAuthProviderDeclaration['revocation'];
  /** Where the connected account's name is read (Google: OIDC userinfo; HubSpot: the token's info). */
  accountUrl: string | null;
}

const ACCOUNT_URLS: Record<OAuthProviderId, string> = {
  google: 'https://openidconnect.googleapis.com/v1/userinfo',
  hubspot: 'https://api.hubapi.com/oauth/v1/access-tokens',
};

function url(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (!/^https?:\/\//.test(value)) throw new Error(`${name} must be an http(s) URL, not "${value}"`);
  return value;
}

export function oauthClientsFromEnv(env: NodeJS.ProcessEnv): Partial<Record<OAuthProviderId, OAuthClientConfig>> {
  const clients: Partial<Record<OAuthProviderId, OAuthClientConfig>> = {};
  for (const provider of OAUTH_PROVIDER_IDS) {
    const prefix = oauthEnvPrefix(provider);
    const clientId = env[`${prefix}CLIENT_ID`]?.trim();
    const clientSecret = env[`${prefix}CLIENT_SECRET`]?.trim();
    if (!clientId || !clientSecret) continue;
    const declared: OAuthProviderDeclaration = OAUTH_PROVIDERS[provider];
    const revocationUrl = env[`${prefix}REVOCATION_URL`]?.trim();
    clients[provider] = {
      provider,
      clientId,
      clientSecret,
      authorizationUrl: url(env, `${prefix}AUTHORIZATION_URL`, declared.authorizationUrl),
      tokenUrl: url(env, `${prefix}TOKEN_URL`, declared.tokenUrl),
      revocation: declared.revocation ? { kind: declared.revocation.kind, url: revocationUrl || declared.revocation.url } : null,
      accountUrl: url(env, `${prefix}ACCOUNT_URL`, ACCOUNT_URLS[provider]),
    } as OAuthClientConfig;
  }
  return clients;
}
