import { credentialReferences } from './references';

const node = (id: string, type: string, params: Record<string, unknown>) => ({ id, type, params });

test('an agent’s model credential, an HTTP step’s, and each agent tool’s, in node order, with their paths and kinds', () => {
  const nodes = [
    node('trigger', 'trigger.manual', { credentialId: 'ignored-on-a-trigger' }),
    node('writer', 'agent', { credentialId: 'openai-1', tools: { http: [{ name: 'crm', credentialId: 'crm-key' }, { name: 'erp' }, { name: 'mail', credentialId: 'mail-key' }] } }),
    node('post', 'http', { credentialId: 'bearer-1' }),
    node('plain', 'http', {}),
    node('default-model', 'agent', { tools: { http: [{ credentialId: 'nameless' }] } }),
  ];
  expect(credentialReferences(nodes)).toEqual([
    { nodeId: 'writer', path: 'credentialId', kind: 'ai', credentialId: 'openai-1' },
    { nodeId: 'writer', path: 'tools.http.0.credentialId', kind: 'http', credentialId: 'crm-key', toolName: 'crm' },
    { nodeId: 'writer', path: 'tools.http.2.credentialId', kind: 'http', credentialId: 'mail-key', toolName: 'mail' },
    { nodeId: 'post', path: 'credentialId', kind: 'http', credentialId: 'bearer-1' },
    { nodeId: 'default-model', path: 'tools.http.0.credentialId', kind: 'http', credentialId: 'nameless' },
  ]);
});

test.each([
  ['tools that are not a list', { tools: { http: 'crm' } }],
  ['a tool that is not an object', { tools: { http: [null, 3] } }],
  ['an empty credential id', { credentialId: '' }],
  ['a credential id that is not text', { credentialId: 42 }],
])('nothing for %s', (_label, params) => {
  expect(credentialReferences([node('a', 'agent', params)])).toEqual([]);
});
