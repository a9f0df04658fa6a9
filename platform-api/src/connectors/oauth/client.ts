// The OAuth 2 client (oauth4webapi): the authorization URL with PKCE (S256)
// and state, the code exchange, refresh and revocation. Every request goes
// through the private-address guard (guardedFetch); plain http is allowed
// only for endpoints the operator pointed at http (a local test server).
import * as oauth from 'oauth4webapi';
import { OAUTH_PROVIDERS } from '@agentflow/shared/workflow';
import { guardedFetch } from '../../net/guardedFetch.js';
import type { SafeFetchPolicy } from '../../net/safeFetch.js';
import type { OAuthClientConfig } from './config.js';

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  /** ISO 8601; null when the provider did not say. */
  expiresAt: string | null;
  scope: string | null;
}

/** The provider refused (a bad code, a revoked refresh token): the message is the provider's error code and description. */
export class OAuthGrantError extends Error {
  override name = 'OAuthGrantError';
}

export class OAuthClient {
  private readonly as: oauth.AuthorizationServer;
  private readonly client: oauth.Client;
  private readonly auth: oauth.ClientAuth;
  private readonly fetch: typeof globalThis.fetch;

  constructor(
    readonly config: OAuthClientConfig,
    policy: SafeFetchPolicy,
    private readonly now: () => number = Date.now,
  ) {
    this.as = {
      issuer: new URL(config.authorizationUrl).origin,
      authorization_endpoint: config.authorizationUrl,
      token_endpoint: config.tokenUrl,
      ...(config.revocation?.kind === 'rfc7009' ? { revocation_endpoint: config.revocation.url } : {}),
    };
    this.client = { client_id: config.clientId };
    this.auth = oauth.ClientSecretPost(config.clientSecret);
    this.fetch = guardedFetch(policy);
  }

  private options(signal?: AbortSignal) {
    const insecure = [this.config.tokenUrl, this.config.revocation?.url ?? '', this.config.accountUrl ?? ''].some((u) => u.startsWith('http:'));
    return { [oauth.customFetch]: this.fetch, ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}), ...(signal ? { signal } : {}) };
  }

  /** A fresh PKCE verifier and state; the caller stores both with the user. */
  static newSecrets(): { state: string; codeVerifier: string } {
    return { state: oauth.generateRandomState(), codeVerifier: oauth.generateRandomCodeVerifier() };
  }

  async authorizationUrl(input: { state: string; codeVerifier: string; redirectUri: string; scopes: readonly string[] }): Promise<string> {
    const declared = OAUTH_PROVIDERS[this.config.provider];
    const url = new URL(this.config.authorizationUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.config.clientId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('scope', input.scopes.join(declared.scopeSeparator));
    url.searchParams.set('state', input.state);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(input.codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
    for (const [key, value] of Object.entries((declared as { authorizationParams?: Record<string, string> }).authorizationParams ?? {})) url.searchParams.set(key, value);
    return url.toString();
  }

  private tokens(result: oauth.TokenEndpointResponse, previousRefresh: string | null): OAuthTokens {
    return {
      accessToken: result.access_token,
      // A provider that does not rotate refresh tokens sends none on refresh: keep the one we have.
      refreshToken: result.refresh_token ?? previousRefresh,
      expiresAt: typeof result.expires_in === 'number' ? new Date(this.now() + result.expires_in * 1000).toISOString() : null,
      scope: typeof result.scope === 'string' ? result.scope : null,
    };
  }

  /** The callback's code for tokens; `callbackUrl` is the whole URL the provider redirected to. */
  async exchange(callbackUrl: URL, expectedState: string, redirectUri: string, codeVerifier: string): Promise<OAuthTokens> {
    try {
      const params = oauth.validateAuthResponse(this.as, this.client, callbackUrl, expectedState);
      const response = await oauth.authorizationCodeGrantRequest(this.as, this.client, this.auth, params, redirectUri, codeVerifier, this.options());
      return this.tokens(await oauth.processAuthorizationCodeResponse(this.as, this.client, response), null);
    } catch (error) {
      throw grantError(error);
    }
  }

  async refresh(refreshToken: string, signal?: AbortSignal): Promise<OAuthTokens> {
    try {
      const response = await oauth.refreshTokenGrantRequest(this.as, this.client, this.auth, refreshToken, this.options(signal));
      return this.tokens(await oauth.processRefreshTokenResponse(this.as, this.client, response), refreshToken);
    } catch (error) {
      throw grantError(error);
    }
  }

  /** Revokes the refresh token (else the access token) at the provider. */
  async revoke(tokens: { accessToken?: string; refreshToken?: string }): Promise<void> {
    const revocation = this.config.revocation;
    const token = tokens.refreshToken || tokens.accessToken;
    if (!revocation || !token) return;
    if (revocation.kind === 'rfc7009') {
      const response = await oauth.revocationRequest(this.as, this.client, this.auth, token, this.options());
      await oauth.processRevocationResponse(response);
      return;
    }
    // HubSpot: DELETE /oauth/v1/refresh-tokens/{token}
    if (!tokens.refreshToken) return;
    const response = await this.fetch(`${revocation.url.replace(/\/+$/, '')}/${encodeURIComponent(tokens.refreshToken)}`, { method: 'DELETE' });
    if (!response.ok && response.status !== 404) throw new OAuthGrantError(`revocation answered HTTP ${response.status}`);
  }

  /** The connected account's name (an e-mail, a HubSpot portal), for the credential list; null when the provider does not say. */
  async accountName(accessToken: string): Promise<string | null> {
    const accountUrl = this.config.accountUrl;
    if (!accountUrl) return null;
    try {
      const response =
        this.config.provider === 'hubspot'
          ? await this.fetch(`${accountUrl.replace(/\/+$/, '')}/${encodeURIComponent(accessToken)}`)
          : await this.fetch(accountUrl, { headers: { Authorization: `Bearer ${accessToken}` } });
      if (!response.ok) return null;
      const body = (await response.json()) as { email?: unknown; user?: unknown; hub_domain?: unknown };
      const parts = [body.email ?? body.user, body.hub_domain].filter((part): part is string => typeof part === 'string' && part !== '');
      return parts.length > 0 ? parts.join(' · ').slice(0, 200) : null;
    } catch {
      return null;
    }
  }
}

function grantError(error: unknown): OAuthGrantError {
  if (error instanceof oauth.ResponseBodyError) return new OAuthGrantError(`${error.error}${error.error_description ? `: ${error.error_description}` : ''}`);
  if (error instanceof oauth.AuthorizationResponseError) return new OAuthGrantError(`${error.error}${error.error_description ? `: ${error.error_description}` : ''}`);
  const message = (error as { message?: unknown } | null)?.message;
  return new OAuthGrantError(typeof message === 'string' ? message : String(error));
}
