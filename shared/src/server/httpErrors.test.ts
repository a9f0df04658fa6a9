// The one error handler every service route ends with (no emulators).
import { Router, type Express } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { testServiceApp } from '../../testing/serviceApp';
import { z } from 'zod';
import { IdempotencyConflictError, InsufficientTokensError, LedgerValidationError } from '../ledger/ledgerTypes';
import { HttpError, parseOr400, serviceErrors } from './httpErrors';

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
    },
  });
}

test.each([
  ['/store/http', 409, { error: 'Already there' }],
  ['/store/coded', 410, { error: 'Gone for good', code: 'invitation_expired' }],
  ['/store/tokens', 402, { error: 'Insufficient tokens: 5 needed, 2 remaining', code: 'insufficient_tokens' }],
  ['/store/ledger-input', 400, { error: 'amount must be positive' }],
  ['/store/idempotency', 409, { error: "Idempotency key 'k1' was already used for a different operation" }],
  ['/store/unavailable', 503, { error: 'The test store is unavailable; try again shortly' }],
  ['/plain/unavailable', 500, { error: 'Internal server error' }],
  ['/plain/http', 404, { error: 'No such thing' }],
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
