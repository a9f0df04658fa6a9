// OAuth 2 providers connectors sign in with (authorization code + PKCE
// through platform-api). The endpoints are the providers' documented ones;
// OAUTH_<PROVIDER>_CLIENT_ID / _CLIENT_SECRET (operator settings) enable a
// provider, and OAUTH_<PROVIDER>_AUTHORIZATION_URL / _TOKEN_URL /
// _REVOCATION_URL override the endpoints (tests, self-hosted variants).
export interface OAuthProviderDeclaration {
  id: string;
  /** The brand, the same in every language. */
  name: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** RFC 7009 token revocation (Google), or the provider's own (HubSpot: DELETE …/refresh-tokens/{token}). */
  revocation: { kind: 'rfc7009'; url: string } | { kind: 'hubspot'; url: string } | null;
  /** Extra authorization parameters the provider needs for a refresh token (Google: access_type=offline). */
  authorizationParams?: Readonly<Record<string, string>>;
  /** How the scope list is joined. */
  scopeSeparator: ' ' | ',';
}

export const OAUTH_PROVIDERS = {
  google: {
    id: 'google',
    name: 'Google',
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    revocation: { kind: 'rfc7009', url: 'https://oauth2.googleapis.com/revoke' },
    authorizationParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    scopeSeparator: ' ',
  },
  hubspot: {
    id: 'hubspot',
    name: 'HubSpot',
    authorizationUrl: 'https://app.hubspot.com/oauth/authorize',
    tokenUrl: 'https://api.hubapi.com/oauth/v1/token',
    revocation: { kind: 'hubspot', url: 'https://api.hubapi.com/oauth/v1/refresh-tokens' },
    scopeSeparator: ' ',
  },
} as const satisfies Record<string, OAuthProviderDeclaration>;

export type OAuthProviderId = keyof typeof OAUTH_PROVIDERS;
export const OAUTH_PROVIDER_IDS = Object.keys(OAUTH_PROVIDERS) as OAuthProviderId[];

export function isOAuthProviderId(value: unknown): value is OAuthProviderId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(OAUTH_PROVIDERS, value);
}

/** The env prefix of a provider's operator settings: OAUTH_GOOGLE_… */
export const oauthEnvPrefix = (provider: OAuthProviderId) => `OAUTH_${provider.toUpperCase()}_`;

/** How long a started sign-in may take before its state expires. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Tokens are refreshed this long before they expire. */
export const OAUTH_REFRESH_MARGIN_MS = 60_000;
