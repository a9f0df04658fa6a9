import type { NextFunction, Request, Response } from 'express';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import express from 'express';
import request from 'supertest';
import { describeTokenError, requireAuth } from './auth';

// Shaped like a Firebase ID token (three base64url segments); nothing verifies it but the fake.
const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJl';

const decoded = (claims: Partial<DecodedIdToken> = {}) => ({ uid: 'user-1', email: 'ada@example.com', ...claims }) as DecodedIdToken;

function fakeAuth(verify: (token: string, checkRevoked?: boolean) => Promise<DecodedIdToken>) {
  const verifyIdToken = jest.fn(verify);
  return { auth: { verifyIdToken } as unknown as Auth, verifyIdToken };
}

function fakeRes() {
  const res = { status: jest.fn(), json: jest.fn() };
  res.status.mockReturnValue(res);
  res.json.mockReturnValue(res);
  return res;
}

async function run(auth: Auth, authorization?: string) {
  const req = { headers: authorization === undefined ? {} : { authorization } } as Request;
  const res = fakeRes();
  const next = jest.fn() as jest.MockedFunction<NextFunction>;
  await requireAuth(auth)(req, res as unknown as Response, next);
  return { req, res, next };
}

/** Firebase's token refusals and what the kit answers for each. */
const TOKEN_REJECTIONS: [code: string, status: number, message: string][] = [
  ['auth/id-token-expired', 401, 'ID token has expired'],
  ['auth/id-token-revoked', 401, 'ID token has been revoked'],
  ['auth/user-disabled', 401, 'User account is disabled'],
  ['auth/user-not-found', 401, 'Invalid ID token: unknown user'],
  ['auth/argument-error', 401, 'Invalid ID token'],
  ['app/network-error', 503, 'Authentication service unavailable'],
  ['auth/internal-error', 503, 'Authentication service unavailable'],
];

const firebaseError = (code: string) => Object.assign(new Error(`firebase says ${code}`), { code });

describe('describeTokenError', () => {
  test.each<[string, number, string]>([
    ...TOKEN_REJECTIONS,
    ['auth/invalid-id-token', 401, 'Invalid ID token'],
    ['something/else', 401, 'Invalid ID token'],
  ])('%s -> %i %s', (code, status, message) => {
    expect(describeTokenError(firebaseError(code))).toEqual({ status, message });
  });

  test.each<[string, unknown]>([
    ['an error without a code', new Error('boom')],
    ['a string', 'auth/id-token-expired'],
    ['null', null],
    ['undefined', undefined],
  ])('%s is an invalid token', (_label, error) => {
    expect(describeTokenError(error)).toEqual({ status: 401, message: 'Invalid ID token' });
  });
});

describe('requireAuth', () => {
  test('401 without an Authorization header; the token is not checked', async () => {
    const { auth, verifyIdToken } = fakeAuth(async () => decoded());
    const { req, res, next } = await run(auth);
    expect(res.status).toHaveBeenCalledWith(401);
    expect(res.json).toHaveBeenCalledWith({ error: 'Missing Authorization header with a Bearer ID token', code: 'unauthenticated' });
    expect(next).not.toHaveBeenCalled();
    expect(verifyIdToken).not.toHaveBeenCalled();
    expect(req.caller).toBeUndefined();
  });

  test.each([
    ['Basic credentials', 'Basic dXNlcjpwYXNz'],
    ['a bare token', TOKEN],
    ['a token that is not a JWT', 'Bearer not-a-jwt'],
    ['Bearer and nothing', 'Bearer '],
    ['lowercase scheme', `bearer ${TOKEN}`],
    ['two tokens', `Bearer ${TOKEN} ${TOKEN}`],
    ['an empty header', ''],
  ])('401 for a malformed header: %s', async (_label, header) => {
    const { auth, verifyIdToken } = fakeAuth(async () => decoded());
    const { res, next } = await run(auth, header);
    expect(res.status).toHaveBeenCalledWith(401);
    // An empty header counts as missing.
    expect(res.json).toHaveBeenCalledWith({
      error: header === '' ? 'Missing Authorization header with a Bearer ID token' : 'Malformed Authorization header: expected "Bearer <Firebase ID token>"',
      code: 'unauthenticated',
    });
    expect(next).not.toHaveBeenCalled();
    expect(verifyIdToken).not.toHaveBeenCalled();
  });

  test('a verified token sets req.caller and calls next; revocation is checked', async () => {
    const token = decoded({ uid: 'user-42', email: 'grace@example.com' });
    const { auth, verifyIdToken } = fakeAuth(async () => token);
    const { req, res, next } = await run(auth, `  Bearer ${TOKEN}  `);
    expect(verifyIdToken).toHaveBeenCalledWith(TOKEN, true);
    expect(next).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledWith();
    expect(req.caller).toEqual({ uid: 'user-42', email: 'grace@example.com', token, emailVerified: false });
    expect(res.status).not.toHaveBeenCalled();
  });

  test('the caller’s e-mail counts as verified only when the token says so', async () => {
    const { auth } = fakeAuth(async () => decoded({ email: 'ada@example.com', email_verified: true }));
    expect((await run(auth, `Bearer ${TOKEN}`)).req.caller?.emailVerified).toBe(true);
  });

  test('a token without an email gives a null email', async () => {
    const { auth } = fakeAuth(async () => decoded({ email: undefined }));
    const { req } = await run(auth, `Bearer ${TOKEN}`);
    expect(req.caller?.email).toBeNull();
  });

  test.each<[string, number, string]>(TOKEN_REJECTIONS)('a token rejected with %s answers %i', async (code, status, message) => {
    const { auth } = fakeAuth(async () => {
      throw firebaseError(code);
    });
    const { req, res, next } = await run(auth, `Bearer ${TOKEN}`);
    expect(res.status).toHaveBeenCalledWith(status);
    // A rejected token is unauthenticated; an auth service that cannot answer is unavailable.
    expect(res.json).toHaveBeenCalledWith({ error: message, code: status === 401 ? 'unauthenticated' : 'unavailable' });
    expect(next).not.toHaveBeenCalled();
    expect(req.caller).toBeUndefined();
  });

  test('in an Express app: the route sees the caller, and failures never leak firebase messages', async () => {
    const { auth } = fakeAuth(async (token) => {
      if (token === TOKEN) return decoded();
      throw firebaseError('auth/id-token-expired');
    });
    const app = express();
    app.get('/me', requireAuth(auth), (req, res) => {
      res.json(req.caller ? { uid: req.caller.uid, email: req.caller.email } : null);
    });
    const ok = await request(app).get('/me').set('Authorization', `Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ uid: 'user-1', email: 'ada@example.com' });
    const expired = await request(app).get('/me').set('Authorization', 'Bearer aaa.bbb.ccc');
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ error: 'ID token has expired', code: 'unauthenticated' });
    const missing = await request(app).get('/me');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ error: 'Missing Authorization header with a Bearer ID token', code: 'unauthenticated' });
    expect(expired.text).not.toContain('firebase says');
  });
});
