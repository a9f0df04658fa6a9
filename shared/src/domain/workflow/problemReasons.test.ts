// Every problem carries a stable reason from PROBLEM_REASONS (the UI translates by code + reason + params).
import { PROBLEM_REASONS, isProblemReason } from './problemReasons.js';
import { nodeProblems } from './nodeProblems.js';
import { defaultParams } from './params.js';
import type { NodeType } from './model.js';

const problem = (type: NodeType, params: unknown) => nodeProblems({ id: 'n', type, params }).map(({ path, reason, params: values }) => ({ path, reason, params: values }));

describe('problem reasons', () => {
  test('the list has no duplicates and isProblemReason knows it', () => {
    expect(new Set(PROBLEM_REASONS).size).toBe(PROBLEM_REASONS.length);
    expect(isProblemReason('too-long')).toBe(true);
    expect(isProblemReason('too long')).toBe(false);
  });

  test.each<[string, NodeType, unknown, { path: string; reason: string; params?: Record<string, string | number> }[]]>([
    ['a cron of 4 fields', 'trigger.schedule', { cron: '* * * *' }, [
      { path: 'cron', reason: 'invalid-cron', params: { detail: 'Cron expression must have 5 fields: minute hour day-of-month month day-of-week' } },
    ]],
    ['an unknown time zone', 'trigger.schedule', { cron: '0 9 * * *', timeZone: 'Mars/Olympus' }, [{ path: 'timeZone', reason: 'invalid-time-zone' }]],
    ['a webhook path that is not a slug', 'trigger.webhook', { path: 'Not A Slug' }, [{ path: 'path', reason: 'invalid-format' }]],
    ['two input fields with one key', 'trigger.manual', { inputSchema: [{ key: 'a', label: 'A', type: 'string' }, { key: 'a', label: 'B', type: 'string' }] }, [
      { path: 'inputSchema.1', reason: 'duplicate', params: { value: 'a' } },
    ]],
    ['a file body on GET', 'http', { method: 'GET', url: 'https://x.example', bodyKind: 'file', file: '{{ input.f }}' }, [{ path: 'bodyKind', reason: 'get-with-body' }]],
    ['too many headers', 'http', { method: 'GET', url: 'https://x.example', headers: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`h${i}`, 'v'])) }, [
      { path: 'headers', reason: 'too-many', params: { max: 30 } },
    ]],
    ['a header name with a space', 'http', { method: 'GET', url: 'https://x.example', headers: { 'a b': 'v' } }, [{ path: 'headers.a b', reason: 'invalid-format' }]],
    ['a broken form field template', 'http', { method: 'POST', url: 'https://x.example', bodyKind: 'multipart', file: '{{ input.f }}', formFields: { a: '{{ ( }}' } }, [
      { path: 'formFields.a', reason: 'syntax', params: { position: 5 } },
    ]],
    ['an app step without an account', 'connector', defaultParams('connector'), [{ path: 'credentialId', reason: 'credential-required' }]],
    ['an unknown app', 'connector', { connector: 'nope', operation: 'x', params: {} }, [{ path: 'connector', reason: 'unknown-app' }]],
    ['an app trigger with a template', 'trigger.poll', { connector: 'hubspot', trigger: 'dealChanged', credentialId: 'c'.repeat(20), params: { pipeline: '{{ x }}' } }, [
      { path: 'params.pipeline', reason: 'unknown-key' },
      { path: 'params.pipeline', reason: 'template-not-allowed' },
    ]],
    ['an agent output schema too large', 'agent', { ...defaultParams('agent'), output: { type: 'json', schema: { description: 'x'.repeat(20_001) } } }, [
      { path: 'output.schema', reason: 'too-large', params: { max: 20_000 } },
    ]],
  ])('%s', (_label, type, params, expected) => {
    expect(problem(type, params)).toEqual(expected.map((e) => ({ params: undefined, ...e })));
  });
});
