import { nodeProblems } from './nodeProblems.js';
import { parseNodeParams } from './params.js';
import { capturedHeaders, webhookInput, webhookUrl } from './webhooks.js';
import type { WorkflowNode } from './model.js';

const node = (id: string, type: WorkflowNode['type'], params: Record<string, unknown>): WorkflowNode => ({ id, type, name: id, position: { x: 0, y: 0 }, params });

describe('webhook answer params', () => {
  test('respond, respondWith and timeoutMs are accepted; absent respond answers immediately (old workflows unchanged)', () => {
    expect(parseNodeParams('trigger.webhook', { path: 'orders', respond: 'whenDone', respondWith: 'out', timeoutMs: 5000 }).success).toBe(true);
    const old = parseNodeParams('trigger.webhook', { path: 'orders' });
    expect(old.success && old.data).toEqual({ path: 'orders', method: 'POST' });
  });

  test.each([
    [{ path: 'a', respond: 'later' }, 'respond'],
    [{ path: 'a', timeoutMs: 999 }, 'timeoutMs'],
    [{ path: 'a', timeoutMs: 120_001 }, 'timeoutMs'],
    [{ path: 'a', timeoutMs: 1500.5 }, 'timeoutMs'],
    [{ path: 'a', respondWith: '  ' }, 'respondWith'],
  ])('%j is refused at %s', (params, path) => {
    const parsed = parseNodeParams('trigger.webhook', params);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual([path]);
  });
});

describe('webhook trigger problems', () => {
  test('respondWith must name a node of the workflow (translated by reason unknown-node)', () => {
    const hook = node('hook', 'trigger.webhook', { path: 'in', respond: 'whenDone', respondWith: 'ghost' });
    const nodes = [hook, node('out', 'output', {})];
    expect(nodeProblems(hook, nodes)).toEqual([expect.objectContaining({ code: 'invalid-params', nodeId: 'hook', path: 'respondWith', reason: 'unknown-node', params: { node: 'ghost' } })]);
    expect(nodeProblems({ ...hook, params: { ...hook.params, respondWith: 'out' } }, nodes)).toEqual([]);
  });

  test('two webhook triggers may not share a path, since the path picks the trigger', () => {
    const a = node('a', 'trigger.webhook', { path: 'orders' });
    const b = node('b', 'trigger.webhook', { path: 'orders' });
    const c = node('c', 'trigger.webhook', { path: 'refunds' });
    expect(nodeProblems(b, [a, b, c])).toEqual([expect.objectContaining({ path: 'path', reason: 'duplicate', params: { value: 'orders' } })]);
    expect(nodeProblems(c, [a, b, c])).toEqual([]);
  });
});

describe('webhook URL and input', () => {
  test('the path shapes the URL; without one the URL is the workflow hook', () => {
    expect(webhookUrl('https://api.example.com/api/hooks/wf/s3cret', 'new-lead')).toBe('https://api.example.com/api/hooks/wf/s3cret/new-lead');
    expect(webhookUrl('https://api.example.com/api/hooks/wf/s3cret/', undefined)).toBe('https://api.example.com/api/hooks/wf/s3cret');
  });

  test('an object body is the input; anything else is under body', () => {
    expect(webhookInput({ a: 1 })).toEqual({ a: 1 });
    expect(webhookInput([1])).toEqual({ body: [1] });
    expect(webhookInput(undefined)).toEqual({});
  });
});

describe('captured headers', () => {
  test('keeps ordinary headers and never credentials, cookies, signatures, the trigger secret header or forwarding data', () => {
    const kept = capturedHeaders(
      {
        'Content-Type': 'application/json',
        'user-agent': 'crm/1.0',
        'x-event': 'deal.created',
        authorization: 'Bearer abc',
        'proxy-authorization': 'Basic x',
        cookie: 's=1',
        'x-api-key': 'k',
        'x-hub-signature-256': 'sha256=…',
        'x-shop-token': 't',
        'x-partner-check': 'hunter2',
        'x-forwarded-for': '203.0.113.9',
        host: 'api.example.com',
        accept: ['a', 'b'],
      },
      'X-Partner-Check',
    );
    expect(kept).toEqual({ 'content-type': 'application/json', 'user-agent': 'crm/1.0', 'x-event': 'deal.created', accept: 'a, b' });
  });
});
