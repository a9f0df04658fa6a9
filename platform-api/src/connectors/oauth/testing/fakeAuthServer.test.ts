// The fake authorization server keeps the rules of RFC 6749 / 7636 / 7009
// that the OAuth client's tests rely on: a consent page, PKCE S256, single-use
// codes bound to the client and redirect URI, both client authentications,
// refresh with optional rotation, revocation (Google's and HubSpot's) and the
// account lookups.
import { createHash } from 'node:crypto';
import { startFakeAuthServer, type FakeAuthServer, type FakeAuthServerOptions } from './fakeAuthServer';

const REDIRECT = 'http://127.0.0.1:9/oauth/callback';
const VERIFIER = 'a-verifier-of-at-least-43-characters-0123456789';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

let auth: FakeAuthServer;
let now: number;
async function start(options: Partial<FakeAuthServerOptions> = {}) {
  now = Date.parse('2026-11-26T12:00:00Z');
  auth = await startFakeAuthServer({ provider: 'google', clientId: 'client-1', clientSecret: 's3cret:+/', now: () => now, ...options });
}
afterEach(() => auth.close());

function authorizationUrl(overrides: Record<string, string | null> = {}): string {
  const url = new URL(auth.urls.authorization);
  const params: Record<string, string | null> = { response_type: 'code', client_id: 'client-1', redirect_uri: REDIRECT, scope: 'openid email', state: 'st-1', code_challenge: CHALLENGE, code_challenge_method: 'S256', ...overrides };
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  return url.toString();
}

async function token(params: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(auth.urls.token, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(params) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}
const secretPost = { client_id: 'client-1', client_secret: 's3cret:+/' };
const basic = (id: string, secret: string) => ({ Authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}` });

async function code(): Promise<string> {
  const back = await auth.consent(authorizationUrl());
  return back.searchParams.get('code')!;
}
const exchange = async (theCode: string, extra: Record<string, string> = {}) => token({ grant_type: 'authorization_code', code: theCode, redirect_uri: REDIRECT, code_verifier: VERIFIER, ...secretPost, ...extra });

describe('fake OAuth authorization server', () => {
  it('shows a consent page naming the app and scopes, with #allow and #deny buttons', async () => {
    await start({ appName: 'Agentflow' });
    const page = await fetch(authorizationUrl());
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Agentflow wants to access your account');
    expect(html).toContain('<li>openid</li><li>email</li>');
    expect(html).toMatch(/<button[^>]*id="allow"[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*id="deny"[^>]*>Deny<\/button>/);
  });

  it('Allow sends a code and the state back; Deny sends access_denied and the state', async () => {
    await start();
    const allowed = await auth.consent(authorizationUrl());
    expect(`${allowed.origin}${allowed.pathname}`).toBe(REDIRECT);
    expect(allowed.searchParams.get('state')).toBe('st-1');
    expect(allowed.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
    const denied = await auth.consent(authorizationUrl(), 'deny');
    expect(Object.fromEntries(denied.searchParams)).toEqual({ error: 'access_denied', state: 'st-1' });
  });

  it('refuses a request without PKCE S256 (back to the client) and an unknown client or redirect URI (on its own page)', async () => {
    await start({ redirectUris: [REDIRECT] });
    const plain = await auth.consent(authorizationUrl({ code_challenge_method: 'plain' }));
    expect(plain.searchParams.get('error')).toBe('invalid_request');
    expect(plain.searchParams.get('state')).toBe('st-1');
    expect((await auth.consent(authorizationUrl({ code_challenge: null }))).searchParams.get('error')).toBe('invalid_request');
    expect((await auth.consent(authorizationUrl({ response_type: 'token' }))).searchParams.get('error')).toBe('unsupported_response_type');
    await expect(auth.consent(authorizationUrl({ client_id: 'someone-else' }))).rejects.toThrow(/HTTP 400.*client was not found/);
    await expect(auth.consent(authorizationUrl({ redirect_uri: 'http://127.0.0.1:9/elsewhere' }))).rejects.toThrow(/redirect_uri_mismatch/);
  });

  it('exchanges a code once, for the right verifier and redirect URI, within a minute', async () => {
    await start();
    const first = await exchange(await code());
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body).toEqual({ access_token: expect.stringMatching(/^ya29\./), token_type: 'Bearer', expires_in: 3599, refresh_token: expect.stringMatching(/^1\/\//), scope: 'openid email' });
    expect(auth.isValid(first.body.access_token as string)).toBe(true);

    expect(await exchange(await code(), { code_verifier: 'another-verifier-of-at-least-43-characters-xxxx' })).toMatchObject({ status: 400, body: { error: 'invalid_grant', error_description: 'code_verifier does not match the code_challenge' } });
    expect(await exchange(await code(), { redirect_uri: 'http://127.0.0.1:9/other' })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const late = await code();
    now += 61_000;
    expect(await exchange(late)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('a code used twice is refused and revokes the tokens it gave', async () => {
    await start();
    const once = await code();
    const first = await exchange(once);
    expect(await exchange(once)).toMatchObject({ status: 400, body: { error: 'invalid_grant', error_description: 'The authorization code was already used' } });
    expect(auth.isValid(first.body.access_token as string)).toBe(false);
    expect(auth.revoked).toEqual([first.body.refresh_token, first.body.access_token]);
  });

  it('takes client_secret_basic or client_secret_post, and answers a wrong secret with 401 invalid_client', async () => {
    await start();
    const { client_id: _id, client_secret: _secret, ...withoutClient } = { grant_type: 'authorization_code', code: await code(), redirect_uri: REDIRECT, code_verifier: VERIFIER, ...secretPost };
    expect((await token(withoutClient, basic('client-1', 's3cret:+/'))).status).toBe(200);
    const wrong = await token({ ...withoutClient, code: await code() }, basic('client-1', 'nope'));
    expect(wrong).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(await exchange(await code(), { client_secret: 'nope' })).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await token({ grant_type: 'password', ...secretPost })).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
  });

  it('refreshes expired access tokens, counting refreshes, and rotates the refresh token when asked', async () => {
    await start({ accessTokenTtlSeconds: 1, rotateRefreshTokens: true });
    const first = (await exchange(await code())).body;
    expect(first.expires_in).toBe(1);
    now += 1000;
    expect(auth.isValid(first.access_token as string)).toBe(false);
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token as string, ...secretPost });
    expect(refreshed.body).toMatchObject({ token_type: 'Bearer', refresh_token: expect.any(String) });
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect(auth.isValid(refreshed.body.access_token as string)).toBe(true);
    expect(auth.refreshCount).toBe(1);
    expect(await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token as string, ...secretPost })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(auth.refreshCount).toBe(1);
  });

  it('Google: refresh sends no new refresh token unless rotated; expireAll ends every access token; /revoke ends the grant; /userinfo names the account', async () => {
    await start({ account: { email: 'sam@example.com', sub: '42' } });
    const first = (await exchange(await code())).body;
    const refreshed = (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token as string, ...secretPost })).body;
    expect(refreshed).not.toHaveProperty('refresh_token');
    const userinfo = await fetch(auth.urls.account, { headers: { Authorization: `Bearer ${refreshed.access_token as string}` } });
    expect(await userinfo.json()).toEqual({ sub: '42', email: 'sam@example.com', email_verified: true });
    auth.expireAll();
    expect(auth.isValid(refreshed.access_token as string)).toBe(false);
    const refused = await fetch(auth.urls.account, { headers: { Authorization: `Bearer ${refreshed.access_token as string}` } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('invalid_token');

    const again = (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token as string, ...secretPost })).body;
    const revoke = await fetch(auth.urls.revocation, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: again.access_token as string }) });
    expect(revoke.status).toBe(200);
    expect(auth.revoked).toContain(first.refresh_token);
    expect(auth.isValid(again.access_token as string)).toBe(false);
    expect(await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token as string, ...secretPost })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const unknown = await fetch(auth.urls.revocation, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: 'never-issued' }) });
    expect(unknown.status).toBe(200);
  });

  it('HubSpot: token info names the portal; DELETE of the refresh token revokes it once', async () => {
    await start({ provider: 'hubspot', account: { email: 'owner@roofing.example', hubDomain: 'roofing.example', hubId: 777 } });
    const first = (await exchange(await code())).body;
    expect(first.expires_in).toBe(1800);
    const info = await fetch(`${auth.urls.account}/${first.access_token as string}`);
    expect(await info.json()).toMatchObject({ user: 'owner@roofing.example', hub_domain: 'roofing.example', hub_id: 777, scopes: ['openid', 'email'], expires_in: 1800, token_type: 'access' });
    const refreshed = (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token as string, ...secretPost })).body;
    expect(refreshed.refresh_token).toBe(first.refresh_token);
    const deleted = await fetch(`${auth.urls.revocation}/${first.refresh_token as string}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(auth.isValid(refreshed.access_token as string)).toBe(false);
    expect((await fetch(`${auth.urls.revocation}/${first.refresh_token as string}`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${auth.urls.account}/${first.access_token as string}`)).status).toBe(404);
  });
});
