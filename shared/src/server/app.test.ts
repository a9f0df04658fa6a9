import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { testServiceApp } from '../../testing/serviceApp';
import { JSON_BODY_LIMIT, allowedOriginsFromEnv, defaultAllowedOrigins, redactRequest, type ServiceAppOptions } from './app';
import { listen } from './staticServer';

const ORIGIN = 'http://localhost:3000';

function buildApp(overrides: Partial<ServiceAppOptions> = {}): Express {
  return testServiceApp({
    name: 'test-service',
    allowedOrigins: [ORIGIN],
    routes: (app) => {
      app.get('/api/boom', () => {
        throw new Error('secret database password in this message');
      });
      app.get('/api/async-boom', async () => {
        await Promise.resolve();
        throw new Error('async secret');
      });
      app.get('/api/late-boom', (_req, res) => {
        res.status(200).type('text/plain');
        res.write('partial ');
        throw new Error('failed after the headers were sent');
      });
      app.post('/api/echo', (req, res) => {
        res.json({ received: req.body as unknown });
      });
    },
    ...overrides,
  });
}

describe('createServiceApp (no emulators)', () => {
  test.each(['/api/boom', '/api/async-boom'])('a route that throws (%s) answers 500 JSON without a stack', async (path) => {
    const response = await request(buildApp()).get(path);
    expect(response.status).toBe(500);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.text).toBe('{"error":"Internal server error","code":"internal"}');
    expect(response.text).not.toMatch(/secret|at |\.ts:/);
  });

  test('an error thrown after the headers were sent closes that response and the service keeps serving', async () => {
    const server: Server = await listen(buildApp(), 0);
    try {
      const { port } = server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const late = await fetch(`${base}/api/late-boom`);
      expect(late.status).toBe(200); // already on the wire
      // The connection is cut, so the client sees a failed body instead of waiting forever.
      await expect(late.text()).rejects.toThrow();
      const next = await fetch(`${base}/healthz`);
      expect(next.status).toBe(200);
      const failing = await fetch(`${base}/api/boom`);
      expect(await failing.json()).toEqual({ error: 'Internal server error', code: 'internal' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('unknown routes are 404 JSON', async () => {
    const response = await request(buildApp()).delete('/api/nope');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found: DELETE /api/nope', code: 'not_found' });
  });

  test('parses JSON bodies; malformed JSON is a 400', async () => {
    const app = buildApp();
    const ok = await request(app).post('/api/echo').send({ hello: 'world' });
    expect(ok.body).toEqual({ received: { hello: 'world' } });
    const bad = await request(app).post('/api/echo').set('Content-Type', 'application/json').send('{"unterminated": ');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Malformed JSON body', code: 'malformed_json' });
  });

  test('bodies over the limit are 413', async () => {
    expect(JSON_BODY_LIMIT).toBe('100kb');
    const response = await request(buildApp({ jsonLimit: '1kb' }))
      .post('/api/echo')
      .send({ padding: 'x'.repeat(2048) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'Request body exceeds the 100kb limit', code: 'body_too_large' });
  });

  test('an unsupported body charset is 415', async () => {
    const response = await request(buildApp()).post('/api/echo').set('Content-Type', 'application/json; charset=klingon').send('{}');
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: 'Unsupported body encoding or charset', code: 'unsupported_charset' });
  });

  test('/healthz reports ok while the store answers', async () => {
    const checkReadiness = jest.fn(async () => undefined);
    const response = await request(buildApp({ checkReadiness })).get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', service: 'test-service', firestore: 'reachable' });
    expect(checkReadiness).toHaveBeenCalledTimes(1);
  });

  test('/healthz is 503 when the store does not answer', async () => {
    const response = await request(
      buildApp({
        checkReadiness: async () => {
          throw new Error('Firestore did not answer within 2000 ms');
        },
      }),
    ).get('/healthz');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      status: 'unavailable',
      service: 'test-service',
      firestore: 'unreachable',
      error: 'Firestore did not answer within 2000 ms',
    });
  });

  test('CORS answers configured origins only; helmet headers; no x-powered-by', async () => {
    const app = buildApp();
    const allowed = await request(app).options('/api/echo').set('Origin', ORIGIN).set('Access-Control-Request-Method', 'POST');
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(allowed.headers['access-control-allow-headers']).toBe('Authorization,Content-Type,Stripe-Signature,Idempotency-Key');
    const denied = await request(app).options('/api/echo').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'POST');
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    const plain = await request(app).get('/healthz');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['x-powered-by']).toBeUndefined();
  });
});

describe('request log redaction', () => {
  const SECRET = 'hookSecret_0123456789abcdefghijKLMN';
  const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.payload-part.signature-part';

  async function logged(send: (app: Express) => Promise<unknown>): Promise<string> {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = buildApp({
      logger,
      routes: (router) => {
        router.post('/api/hooks/:workflowId/:secret', (_req, res) => void res.status(202).json({ runId: 'r1' }));
        router.get('/api/runs/:runId/events', (_req, res) => void res.json({ ok: true }));
      },
    });
    await send(app);
    // The request line is written when the response has finished.
    for (let i = 0; i < 50 && !lines.some((line) => line.includes('"req"')); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return lines.join('\n');
  }

  test("keeps a webhook's secret out of the log (path and params), and the workflow id in", async () => {
    const log = await logged(async (app) => {
      expect((await request(app).post(`/api/hooks/wf-42/${SECRET}`).send({ a: 1 })).status).toBe(202);
      expect((await request(app).post(`/API/Hooks/wf-42/${SECRET}?x=1`).send({})).status).toBe(202);
    });
    expect(log).toContain('/api/hooks/wf-42/[redacted]');
    expect(log).toContain('/API/Hooks/wf-42/[redacted]?x=1');
    expect(log).not.toContain(SECRET);
  });

  test('keeps the ?token= of an event stream out of the log', async () => {
    const log = await logged(async (app) => {
      expect((await request(app).get(`/api/runs/r1/events?token=${TOKEN}&x=1`)).status).toBe(200);
    });
    expect(log).toContain('/api/runs/r1/events?token=[redacted]&x=1');
    expect(log).not.toContain(TOKEN);
  });

  test('keeps the token of a one-click approval link out of the log', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUv.0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
    expect(redactRequest({ url: `/api/approval-links/${token}`, params: { token } })).toEqual({ url: '/api/approval-links/[redacted]', params: { token: '[redacted]' } });
    expect(redactRequest({ url: `/API/Approval-Links/${token}?x=1` }).url).toBe('/API/Approval-Links/[redacted]?x=1');
  });

  test('redactRequest leaves other URLs and params as they are', () => {
    expect(redactRequest({ url: '/api/workflows/wf-1/runs', params: { workflowId: 'wf-1' } })).toEqual({ url: '/api/workflows/wf-1/runs', params: { workflowId: 'wf-1' } });
    expect(redactRequest({ url: `/api/hooks/wf-1/${SECRET}`, params: { workflowId: 'wf-1', secret: SECRET } })).toEqual({ url: '/api/hooks/wf-1/[redacted]', params: { workflowId: 'wf-1', secret: '[redacted]' } });
  });
});

describe('allowedOriginsFromEnv', () => {
  const fallback = ['http://localhost:3000', 'http://127.0.0.1:3000'];

  test.each<[string, string | undefined, string[]]>([
    ['unset: the fallback', undefined, fallback],
    ['empty: the fallback', '', fallback],
    ['blank: the fallback', '   ', fallback],
    ['one origin', 'https://app.example.com', ['https://app.example.com']],
    ['trims and drops a trailing slash', ' https://app.example.com/ ,  https://admin.example.com  ', ['https://app.example.com', 'https://admin.example.com']],
    ['drops empty entries', 'https://a.example.com,, ,https://b.example.com,', ['https://a.example.com', 'https://b.example.com']],
    ['keeps ports', 'http://localhost:8080/', ['http://localhost:8080']],
  ])('%s', (_label, raw, expected) => {
    expect(allowedOriginsFromEnv(raw === undefined ? {} : { ALLOWED_ORIGINS: raw }, fallback)).toEqual(expected);
  });

  test.each([',', ' , ,'])('set but naming no origin (%j) is a configuration error, not a silent fallback', (raw) => {
    expect(() => allowedOriginsFromEnv({ ALLOWED_ORIGINS: raw }, fallback)).toThrow(`ALLOWED_ORIGINS is set but names no origin: '${raw}'`);
  });

  test('returns a copy of the fallback', () => {
    const result = allowedOriginsFromEnv({}, fallback);
    expect(result).not.toBe(fallback);
    result.push('http://mutated');
    expect(fallback).toHaveLength(2);
  });
});

test('defaultAllowedOrigins lists both loopback names per port', () => {
  expect(defaultAllowedOrigins([3000, 3001])).toEqual([
    'http://localhost:3000',
    'http://127.0.0.1:3000',
    'http://localhost:3001',
    'http://127.0.0.1:3001',
  ]);
});
