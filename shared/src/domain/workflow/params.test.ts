import { NODE_TYPES, type NodeType } from './model.js';
import { NODE_PARAM_SCHEMAS, PARAM_LIMITS, cronError, defaultParams, isValidTimeZone, parseNodeParams, urlTemplateError } from './params.js';

/** The dotted paths of the issues of a failed parse. */
function issuePaths(type: NodeType, params: unknown): string[] {
  const result = NODE_PARAM_SCHEMAS[type].safeParse(params);
  return result.success ? [] : result.error.issues.map((i) => i.path.map(String).join('.'));
}

const agent = (extra: Record<string, unknown> = {}) => ({ name: 'Qualifier', role: 'You qualify leads.', promptTemplate: 'Lead: {{ lead.name }}', ...extra });

describe('defaultParams', () => {
  const APP_TYPES = ['connector', 'trigger.poll'];
  test.each(NODE_TYPES.filter((t) => !APP_TYPES.includes(t) && t !== 'subworkflow' && t !== 'knowledge').map((t) => [t]))('%s defaults pass its schema', (type) => {
    expect(NODE_PARAM_SCHEMAS[type].safeParse(defaultParams(type)).success).toBe(true);
  });

  // A fresh sub-workflow step asks for its workflow and nothing else.
  test('subworkflow defaults lack only the workflow to run', () => {
    expect(new Set(issuePaths('subworkflow', defaultParams('subworkflow')))).toEqual(new Set(['workflowId']));
  });

  // A fresh Knowledge step asks for its knowledge base and nothing else (knowledgeStep.test.ts).
  test('knowledge defaults lack only the knowledge base', () => {
    expect(new Set(issuePaths('knowledge', defaultParams('knowledge')))).toEqual(new Set(['knowledgeBaseId']));
  });

  // A fresh app step or trigger asks for its account and nothing else.
  test.each(APP_TYPES.map((t) => [t]))('%s defaults lack only the connected account', (type) => {
    const parsed = NODE_PARAM_SCHEMAS[type as 'connector'].safeParse(defaultParams(type as 'connector'));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['credentialId', 'is required: connect an account']]);
    expect(NODE_PARAM_SCHEMAS[type as 'connector'].safeParse({ ...defaultParams(type as 'connector'), credentialId: 'cred1' }).success).toBe(true);
  });

  test('returns a fresh copy each time', () => {
    const a = defaultParams('agent');
    a.tools.delegates.push('x');
    expect(defaultParams('agent').tools.delegates).toEqual([]);
  });
});

describe('params accepted', () => {
  test.each<[NodeType, unknown]>([
    ['trigger.manual', { inputSchema: [{ key: 'email', label: 'Email', type: 'string', required: true }, { key: 'notes', label: 'Notes', type: 'text' }] }],
    ['trigger.manual', {}],
    ['trigger.webhook', { path: 'new-lead', method: 'PUT', secretHeader: 'X-Signature' }],
    ['trigger.webhook', { path: 'orders' }],
    ['trigger.schedule', { cron: '*/15 8-18 * * MON-FRI', timeZone: 'Europe/Paris' }],
    ['trigger.schedule', { cron: '0 0 1 JAN,JUL *' }],
    ['agent', agent()],
    ['agent', agent({ model: 'gemini-2.5-pro', output: { type: 'json', schema: { type: 'object', properties: { score: { type: 'number' } } } } })],
    [
      'agent',
      agent({
        tools: {
          http: [{ name: 'crm_lookup', description: 'Finds a contact', method: 'GET', url: 'https://crm.example.com/contacts/{{ email }}', headers: { Authorization: 'Bearer {{ $token }}' } }],
          delegates: ['writer'],
        },
      }),
    ],
    ['condition', { expression: 'score >= 70' }],
    ['transform', { mapping: '{"name": lead.name}' }],
    ['http', { method: 'POST', url: 'https://api.example.com/orders', headers: { 'Content-Type': 'application/json' }, body: '{"id": "{{ id }}"}', timeoutMs: 60000 }],
    ['http', { method: 'GET', url: '{{ callbackUrl }}' }],
    ['approval', { approvers: ['org_admin', 'user-42'], message: 'Approve the refund?' }],
    ['output', {}],
    ['output', { mapping: '{"result": $}' }],
  ])('%s %j', (type, params) => {
    expect(issuePaths(type, params)).toEqual([]);
  });

  test('fills defaults', () => {
    const http = parseNodeParams('http', { method: 'GET', url: 'https://example.com' });
    expect(http.success && http.data).toEqual({ method: 'GET', url: 'https://example.com', headers: {}, timeoutMs: PARAM_LIMITS.defaultTimeoutMs });
    const schedule = parseNodeParams('trigger.schedule', { cron: '0 9 * * *' });
    expect(schedule.success && schedule.data.timeZone).toBe('UTC');
    const a = parseNodeParams('agent', agent());
    expect(a.success && a.data).toMatchObject({ output: { type: 'text' }, tools: { http: [], delegates: [] } });
  });
});

describe('params rejected with the path', () => {
  test.each<[string, NodeType, unknown, string[]]>([
    ['manual: bad field key', 'trigger.manual', { inputSchema: [{ key: '1st', label: 'First', type: 'string' }] }, ['inputSchema.0.key']],
    ['manual: unknown field type', 'trigger.manual', { inputSchema: [{ key: 'a', label: 'A', type: 'date' }] }, ['inputSchema.0.type']],
    ['manual: duplicate keys', 'trigger.manual', { inputSchema: [{ key: 'a', label: 'A', type: 'string' }, { key: 'a', label: 'B', type: 'text' }] }, ['inputSchema.1']],
    ['manual: unknown param', 'trigger.manual', { inputSchema: [], extra: 1 }, ['']],
    ['webhook: path not a slug', 'trigger.webhook', { path: 'New Lead/' }, ['path']],
    ['webhook: GET method', 'trigger.webhook', { path: 'a', method: 'GET' }, ['method']],
    ['webhook: bad secret header', 'trigger.webhook', { path: 'a', secretHeader: 'X Sig' }, ['secretHeader']],
    ['schedule: 6-field cron', 'trigger.schedule', { cron: '0 0 9 * * 1' }, ['cron']],
    ['schedule: bad time zone', 'trigger.schedule', { cron: '0 9 * * *', timeZone: 'Mars/Olympus' }, ['timeZone']],
    ['agent: missing name', 'agent', { role: 'r', promptTemplate: 'p' }, ['name']],
    ['agent: blank role', 'agent', agent({ role: '   ' }), ['role']],
    ['agent: prompt too long', 'agent', agent({ promptTemplate: 'x'.repeat(PARAM_LIMITS.maxTemplateLength + 1) }), ['promptTemplate']],
    ['agent: json output without schema', 'agent', agent({ output: { type: 'json' } }), ['output.schema']],
    ['agent: unknown output type', 'agent', agent({ output: { type: 'xml' } }), ['output.type']],
    ['agent: bad model', 'agent', agent({ model: 'has spaces' }), ['model']],
    ['agent: tool with ftp url', 'agent', agent({ tools: { http: [{ name: 't', description: 'd', method: 'GET', url: 'ftp://x' }], delegates: [] } }), ['tools.http.0.url']],
    [
      'agent: duplicate tool names',
      'agent',
      agent({ tools: { http: [1, 2].map(() => ({ name: 't', description: 'd', method: 'GET', url: 'https://x.example' })), delegates: [] } }),
      ['tools.http.1'],
    ],
    ['agent: delegate not a string', 'agent', agent({ tools: { http: [], delegates: [7] } }), ['tools.delegates.0']],
    ['condition: empty expression', 'condition', { expression: '' }, ['expression']],
    ['transform: missing mapping', 'transform', {}, ['mapping']],
    ['http: bad method', 'http', { method: 'TRACE', url: 'https://x.example' }, ['method']],
    ['http: not a URL', 'http', { method: 'GET', url: 'example.com/path' }, ['url']],
    ['http: javascript URL', 'http', { method: 'GET', url: 'javascript:alert(1)' }, ['url']],
    ['http: bad header name', 'http', { method: 'GET', url: 'https://x.example', headers: { 'Bad Header': 'v' } }, ['headers.Bad Header']],
    ['http: timeout too long', 'http', { method: 'GET', url: 'https://x.example', timeoutMs: 60001 }, ['timeoutMs']],
    ['http: timeout zero', 'http', { method: 'GET', url: 'https://x.example', timeoutMs: 0 }, ['timeoutMs']],
    ['http: fractional timeout', 'http', { method: 'GET', url: 'https://x.example', timeoutMs: 1.5 }, ['timeoutMs']],
    ['approval: no approvers', 'approval', { approvers: [], message: 'ok?' }, ['approvers']],
    ['approval: empty approver', 'approval', { approvers: [''], message: 'ok?' }, ['approvers.0']],
    ['approval: no message', 'approval', { approvers: ['a'] }, ['message']],
    ['output: empty mapping', 'output', { mapping: ' ' }, ['mapping']],
    ['params not an object', 'condition', 'score > 1', ['']],
  ])('%s', (_label, type, params, paths) => {
    expect(issuePaths(type, params)).toEqual(paths);
  });

  test('a missing required string says it is required', () => {
    const result = NODE_PARAM_SCHEMAS.approval.safeParse({ approvers: ['a'] });
    expect(!result.success && result.error.issues[0]?.message).toBe('is required');
  });
});

describe('cron', () => {
  test.each([
    '* * * * *',
    '0 9 * * 1-5',
    '*/5 * * * *',
    '0,30 8-18/2 1,15 * *',
    '59 23 31 12 7',
    '0 0 * jan-mar sun',
    '  0   9 * * *  ',
  ])('%s is valid', (cron) => {
    expect(cronError(cron)).toBeNull();
  });

  test.each([
    ['', '5 fields'],
    ['* * * *', '5 fields'],
    ['0 0 9 * * 1', '5 fields'],
    ['60 * * * *', 'minute'],
    ['* 24 * * *', 'hour'],
    ['* * 0 * *', 'day of month'],
    ['* * 32 * *', 'day of month'],
    ['* * * 13 *', 'month'],
    ['* * * * 8', 'day of week'],
    ['* * * * FUN', 'day of week'],
    ['5-1 * * * *', 'start is after end'],
    ['*/0 * * * *', 'step'],
    ['@daily', '5 fields'],
    ['1,,2 * * * *', 'minute'],
    ['? * * * *', 'minute'],
  ])('%j is invalid (%s)', (cron, message) => {
    expect(cronError(cron)).toEqual(expect.stringContaining(message));
  });
});

describe('time zones', () => {
  test.each(['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Etc/GMT+5'])('%s is valid', (tz) => {
    expect(isValidTimeZone(tz)).toBe(true);
  });
  test.each(['', 'Mars/Olympus', 'Europe/Pariss', '+01:00', 'Europe/../Paris', 'x'.repeat(65)])('%j is invalid', (tz) => {
    expect(isValidTimeZone(tz)).toBe(false);
  });
});

describe('URL templates', () => {
  test.each([
    ['https://api.example.com/v1/orders', null],
    ['http://localhost:8080/hook', null],
    ['https://api.example.com/orders/{{ order.id }}?q={{ $encodeUrlComponent(q) }}', null],
    ['https://{{ host }}/path', null],
    ['{{ webhookUrl }}', null],
    ['', 'is required'],
    ['ftp://files.example.com', 'must be an http or https URL'],
    ['file:///etc/passwd', 'must be an http or https URL'],
    ['/relative/path', 'must be an http or https URL'],
  ])('%j → %j', (url, error) => {
    expect(urlTemplateError(url)).toBe(error);
  });
});
