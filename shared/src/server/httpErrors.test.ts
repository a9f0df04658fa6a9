// The one error handler every service route ends with (no emulators).
import { Router, type Express } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { testServiceApp } from '../../testing/serviceApp';
import { z } from 'zod';
import { IdempotencyConflictError, InsufficientTokensError, LedgerValidationError } from '../ledger/ledgerTypes';
import { GENERIC_ERROR_CODES, defaultErrorCode, isGenericErrorCode } from '../domain/validation/errorCodes';
import { HttpError, parseOr400, routeErrorAnswer, serviceErrors } from './httpErrors';

const unavailable = Object.assign(new Error('14 UNAVAILABLE: no connection'), { code: 14 });

function buildApp(): Express {
  return testServiceApp({
    name: 'test-service',
    routes: (app) => {
      const store = Router();
      const throwing = (path: string, error: unknown) => store.get(path, () => {
        throw error;
      });
      throwing('/store/http', new HttpError(409, 'Already there'));
      throwing('/store/coded', new HttpError(410, 'Gone for good', 'invitation_expired'));
      throwing('/store/tokens', new InsufficientTokensError(5, 2));
      throwing('/store/ledger-input', new LedgerValidationError('amount', 'amount must be positive'));
      throwing('/store/idempotency', new IdempotencyConflictError('k1'));
      throwing('/store/unavailable', unavailable);
      store.use(serviceErrors({ store: { name: 'test', logger: pino({ level: 'silent' }) } }));
      app.use(store);
      // Without a store named, Firestore's failure stays a 500 (the kit's last handler).
      app.get('/plain/unavailable', () => {
        throw unavailable;
      });
      app.get('/plain/http', () => {
        throw new HttpError(404, 'No such thing');
      });
      // A route that answers by hand: its error still carries a code, and its own code stays.
      app.get('/by-hand/uncoded', (_req, res) => {
        res.status(404).json({ error: 'No such hook' });
      });
      app.get('/by-hand/coded', (_req, res) => {
        res.status(503).json({ error: 'Not configured', code: 'billing_not_configured' });
      });
      app.get('/by-hand/ok', (_req, res) => {
        res.status(200).json({ error: 'a field named error in a success', ok: true });
      });
    },
  });
}

test.each([
  ['/store/http', 409, { error: 'Already there', code: 'conflict' }],
  ['/store/coded', 410, { error: 'Gone for good', code: 'invitation_expired' }],
  ['/store/tokens', 402, { error: 'Insufficient tokens: 5 needed, 2 remaining', code: 'insufficient_tokens' }],
  ['/store/ledger-input', 400, { error: 'amount must be positive', code: 'invalid_request' }],
  ['/store/idempotency', 409, { error: "Idempotency key 'k1' was already used for a different operation", code: 'idempotency_conflict' }],
  ['/store/unavailable', 503, { error: 'The test store is unavailable; try again shortly', code: 'unavailable' }],
  ['/plain/unavailable', 500, { error: 'Internal server error', code: 'internal' }],
  ['/plain/http', 404, { error: 'No such thing', code: 'not_found' }],
  ['/no/such/route', 404, { error: 'Not found: GET /no/such/route', code: 'not_found' }],
  ['/by-hand/uncoded', 404, { error: 'No such hook', code: 'not_found' }],
  ['/by-hand/coded', 503, { error: 'Not configured', code: 'billing_not_configured' }],
  ['/by-hand/ok', 200, { error: 'a field named error in a success', ok: true }],
])('GET %s answers %i %j', async (path, status, body) => {
  const response = await request(buildApp()).get(path);
  expect(response.status).toBe(status);
  expect(response.body).toEqual(body);
});

describe('parseOr400', () => {
  const schema = z.strictObject({ name: z.string({ error: 'must be a string' }) });
  const refusal = (input: unknown, options?: Parameters<typeof parseOr400>[2]) => {
    try {
      parseOr400(schema, input, options);
    } catch (error) {
      return error instanceof HttpError ? { status: error.status, message: error.message, code: error.code } : error;
    }
    return null;
  };

  test('names the field, lists unknown keys, and treats an absent body as {}', () => {
    expect(parseOr400(schema, { name: 'Ada' })).toEqual({ name: 'Ada' });
    expect(refusal(undefined)).toEqual({ status: 400, message: 'name must be a string', code: undefined });
    expect(refusal({ name: 'Ada', a: 1, b: 2 })).toEqual({ status: 400, message: 'Unknown fields: a, b', code: undefined });
  });

  test("the runs wording: a prefix and 'is not a known field'; a code when asked", () => {
    expect(refusal({ name: 'Ada', extra: 1 }, { prefix: 'input.', unknownKeys: 'field' })).toMatchObject({ message: 'input.extra is not a known field' });
    expect(refusal('text', { prefix: 'input.', unknownKeys: 'field' })).toMatchObject({ message: expect.stringMatching(/^input /) });
    expect(refusal({}, { code: 'invalid_request' })).toEqual({ status: 400, message: 'name must be a string', code: 'invalid_request' });
  });
});

describe('every error carries a code: the generic code of its status unless the route names one', () => {
  test.each([
    [400, 'invalid_request'],
    [401, 'unauthenticated'],
    [402, 'payment_required'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [410, 'gone'],
    [413, 'too_large'],
    [429, 'rate_limited'],
    [500, 'internal'],
    [502, 'unavailable'],
    [503, 'unavailable'],
    [504, 'unavailable'],
    // Statuses without a kind of their own: a client's fault, else the service's.
    [405, 'invalid_request'],
    [418, 'invalid_request'],
    [501, 'internal'],
  ] as const)('defaultErrorCode(%i) is %s', (status, code) => {
    expect(defaultErrorCode(status)).toBe(code);
  });

  test.each([400, 401, 402, 403, 404, 409, 410, 413, 503] as const)('an HttpError %i without a code answers the default code', (status) => {
    expect(routeErrorAnswer(new HttpError(status, 'What went wrong'))).toEqual({ status, body: { error: 'What went wrong', code: defaultErrorCode(status) } });
  });

  test('a specific code always wins, and details stay beside it', () => {
    expect(routeErrorAnswer(new HttpError(403, 'Only the owner', 'team_forbidden'))).toEqual({ status: 403, body: { error: 'Only the owner', code: 'team_forbidden' } });
    expect(routeErrorAnswer(new HttpError(403, 'Needs Pro', 'plan_required', { plan: 'pro', code: 'ignored' }))).toEqual({
      status: 403,
      body: { error: 'Needs Pro', code: 'plan_required', plan: 'pro' },
    });
  });

  test("the ledger's refusals: invalid_request, idempotency_conflict, insufficient_tokens", () => {
    expect(routeErrorAnswer(new LedgerValidationError('amount', 'amount must be positive'))).toEqual({ status: 400, body: { error: 'amount must be positive', code: 'invalid_request' } });
    expect(routeErrorAnswer(new IdempotencyConflictError('k1'))).toEqual({
      status: 409,
      body: { error: "Idempotency key 'k1' was already used for a different operation", code: 'idempotency_conflict' },
    });
    expect(routeErrorAnswer(new InsufficientTokensError(5, 2))).toEqual({ status: 402, body: { error: 'Insufficient tokens: 5 needed, 2 remaining', code: 'insufficient_tokens' } });
  });

  test('anything else is not a route answer (the last handler makes it a 500 internal)', () => {
    expect(routeErrorAnswer(new Error('boom'))).toBeNull();
  });

  test('every default is a generic code, defined once; the kit reuses not_found', () => {
    for (const status of [400, 401, 402, 403, 404, 409, 410, 413, 500, 503]) expect(isGenericErrorCode(defaultErrorCode(status))).toBe(true);
    expect(new Set(Object.values(GENERIC_ERROR_CODES)).size).toBe(Object.values(GENERIC_ERROR_CODES).length);
  });
});
