// /widget.js and /chat/:appId on the service kit's real Express app (helmet,
// error bodies): any website may load the script; the hosted page runs it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { getAuth } from 'firebase-admin/auth';
import { signInWithPasswordUrl, visitorSignInConfig, IDENTITY_TOOLKIT_URL, type VisitorSignInConfig } from '@agentflow/shared/chat';
import { buildAppConfig } from '@agentflow/shared/runtime-config';
import { getAdminApp } from '@agentflow/shared/server';
import { signUpEmulatorUser } from '@agentflow/shared/testing/emulators';
import { testServiceApp } from '@agentflow/shared/testing/serviceApp';
import { hostedChatRouter } from './hostedPage';

const script = path.join(mkdtempSync(path.join(tmpdir(), 'widget-')), 'widget.js');
writeFileSync(script, 'console.log("widget");');
const appWith = (widgetScript: string | null, signIn: VisitorSignInConfig | null = null) => testServiceApp({ name: 'hosted-chat-test', routes: (app) => app.use(hostedChatRouter({ widgetScript, signIn })) });

describe('GET /widget.js', () => {
  it('serves the built script as JavaScript that pages on other origins may load (helmet would say same-origin)', async () => {
    const response = await request(appWith(script)).get('/widget.js').set('Origin', 'https://shop.example');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.text).toBe('console.log("widget");');
  });

  it('answers 503 saying the widget is not built when its file is missing, and 404 from an app that serves no widget', async () => {
    const missing = await request(appWith(path.join(path.dirname(script), 'missing.js'))).get('/widget.js');
    expect(missing.status).toBe(503);
    expect(missing.body.error).toBe('The chat widget is not built (npm run build)');
    // No path at all (an app built without the widget, as the fuzz suite's): no server fault for a client to find.
    const none = await request(appWith(null)).get('/widget.js');
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('This server does not serve the chat widget');
  });
});

describe('GET /chat/:appId (the hosted page)', () => {
  it('is a phone-ready page running the widget in page mode for that app, under a CSP that allows it', async () => {
    const response = await request(appWith(script)).get('/chat/app_1-x');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">');
    expect(response.text).toContain('<script src="/widget.js" data-app="app_1-x" data-mode="page"></script>');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' https: 'unsafe-inline'");
  });

  it('tells the page where visitors sign in, and lets it reach only that Auth origin besides its own', async () => {
    const signIn = visitorSignInConfig(buildAppConfig(process.env))!;
    const response = await request(appWith(script, signIn)).get('/chat/app_1-x');
    expect(response.text).toContain(`<script src="/widget.js" data-app="app_1-x" data-mode="page" data-auth-url="${signIn.authUrl}" data-auth-key="${signIn.apiKey}"></script>`);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ${new URL(signIn.authUrl).origin}`);
    // Without sign-in settings the page may only call its own origin.
    const plain = await request(appWith(script)).get('/chat/app_1-x');
    expect(String(plain.headers['content-security-policy'])).toMatch(/connect-src 'self'(;|$)/);
  });

  it('the sign-in settings it gives the page sign a visitor in on the Auth emulator, and platform-api accepts the ID token', async () => {
    const signIn = visitorSignInConfig(buildAppConfig(process.env))!;
    const visitor = await signUpEmulatorUser(undefined, 'technician-pass-1');
    const post = (password: string) =>
      fetch(signInWithPasswordUrl(signIn), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: visitor.email, password, returnSecureToken: true }) });
    const wrong = await post('not-the-password');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toMatch(/INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/);
    const right = await post('technician-pass-1');
    expect(right.status).toBe(200);
    const { idToken } = (await right.json()) as { idToken: string };
    expect((await getAuth(getAdminApp()).verifyIdToken(idToken, true)).uid).toBe(visitor.uid);
  });

  it('uses Google’s Identity Toolkit for a real project, and refuses settings a page attribute may not carry', () => {
    expect(visitorSignInConfig({ firebase: { apiKey: 'AIzaSyExample_key-1' }, emulators: { auth: null } })).toEqual({ apiKey: 'AIzaSyExample_key-1', authUrl: IDENTITY_TOOLKIT_URL });
    expect(visitorSignInConfig({ firebase: { apiKey: 'demo-api-key' }, emulators: { auth: 'http://127.0.0.1:9099' } })).toEqual({ apiKey: 'demo-api-key', authUrl: 'http://127.0.0.1:9099/identitytoolkit.googleapis.com' });
    expect(visitorSignInConfig({ firebase: { apiKey: '"><script>' }, emulators: { auth: null } })).toBeNull();
    expect(visitorSignInConfig({ firebase: { apiKey: 'k' }, emulators: { auth: 'javascript:alert(1)' } })).toBeNull();
    expect(signInWithPasswordUrl({ apiKey: 'k', authUrl: 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/' })).toBe('http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k');
  });

  it('is a JSON 404, never a page, for what cannot be an app id (nothing of it reaches HTML)', async () => {
    for (const id of ['"><script>alert(1)</script>', 'a b', '..']) {
      const response = await request(appWith(script)).get(`/chat/${encodeURIComponent(id)}`);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });
});
