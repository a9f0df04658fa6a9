// A fake OAuth 2 authorization server for tests (never shipped: testing/ is
// excluded from the service build), playing Google or HubSpot. A real HTTP
// server on 127.0.0.1 with the endpoints the OAuth client (oauth4webapi)
// and the connectors reach:
// - GET /authorize: the authorization code request with PKCE (S256 only),
//   answered with a consent page whose #allow / #deny buttons send the
//   browser back to redirect_uri with ?code&state or ?error=access_denied;
// - POST /token: authorization_code (single-use codes that live 1 minute,
//   redirect_uri and code_verifier checked) and refresh_token grants, client
//   authentication by client_secret_post or HTTP Basic, RFC 6749 errors;
// - POST /revoke (RFC 7009, Google) and DELETE /oauth/v1/refresh-tokens/{t} (HubSpot);
// - GET /oauth/v1/access-tokens/{t} (HubSpot's token info) and GET /userinfo (OIDC, Google).
// Tests read what it issued and revoked, and expire tokens at will.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { consentPage, errorPage } from './consentPage.js';

export interface FakeAuthServerOptions {
  provider: 'google' | 'hubspot';
  clientId: string;
  clientSecret: string;
  /** A fixed port (an e2e stack); default: any free one. */
  port?: number;
  host?: string;
  /** Redirect URIs the client registered; default: any http(s) URL. */
  redirectUris?: readonly string[];
  /** The app named on the consent page. */
  appName?: string;
  /** Access token lifetime (default: HubSpot's 1800 s, Google's 3599 s); 1 tests refresh on expiry. */
  accessTokenTtlSeconds?: number;
  /** Issue a new refresh token on each refresh (and retire the old one). */
  rotateRefreshTokens?: boolean;
  /** The signed-in account. */
  account?: { email?: string; sub?: string; hubDomain?: string; hubId?: number; userId?: number };
  now?: () => number;
}

export interface IssuedToken {
  accessToken: string;
  refreshToken: string;
  clientId: string;
  scope: string;
  grant: 'authorization_code' | 'refresh_token';
  /** Epoch ms. */
  expiresAt: number;
}

export interface FakeAuthServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The endpoints, to put in OAUTH_<PROVIDER>_AUTHORIZATION_URL / _TOKEN_URL / _REVOCATION_URL and the account lookup. */
  urls: { authorization: string; token: string; revocation: string; account: string };
  /** Every token response, oldest first. */
  issued: IssuedToken[];
  /** Every token revoked (access or refresh), in order. */
  revoked: string[];
  /** How many refresh_token grants were answered with a token. */
  readonly refreshCount: number;
  /** Issued, not revoked, not expired. */
  isValid(accessToken: string): boolean;
  /** Every access token issued so far expires now (their refresh tokens still work). */
  expireAll(): void;
  /** What a browser would do: open the authorization URL and press Allow or Deny; returns where it was sent back to. */
  consent(authorizationUrl: string, decision?: 'allow' | 'deny'): Promise<URL>;
  close(): Promise<void>;
}

interface PendingRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | null;
  challenge: string;
}
interface CodeGrant extends PendingRequest {
  expiresAt: number;
  used: boolean;
  /** The grant the code gave (revoked if the code comes back). */
  refreshToken?: string;
}
interface RefreshGrant {
  clientId: string;
  scope: string;
  active: boolean;
}

const CODE_TTL_MS = 60_000;
const random = (bytes = 24) => randomBytes(bytes).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8', 'Cache-Control': 'no-store', Pragma: 'no-cache', ...headers });
  res.end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'Content-Type': 'text/html;charset=utf-8' });
  res.end(html);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const type = req.headers['content-type'] ?? '';
  if (chunks.length > 0 && !type.includes('application/x-www-form-urlencoded')) throw new OAuthError(400, 'invalid_request', 'The request body must be application/x-www-form-urlencoded');
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeAuthServer(options: FakeAuthServerOptions): Promise<FakeAuthServer> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? Date.now;
  const provider = options.provider === 'google' ? 'Google' : 'HubSpot';
  const ttlSeconds = options.accessTokenTtlSeconds ?? (options.provider === 'google' ? 3599 : 1800);
  const account = {
    email: options.account?.email ?? 'owner@example.com',
    sub: options.account?.sub ?? '110248495921238986420',
    hubDomain: options.account?.hubDomain ?? 'example-portal.com',
    hubId: options.account?.hubId ?? 62515,
    userId: options.account?.userId ?? 123,
  };
  const pending = new Map<string, PendingRequest>();
  const codes = new Map<string, CodeGrant>();
  const refreshTokens = new Map<string, RefreshGrant>();
  const issued: IssuedToken[] = [];
  const revoked: string[] = [];
  const revokedSet = new Set<string>();
  let refreshCount = 0;

  const accessOf = (token: string) => issued.find((entry) => entry.accessToken === token);
  const isValid = (token: string) => {
    const entry = accessOf(token);
    return entry !== undefined && !revokedSet.has(token) && entry.expiresAt > now();
  };
  const revoke = (token: string) => {
    if (revokedSet.has(token)) return;
    revokedSet.add(token);
    revoked.push(token);
  };
  /** Revoking a grant (its refresh token) ends its access tokens too. */
  const revokeGrant = (refreshToken: string) => {
    const grant = refreshTokens.get(refreshToken);
    if (grant) grant.active = false;
    revoke(refreshToken);
    for (const entry of issued) if (entry.refreshToken === refreshToken) revoke(entry.accessToken);
  };

  const redirectAllowed = (uri: string) => (options.redirectUris ? options.redirectUris.includes(uri) : /^https?:\/\//.test(uri));
  const back = (request: { redirectUri: string; state: string | null }, params: Record<string, string>) => {
    const target = new URL(request.redirectUri);
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    if (request.state !== null) target.searchParams.set('state', request.state);
    return target.toString();
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(302, { Location: location });
    res.end();
  };

  function authorize(res: ServerResponse, query: URLSearchParams) {
    const clientId = query.get('client_id');
    const redirectUri = query.get('redirect_uri');
    if (clientId !== options.clientId) return sendHtml(res, 400, errorPage(provider, `The OAuth client was not found (client_id "${clientId ?? ''}").`));
    if (!redirectUri || !redirectAllowed(redirectUri)) return sendHtml(res, 400, errorPage(provider, `redirect_uri_mismatch: "${redirectUri ?? ''}" is not a registered redirect URI.`));
    const request = { clientId, redirectUri, scope: (query.get('scope') ?? '').trim(), state: query.get('state'), challenge: query.get('code_challenge') ?? '' };
    if (query.get('response_type') !== 'code') return redirect(res, back(request, { error: 'unsupported_response_type', error_description: 'response_type must be code' }));
    if (!request.challenge || query.get('code_challenge_method') !== 'S256') return redirect(res, back(request, { error: 'invalid_request', error_description: 'code_challenge with code_challenge_method=S256 is required' }));
    if (!request.scope) return redirect(res, back(request, { error: 'invalid_scope', error_description: 'Missing required parameter: scope' }));
    const requestId = random();
    pending.set(requestId, request);
    const name = options.appName ?? 'Agentflow';
    sendHtml(res, 200, consentPage({ provider, appName: name, account: options.provider === 'google' ? account.email : `${account.email} (${account.hubDomain})`, scopes: request.scope.split(/[\s,]+/), requestId }));
  }

  function decide(res: ServerResponse, form: URLSearchParams) {
    const request = pending.get(form.get('request') ?? '');
    if (!request) return sendHtml(res, 400, errorPage(provider, 'This sign-in request expired or was already answered.'));
    pending.delete(form.get('request')!);
    if (form.get('decision') !== 'allow') return redirect(res, back(request, { error: 'access_denied' }));
    const code = random();
    codes.set(code, { ...request, expiresAt: now() + CODE_TTL_MS, used: false });
    redirect(res, back(request, { code, ...(options.provider === 'google' ? { scope: request.scope } : {}) }));
  }

  /** The client of a token or revocation request: HTTP Basic or client_secret_post (not both); null when it sent none. */
  function client(req: IncomingMessage, form: URLSearchParams, required: boolean): string | null {
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const posted = form.get('client_secret');
    if (basic && posted) throw new OAuthError(400, 'invalid_request', 'Use one client authentication method');
    let id: string | null;
    let secret: string | null;
    if (basic) {
      const pair = Buffer.from(basic, 'base64').toString('utf8');
      const colon = pair.indexOf(':');
      const [rawId, rawSecret] = colon < 0 ? [pair, ''] : [pair.slice(0, colon), pair.slice(colon + 1)];
      [id, secret] = [decodeURIComponent(rawId.replace(/\+/g, ' ')), decodeURIComponent(rawSecret.replace(/\+/g, ' '))];
    } else [id, secret] = [form.get('client_id'), posted];
    if (!secret && !required) return null;
    if (id !== options.clientId || secret !== options.clientSecret) throw new OAuthError(401, 'invalid_client', 'The OAuth client was not found or its secret is wrong', basic ? { 'WWW-Authenticate': 'Basic realm="oauth"' } : {});
    return id;
  }

  function issue(clientId: string, scope: string, refreshToken: string, grant: IssuedToken['grant']): IssuedToken {
    const entry: IssuedToken = { accessToken: `${options.provider === 'google' ? 'ya29.' : 'CN'}${random()}`, refreshToken, clientId, scope, grant, expiresAt: now() + ttlSeconds * 1000 };
    issued.push(entry);
    return entry;
  }

  function token(req: IncomingMessage, form: URLSearchParams) {
    const clientId = client(req, form, true)!;
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const grant = codes.get(code);
      if (!grant || grant.clientId !== clientId || grant.expiresAt <= now()) throw new OAuthError(400, 'invalid_grant', 'The authorization code is unknown or expired');
      if (grant.used) {
        // RFC 6749 §4.1.2: a code used twice revokes what it gave.
        if (grant.refreshToken) revokeGrant(grant.refreshToken);
        throw new OAuthError(400, 'invalid_grant', 'The authorization code was already used');
      }
      grant.used = true;
      if (form.get('redirect_uri') !== grant.redirectUri) throw new OAuthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
      const verifier = form.get('code_verifier');
      if (!verifier) throw new OAuthError(400, 'invalid_request', 'Missing code_verifier');
      if (s256(verifier) !== grant.challenge) throw new OAuthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
      const refreshToken = `${options.provider === 'google' ? '1//' : ''}${random(32)}`;
      refreshTokens.set(refreshToken, { clientId, scope: grant.scope, active: true });
      grant.refreshToken = refreshToken;
      return answer(issue(clientId, grant.scope, refreshToken, 'authorization_code'), true);
    }
    if (grantType === 'refresh_token') {
      const presented = form.get('refresh_token') ?? '';
      const grant = refreshTokens.get(presented);
      if (!grant || !grant.active || grant.clientId !== clientId) throw new OAuthError(400, 'invalid_grant', 'The refresh token is unknown, revoked or expired');
      let refreshToken = presented;
      if (options.rotateRefreshTokens) {
        grant.active = false;
        refreshToken = `${options.provider === 'google' ? '1//' : ''}${random(32)}`;
        refreshTokens.set(refreshToken, { ...grant, active: true });
      }
      refreshCount++;
      // Google sends a refresh token only when it changed; HubSpot always sends it.
      return answer(issue(clientId, grant.scope, refreshToken, 'refresh_token'), options.provider === 'hubspot' || refreshToken !== presented);
    }
    throw new OAuthError(400, 'unsupported_grant_type', `grant_type "${grantType ?? ''}" is not supported`);
  }

  const answer = (entry: IssuedToken, withRefresh: boolean) => ({
    access_token: entry.accessToken,
    token_type: 'Bearer',
    expires_in: ttlSeconds,
    ...(withRefresh ? { refresh_token: entry.refreshToken } : {}),
    scope: entry.scope,
  });

  const bearer = (req: IncomingMessage) => /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake-auth.invalid');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (method === 'GET' && ['/authorize', '/oauth/authorize', '/o/oauth2/v2/auth'].includes(path)) return authorize(res, url.searchParams);
    if (method === 'POST' && path === '/authorize/decision') return decide(res, await readForm(req));
    if (method === 'POST' && ['/token', '/oauth/v1/token'].includes(path)) return sendJson(res, 200, token(req, await readForm(req)));
    if (method === 'POST' && path === '/revoke') {
      const form = await readForm(req);
      client(req, form, false);
      const presented = form.get('token') ?? '';
      if (refreshTokens.has(presented)) revokeGrant(presented);
      else {
        // Google: revoking an access token ends its whole grant.
        const entry = accessOf(presented);
        if (entry) revokeGrant(entry.refreshToken);
      }
      // RFC 7009 §2.2: an unknown token is answered 200 as well.
      return sendJson(res, 200, {});
    }
    const refreshPath = /^\/oauth\/v1\/refresh-tokens\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && refreshPath) {
      const presented = decodeURIComponent(refreshPath[1]!);
      if (!refreshTokens.get(presented)?.active) return sendJson(res, 404, { status: 'error', message: 'refresh token not found', correlationId: random(8) });
      revokeGrant(presented);
      res.writeHead(204);
      return res.end();
    }
    const infoPath = /^\/oauth\/v1\/access-tokens\/([^/]+)$/.exec(path);
    if (method === 'GET' && infoPath) {
      const presented = decodeURIComponent(infoPath[1]!);
      const entry = accessOf(presented);
      if (!entry || !isValid(presented)) return sendJson(res, 404, { status: 'error', message: 'access token not found or expired', correlationId: random(8) });
      return sendJson(res, 200, {
        token: presented,
        user: account.email,
        hub_domain: account.hubDomain,
        scopes: entry.scope.split(/[\s,]+/),
        hub_id: account.hubId,
        app_id: 1,
        expires_in: Math.max(0, Math.floor((entry.expiresAt - now()) / 1000)),
        user_id: account.userId,
        token_type: 'access',
      });
    }
    if (method === 'GET' && ['/userinfo', '/v1/userinfo', '/oauth2/v3/userinfo'].includes(path)) {
      if (!isValid(bearer(req))) throw new OAuthError(401, 'invalid_token', 'Invalid Credentials', { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
      return sendJson(res, 200, { sub: account.sub, email: account.email, email_verified: true });
    }
    sendJson(res, 404, { error: 'not_found', error_description: `No route for ${method} ${path}` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof OAuthError) return sendJson(res, error.status, { error: error.error, error_description: error.message }, error.headers);
      sendJson(res, 500, { error: 'server_error', error_description: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://${host}:${port}`;

  return {
    url: base,
    port,
    urls: {
      authorization: `${base}/authorize`,
      token: `${base}/token`,
      revocation: options.provider === 'google' ? `${base}/revoke` : `${base}/oauth/v1/refresh-tokens`,
      account: options.provider === 'google' ? `${base}/userinfo` : `${base}/oauth/v1/access-tokens`,
    },
    issued,
    revoked,
    get refreshCount() {
      return refreshCount;
    },
    isValid,
    expireAll: () => {
      const at = now() - 1;
      for (const entry of issued) entry.expiresAt = Math.min(entry.expiresAt, at);
    },
    consent: async (authorizationUrl, decision = 'allow') => {
      const page = await fetch(authorizationUrl, { redirect: 'manual' });
      if (page.status === 302) return new URL(page.headers.get('location')!);
      const html = await page.text();
      const requestId = /name="request" value="([^"]+)"/.exec(html)?.[1];
      if (!requestId) throw new Error(`The authorization page shows no consent (HTTP ${page.status}): ${html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()}`);
      const answer = await fetch(`${base}/authorize/decision`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ request: requestId, decision }).toString() });
      return new URL(answer.headers.get('location')!);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
