// GET /v1/openapi.json on the real platform-api app (issue 24): served without
// a key, cacheable, with CORS like every route, its server the request's
// origin or PLATFORM_API_URL; and the description and what Express serves
// under /v1 match in both directions (a route mounted but not documented, or
// documented but not mounted, fails here).
import { PUBLIC_API } from '@agentflow/shared/api-keys';
import { listRoutes } from '@agentflow/shared/server';
import { startRunsHarness, type RunsHarness } from '../testing/runsHarness';
import { buildOpenApiDescription } from './openApi';

let h: RunsHarness;

beforeAll(async () => {
  h = await startRunsHarness('public-openapi');
}, 60_000);

afterAll(() => h?.close());

/** 'GET /v1/runs/{runId}' for each operation or route. */
const operationsOf = (paths: Record<string, Record<string, unknown>>) => Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));

test('every /v1 route Express serves is described with its method, and every described operation is served', () => {
  const served = listRoutes(h.app.express)
    .filter((route) => route.path.startsWith(`${PUBLIC_API.base}/`))
    .map((route) => `${route.method} ${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
  const described = operationsOf(buildOpenApiDescription({ serverUrl: h.baseUrl() }).paths);
  // The description itself is the one /v1 route it does not describe (router.ts says why).
  expect(served).toContain(`GET ${PUBLIC_API.openApi}`);
  expect(served.filter((route) => route !== `GET ${PUBLIC_API.openApi}`).sort()).toEqual([...described].sort());
  expect(described.length).toBeGreaterThanOrEqual(4);
});

test('the description is served without a key, cacheable, with the request’s origin as its server and CORS for the app’s origins', async () => {
  const answer = await fetch(`${h.baseUrl()}${PUBLIC_API.openApi}`, { headers: { Origin: 'http://localhost:3000' } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('application/json');
  expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
  expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  const body = (await answer.json()) as { openapi: string; servers: { url: string }[]; paths: Record<string, Record<string, unknown>> };
  expect(body.openapi).toBe('3.1.0');
  expect(body.servers[0]!.url).toBe(h.baseUrl());
  expect(body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDescription({ serverUrl: h.baseUrl() }))));
  // Another site may not read it from a browser (curl and tools send no Origin and are not CORS).
  const foreign = await fetch(`${h.baseUrl()}${PUBLIC_API.openApi}`, { headers: { Origin: 'https://elsewhere.example' } });
  expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  // A key the description does not need is not looked at: a wrong one changes nothing.
  expect((await fetch(`${h.baseUrl()}${PUBLIC_API.openApi}`, { headers: { Authorization: 'Bearer afk_wrong' } })).status).toBe(200);
});

test('with PLATFORM_API_URL set, that is the description’s server whatever the Host', async () => {
  process.env.PLATFORM_API_URL = 'https://api.agentflow.example/';
  try {
    await h.restart();
  } finally {
    delete process.env.PLATFORM_API_URL;
  }
  const body = (await (await fetch(`${h.baseUrl()}${PUBLIC_API.openApi}`)).json()) as { servers: { url: string }[] };
  expect(body.servers).toEqual([{ url: 'https://api.agentflow.example', description: expect.any(String) }]);
});
