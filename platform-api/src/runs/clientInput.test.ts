// Issue 14: what a client sends to the runs API and the public webhook is
// refused with a 4xx naming the problem (each of these answered 500 before),
// and webhook limits are per workflow and cannot be dodged with
// X-Forwarded-For. Real app on loopback, Firestore and Auth emulators.
import { edge, node, startRunsHarness, type RunsApp, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;

beforeAll(async () => {
  h = await startRunsHarness('client-input');
  alice = await h.createUser('alice', { tokens: 500 });
});

afterAll(() => h?.close());

const runCount = async () => (await h.db.collection('workflowRuns').count().get()).data().count;
const manualWorkflow = () =>
  h.saveWorkflow(alice.uid, [node('trigger', 'trigger.manual', { inputSchema: [{ key: 'name', label: 'Name', type: 'string', required: false }] }), node('out', 'output', { mapping: '{"a": 1}' })], [edge('trigger', 'out')]);
const webhookWorkflow = () =>
  h.saveWorkflow(alice.uid, [node('trigger', 'trigger.webhook', { path: 'in', method: 'POST' }), node('out', 'output', { mapping: '{"lead": input.email}' })], [edge('trigger', 'out')]);

/** A webhook workflow and its secret URL path. */
async function hookPath(): Promise<{ id: string; path: string }> {
  const wf = await webhookWorkflow();
  const info = await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: alice });
  return { id: wf.id, path: `/api/hooks/${wf.id}/${info.body.secret as string}` };
}

const post = (base: string, path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

describe('client input is a 4xx, never a 500', () => {
  test.each([
    { label: 'a/b', rerunOf: 'a/b' },
    { label: '..', rerunOf: '..' },
    { label: '__x__', rerunOf: '__x__' },
    { label: '129 characters', rerunOf: 'x'.repeat(129) },
  ])('rerunOf $label, which is no run id: 400, nothing started', async ({ rerunOf }) => {
    const wf = await manualWorkflow();
    const before = await runCount();
    const response = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { rerunOf } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      rerunOf.length > 128 ? { error: 'rerunOf must be at most 128 characters', code: 'invalid_request' } : { error: 'rerunOf must be the id of a run of this workflow', code: 'invalid_id' },
    );
    expect(await runCount()).toBe(before);
  });

  test.each([
    { label: '/api/runs/%ZZ', path: '/api/runs/%ZZ', error: 'runId is not valid percent-encoded UTF-8' },
    { label: '/api/runs/%C0%AF', path: '/api/runs/%C0%AF', error: 'runId is not valid percent-encoded UTF-8' },
    { label: '/api/runs/%C0%AF/cancel', path: '/api/runs/%C0%AF/cancel', error: 'runId is not valid percent-encoded UTF-8' },
    { label: '/api/hooks/%ZZ/x', path: '/api/hooks/%ZZ/x', error: 'workflowId is not valid percent-encoded UTF-8' },
    { label: '/api/workflows/<600 characters>/runs', path: `/api/workflows/${'w'.repeat(600)}/runs`, error: 'workflowId is longer than 128 characters' },
    { label: '/api/runs/<600 characters>', path: `/api/runs/${'r'.repeat(600)}`, error: 'runId is longer than 128 characters' },
  ])('$label: 400 invalid_path_param naming the parameter', async ({ path, error }) => {
    const method = path.startsWith('/api/hooks') || path.endsWith('/cancel') ? 'POST' : 'GET';
    const response = await h.call(method, path, { user: alice });
    expect(response).toMatchObject({ status: 400, body: { error, code: 'invalid_path_param' } });
  });

  test('an encoded slash or dot-dot in a run id is a 404, as for any id that cannot exist', async () => {
    for (const id of ['a%2Fb', '%2E%2E']) expect((await h.call('GET', `/api/runs/${id}`, { user: alice })).status).toBe(404);
  });

  test('a 5,000-deep JSON array on the webhook trigger: 400 body_too_deep, no run', async () => {
    const { path } = await hookPath();
    const before = await runCount();
    const response = await post(h.baseUrl(), path, `${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'body is nested deeper than 32 levels', code: 'body_too_deep' });
    expect(await runCount()).toBe(before);
  });

  test('a lone surrogate in run input: 400 naming the field, no run', async () => {
    const wf = await manualWorkflow();
    const before = await runCount();
    const response = await post(h.baseUrl(), `/api/workflows/${wf.id}/runs`, '{"input":{"name":"Ada \\ud800"}}', { Authorization: `Bearer ${alice.idToken}` });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'input.name is not well-formed Unicode (it holds a lone UTF-16 surrogate)', code: 'invalid_unicode' });
    expect(await runCount()).toBe(before);
  });

  test('a gzip header on a plain body: 400 invalid_body_encoding on the webhook and on a start', async () => {
    const { path } = await hookPath();
    const wf = await manualWorkflow();
    for (const [target, headers] of [[path, {}], [`/api/workflows/${wf.id}/runs`, { Authorization: `Bearer ${alice.idToken}` }]] as const) {
      const response = await post(h.baseUrl(), target, '{"input":{}}', { 'Content-Encoding': 'gzip', ...headers });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_body_encoding' });
    }
  });
});

describe('webhook limits (issue 14: one limit per forwarded address, 60 a minute)', () => {
  let limited: RunsApp;
  afterEach(() => limited?.close());

  test('the limit is per workflow: a burst passes, then 429 with Retry-After, whatever X-Forwarded-For says', async () => {
    limited = await h.startApp({ webhookLimits: { burst: 3, perMinute: 1 } });
    const [first, second] = [await hookPath(), await hookPath()];
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await post(limited.baseUrl, first.path, `{"email":"lead${i}@example.com"}`, { 'X-Forwarded-For': `198.51.100.${i + 1}` });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(await response.json()).toEqual({ error: expect.stringMatching(/^Too many calls to this workflow's webhook \(3 at once, then 1 a minute\); try again in \d+ s$/), code: 'rate_limited' });
      }
    }
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    // Another workflow has a bucket of its own.
    expect((await post(limited.baseUrl, second.path, '{}')).status).toBe(202);
  });

  test('calls without the secret do not use up the workflow’s allowance', async () => {
    limited = await h.startApp({ webhookLimits: { burst: 2, perMinute: 1 }, hookRateLimit: 100 });
    const { id, path } = await hookPath();
    for (let i = 0; i < 5; i++) expect((await post(limited.baseUrl, `/api/hooks/${id}/wrong-secret-${i}`, '{}')).status).toBe(404);
    expect((await post(limited.baseUrl, path, '{}')).status).toBe(202);
    expect((await post(limited.baseUrl, path, '{}')).status).toBe(202);
  });

  test('failed calls are limited per socket address: forged X-Forwarded-For addresses are one client', async () => {
    // 5 a minute refills one every 12 s: none comes back during the test.
    limited = await h.startApp({ hookRateLimit: 5 });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await post(limited.baseUrl, `/api/hooks/no-such-workflow/secret${i}`, '{}', { 'X-Forwarded-For': `203.0.113.${i + 1}` })).status);
    expect(statuses).toEqual([...Array(5).fill(404), ...Array(5).fill(429)]);
  });
});
