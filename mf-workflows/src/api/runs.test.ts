import { ApiError } from '@agentflow/shared';
import { RUNS_API } from '@agentflow/shared/workflow';
import { createFakeRunsServer, FAKE_PLATFORM, fakeRun, jsonResponse } from '../runs/testing/fakeRunsServer';
import { absoluteUrl, createRunsClient, inputFieldOf } from './runs';

describe('requests', () => {
  test.each([
    ['start', 'POST', '/api/workflows/wf%201/runs', { input: { company: 'Acme' } }],
    ['list', 'GET', '/api/workflows/wf%201/runs', undefined],
    ['get', 'GET', '/api/runs/run-1', undefined],
    ['cancel', 'POST', '/api/runs/run-1/cancel', {}],
    ['approve', 'POST', '/api/runs/run-1/approve', { stepId: 'ok', comment: 'fine' }],
    ['reject', 'POST', '/api/runs/run-1/reject', {}],
    ['webhook', 'GET', '/api/workflows/wf%201/webhook', undefined],
    ['rotateWebhook', 'POST', '/api/workflows/wf%201/webhook', {}],
    ['aiStatus', 'GET', '/api/ai/status', undefined],
  ] as const)('%s sends %s %s with the ID token', async (name, method, path, body) => {
    const server = createFakeRunsServer({ runs: [fakeRun()] });
    const { client } = server;
    const calls = {
      start: () => client.start('wf 1', { input: { company: 'Acme' } }),
      list: () => client.list('wf 1'),
      get: () => client.get('run-1'),
      cancel: () => client.cancel('run-1'),
      approve: () => client.approve('run-1', { stepId: 'ok', comment: 'fine' }),
      reject: () => client.reject('run-1'),
      webhook: () => client.webhook('wf 1'),
      rotateWebhook: () => client.rotateWebhook('wf 1'),
      aiStatus: () => client.aiStatus(),
    };
    await calls[name]();
    expect(server.requests).toEqual([{ method, path, authorization: 'Bearer id-token-1', body }]);
  });

  test('the event stream URL carries a fresh ID token as ?token= (EventSource cannot set headers)', async () => {
    let n = 0;
    const urls: string[] = [];
    const client = createRunsClient({
      baseUrl: FAKE_PLATFORM,
      getIdToken: async () => `token-${++n}`,
      eventSource: (url) => {
        urls.push(url);
        return { readyState: 0, onopen: null, onerror: null, addEventListener: () => undefined, close: () => undefined };
      },
    });
    await client.openEvents('run 1');
    await client.openEvents('run 1');
    expect(urls).toEqual([`${FAKE_PLATFORM}${RUNS_API.runEvents('run 1')}?token=token-1`, `${FAKE_PLATFORM}${RUNS_API.runEvents('run 1')}?token=token-2`]);
  });
});

describe('responses', () => {
  test('start answers the run id; list unwraps {runs}', async () => {
    const server = createFakeRunsServer({ runs: [fakeRun({ id: 'old', workflowId: 'wf-1' })] });
    const { runId } = await server.client.start('wf-1', { input: {} });
    expect(runId).toMatch(/^run-/);
    expect((await server.client.list('wf-1')).map((run) => run.id)).toEqual([runId, 'old']);
  });

  test('a relative webhook URL is made absolute against platform-api', async () => {
    const server = createFakeRunsServer();
    expect(await server.client.webhook('wf-1')).toEqual({ url: `${FAKE_PLATFORM}/api/hooks/wf-1/secret-1`, secret: 'secret-1' });
    expect(absoluteUrl('https://api.example.com', 'https://hooks.example.com/x')).toBe('https://hooks.example.com/x');
  });
});

describe('errors', () => {
  test('a refusal rejects with the service’s {error} text, its status and the input field it names', async () => {
    const server = createFakeRunsServer();
    server.once('POST', /\/runs$/, () => jsonResponse(400, { error: 'input.company is required' }));
    const failure = await server.client.start('wf-1', { input: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, message: 'input.company is required' });
    expect(inputFieldOf((failure as ApiError).message)).toBe('company');
  });

  test('inputFieldOf only reads input.<key> at the start', () => {
    expect(inputFieldOf('input.offeredDiscount must be a number')).toBe('offeredDiscount');
    expect(inputFieldOf('Insufficient tokens: 0 left')).toBeNull();
    expect(inputFieldOf('rerunOf input.x')).toBeNull();
  });

  test('a body that is not JSON keeps the status line; a network failure is status 0', async () => {
    const server = createFakeRunsServer();
    server.once('GET', /\/api\/runs\//, () => jsonResponse(502, '<html>'));
    await expect(server.client.get('run-1')).rejects.toMatchObject({ status: 502, message: 'HTTP 502' });
    const offline = createRunsClient({
      baseUrl: FAKE_PLATFORM,
      getIdToken: async () => 't',
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    await expect(offline.get('run-1')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });

  test('without an ID token nothing is sent (401), and no stream is opened', async () => {
    const server = createFakeRunsServer({ token: null });
    await expect(server.client.list('wf-1')).rejects.toMatchObject({ status: 401 });
    await expect(server.client.openEvents('run-1')).rejects.toMatchObject({ status: 401 });
    expect(server.requests).toEqual([]);
    expect(server.sources).toEqual([]);
  });
});
