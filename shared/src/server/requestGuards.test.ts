// The request guards of createServiceApp, on a real Express app (no
// emulators). Each test names the defect of issue 14 it proves fixed: on
// the kit before the guards, each of these requests answered 500 or reached
// the route.
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Express, RequestHandler } from 'express';
import request from 'supertest';
import { testServiceApp } from '../../testing/serviceApp';
import { listRoutes } from './routeTable';
import { listen } from './staticServer';

// Stands in for requireAuth: the guards must answer before any authentication.
const needsToken: RequestHandler = (req, res, next) => (req.headers.authorization === 'Bearer ok' ? next() : void res.status(401).json({ error: 'Missing token' }));

function buildApp(): Express {
  return testServiceApp({
    name: 'guard-test',
    routes: (app) => {
      app.post('/api/echo', needsToken, (req, res) => void res.json({ received: req.body as unknown }));
      app.get('/api/runs/:runId', needsToken, (req, res) => void res.json({ runId: req.params.runId }));
      app.post('/api/hooks/:workflowId/:secret', (req, res) => void res.status(202).json({ workflowId: req.params.workflowId, body: JSON.stringify(req.body) }));
      app.post('/api/teapot', () => {
        throw Object.assign(new Error('No coffee here'), { status: 418, expose: true });
      });
      app.post('/api/hidden', () => {
        throw Object.assign(new Error('internal detail'), { status: 400, expose: false });
      });
    },
  });
}

const app = buildApp();

describe('request decoding (issue 14: an undecodable Content-Encoding answered 500 on every JSON route, before authentication)', () => {
  test.each(['gzip', 'br', 'deflate'])('a %s header on a plain body is a 400 invalid_body_encoding, before the token is checked', async (encoding) => {
    const response = await request(app).post('/api/echo').set('Content-Type', 'application/json').set('Content-Encoding', encoding).send('{"a":1}');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: `The body is not valid ${encoding} data, as its Content-Encoding says`, code: 'invalid_body_encoding' });
  });

  test('a real gzip body is still read', async () => {
    // fetch sends the bytes as they are (supertest would JSON-encode a Buffer).
    const server = await listen(app, 0);
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/echo`, {
        method: 'POST',
        headers: { Authorization: 'Bearer ok', 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
        body: gzipSync('{"a":1}'),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: { a: 1 } });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('an unknown Content-Encoding is a 415 naming it', async () => {
    const response = await request(app).post('/api/echo').set('Content-Type', 'application/json').set('Content-Encoding', 'klingon').send('{}');
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: "Unsupported Content-Encoding 'klingon': send the body as identity, gzip, deflate or br", code: 'unsupported_content_encoding' });
  });
});

describe('path parameters (issue 14: malformed percent-encoding answered 500; a 600-character id reached Firestore)', () => {
  test.each([
    ['%ZZ', 'is not valid percent-encoded UTF-8'],
    ['%C0%AF', 'is not valid percent-encoded UTF-8'],
    ['%ED%A0%80', 'is not valid percent-encoded UTF-8'],
    ['a%00b', 'contains control characters'],
    ['x'.repeat(600), 'is longer than 128 characters'],
  ])('/api/runs/%s is a 400 naming runId', async (segment, problem) => {
    const response = await request(app).get(`/api/runs/${segment}`).set('Authorization', 'Bearer ok');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: `runId ${problem}`, code: 'invalid_path_param' });
  });

  test('the parameter is named in routes with several (/api/hooks/%ZZ/x), and without a token', async () => {
    const response = await request(app).post('/api/hooks/%ZZ/x').send({});
    expect(response.body).toEqual({ error: 'workflowId is not valid percent-encoded UTF-8', code: 'invalid_path_param' });
    expect((await request(app).post('/api/hooks/wf-1/%ZZ').send({})).body.error).toBe('secret is not valid percent-encoded UTF-8');
  });

  test('a path no route knows names the segment by position', async () => {
    const response = await request(app).get('/api/nothing/here/%ZZ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'path segment 4 is not valid percent-encoded UTF-8', code: 'invalid_path_param' });
  });

  test('segments that no id can be are a 404 for every route (they would make Firestore throw)', async () => {
    for (const [segment, value] of [['%2E%2E', '..'], ['.', '.'], ['a%2Fb', 'a/b'], ['__x__', '__x__'], ['__name__', '__name__']]) {
      const response = await request(app).get(`/api/runs/${segment}`).set('Authorization', 'Bearer ok');
      expect({ segment, status: response.status, body: response.body }).toEqual({ segment, status: 404, body: { error: `Not found: runId '${value}' cannot name anything`, code: 'not_found' } });
    }
  });

  test('ids that decode well pass through (128 characters, encoded non-ASCII, reserved-looking but not reserved)', async () => {
    for (const id of ['r'.repeat(128), '%C3%A9t%C3%A9', '__x', 'x__', '...']) {
      const response = await request(app).get(`/api/runs/${id}`).set('Authorization', 'Bearer ok');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ runId: decodeURIComponent(id) });
    }
  });
});

describe('JSON bodies (issue 14: lone surrogates reached Firestore; a 5,000-deep array overflowed the stack)', () => {
  test('a lone surrogate in a string is a 400 naming the field, before the token is checked', async () => {
    const response = await request(app).post('/api/echo').set('Content-Type', 'application/json').send('{"name":"Sales \\ud800 team"}');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'name is not well-formed Unicode (it holds a lone UTF-16 surrogate)', code: 'invalid_unicode' });
  });

  test('nested fields and keys are named too; paired surrogates are fine', async () => {
    const nested = await request(app).post('/api/echo').set('Content-Type', 'application/json').send('{"input":{"items":["ok","\\udc00"]}}');
    expect(nested.body.error).toBe('input.items[1] is not well-formed Unicode (it holds a lone UTF-16 surrogate)');
    const key = await request(app).post('/api/echo').set('Content-Type', 'application/json').send('{"input":{"\\ud83d":1}}');
    expect(key.body).toEqual({ error: 'input["\uFFFD"] is not well-formed Unicode (it holds a lone UTF-16 surrogate)', code: 'invalid_unicode' });
    const emoji = await request(app).post('/api/echo').set('Authorization', 'Bearer ok').set('Content-Type', 'application/json').send('{"name":"\\ud83d\\ude00"}');
    expect(emoji.body).toEqual({ received: { name: '😀' } });
  });

  test('a 5,000-deep array on a webhook is a 400 body_too_deep', async () => {
    const response = await request(app).post('/api/hooks/wf-1/secret').set('Content-Type', 'application/json').send(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'body is nested deeper than 32 levels', code: 'body_too_deep' });
  });

  test('32 levels pass, 33 do not (named by their top-level field)', async () => {
    const deep = (levels: number) => ({ input: JSON.parse(`${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}`) as unknown });
    expect((await request(app).post('/api/hooks/wf-1/secret').send(deep(32))).status).toBe(202);
    expect((await request(app).post('/api/hooks/wf-1/secret').send(deep(33))).body).toEqual({ error: 'input is nested deeper than 32 levels', code: 'body_too_deep' });
  });
});

describe('errors that carry a client status', () => {
  test('an exposed 4xx thrown by a route keeps its status and message', async () => {
    const response = await request(app).post('/api/teapot').send({});
    expect(response.status).toBe(418);
    expect(response.body).toEqual({ error: 'No coffee here', code: 'bad_request' });
  });

  test('an unexposed one keeps its status and hides its message', async () => {
    const response = await request(app).post('/api/hidden').send({});
    expect(response.body).toEqual({ error: 'Bad request', code: 'bad_request' });
  });
});

test('listRoutes reads every route with its method from the router stack', () => {
  expect(listRoutes(app)).toEqual([
    { method: 'GET', path: '/healthz' },
    { method: 'POST', path: '/api/echo' },
    { method: 'GET', path: '/api/runs/:runId' },
    { method: 'POST', path: '/api/hooks/:workflowId/:secret' },
    { method: 'POST', path: '/api/teapot' },
    { method: 'POST', path: '/api/hidden' },
  ]);
});
