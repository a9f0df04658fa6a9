// Which headers hold a literal secret, and the credential each could become.
import { createCredentialBodySchema } from '../credentials/index.js';
import { agentParamsSchema, defaultParams } from './params.js';
import {
  credentialOfSecret,
  decodeBase64Utf8,
  isLiteralSecretValue,
  isSecretHeaderName,
  literalSecrets,
  movedCredentialName,
  nodeLiteralSecrets,
  paramsAfterMove,
  paramsWithCredential,
  suggestCredential,
  toolParamsWithCredential,
} from './literalSecrets.js';

const http = (headers: Record<string, string>) => ({ type: 'http' as const, params: { ...defaultParams('http'), headers } });
const basic = (text: string) => `Basic ${btoa(text)}`;

describe('isSecretHeaderName', () => {
  test.each(['Authorization', 'proxy-authorization', 'X-API-KEY', 'Api-Key', 'X-Auth-Token', 'x-client-secret', 'X-Password', 'apikey'])('%s says credential', (name) => {
    expect(isSecretHeaderName(name)).toBe(true);
  });
  test.each(['Content-Type', 'Accept', 'X-Request-Id', 'Idempotency-Key', 'User-Agent'])('%s does not', (name) => {
    expect(isSecretHeaderName(name)).toBe(false);
  });
});

describe('isLiteralSecretValue', () => {
  test('literal text is; empty, placeholder-only and scheme-plus-placeholder values are not', () => {
    expect(isLiteralSecretValue('sk-live-123')).toBe(true);
    expect(isLiteralSecretValue('Bearer abc{{ $.suffix }}')).toBe(true);
    expect(isLiteralSecretValue('')).toBe(false);
    expect(isLiteralSecretValue('   ')).toBe(false);
    expect(isLiteralSecretValue('{{ $.apiKey }}')).toBe(false);
    expect(isLiteralSecretValue('Bearer {{ $.token }}')).toBe(false);
    expect(isLiteralSecretValue('basic {{ $.auth }}')).toBe(false);
  });
});

describe('suggestCredential', () => {
  test('a Bearer Authorization becomes a bearer token', () => {
    expect(suggestCredential('Authorization', 'Bearer sk-live-abc')).toEqual({ type: 'httpBearer', settings: {}, secrets: { token: 'sk-live-abc' } });
    expect(suggestCredential('authorization', '  bearer   t0k ')).toEqual({ type: 'httpBearer', settings: {}, secrets: { token: 't0k' } });
  });

  test('Basic auth that decodes becomes username and password (the password may hold colons)', () => {
    expect(suggestCredential('Authorization', basic('ada:s3cr:et'))).toEqual({ type: 'httpBasic', settings: { username: 'ada' }, secrets: { password: 's3cr:et' } });
    expect(suggestCredential('Authorization', `Basic ${btoa(unescape(encodeURIComponent('zoë:pässword')))}`)).toEqual({
      type: 'httpBasic',
      settings: { username: 'zoë' },
      secrets: { password: 'pässword' },
    });
  });

  test('anything else stays the header as it is', () => {
    const header = (name: string, value: string) => ({ type: 'httpHeader', settings: { headerName: name }, secrets: { headerValue: value } });
    expect(suggestCredential('X-Api-Key', 'k-123')).toEqual(header('X-Api-Key', 'k-123'));
    expect(suggestCredential('Authorization', 'Basic not*base64')).toEqual(header('Authorization', 'Basic not*base64'));
    expect(suggestCredential('Authorization', basic('no-colon'))).toEqual(header('Authorization', basic('no-colon')));
    expect(suggestCredential('Authorization', basic(':only-password'))).toEqual(header('Authorization', basic(':only-password')));
    expect(suggestCredential('Authorization', 'Token abc')).toEqual(header('Authorization', 'Token abc'));
    // Bearer in another header is that header's value, not a bearer credential (which always sends Authorization).
    expect(suggestCredential('X-Auth', 'Bearer abc')).toEqual(header('X-Auth', 'Bearer abc'));
  });

  test('every suggestion is a body the vault accepts', () => {
    for (const [name, value] of [['Authorization', 'Bearer x1'], ['Authorization', basic('u:p')], ['X-Api-Key', 'k']] as const) {
      const suggestion = suggestCredential(name, value);
      expect(createCredentialBodySchema.safeParse({ name: 'n', ...suggestion }).success).toBe(true);
    }
  });
});

describe('decodeBase64Utf8', () => {
  test('decodes standard and URL-safe base64, refuses what is not text', () => {
    expect(decodeBase64Utf8(btoa('user:pass'))).toBe('user:pass');
    expect(decodeBase64Utf8(btoa('ab?>').replace(/\+/g, '-').replace(/\//g, '_'))).toBe('ab?>');
    expect(decodeBase64Utf8('a')).toBeNull();
    expect(decodeBase64Utf8('%%%')).toBeNull();
    expect(decodeBase64Utf8(btoa('\u0000\u0001'))).toBeNull();
    expect(decodeBase64Utf8(btoa('\xff\xfe'))).toBeNull();
  });
});

describe('literalSecrets', () => {
  test('finds HTTP step and agent tool headers per node, with paths and suggestions', () => {
    const agent = {
      ...defaultParams('agent'),
      tools: {
        http: [
          { name: 'crm', description: 'CRM', method: 'GET', url: 'https://crm.example.com', headers: { 'X-Api-Key': 'crm-key', Accept: 'application/json' } },
          { name: 'ok', description: 'Fine', method: 'GET', url: 'https://ok.example.com', headers: { Authorization: 'Bearer {{ $.token }}' } },
        ],
        delegates: [],
      },
    };
    const found = literalSecrets({
      nodes: [
        { id: 'step', ...http({ Authorization: 'Bearer live-1', 'Content-Type': 'application/json', 'X-Token': '' }) },
        { id: 'clean', ...http({ Authorization: '{{ $.auth }}' }) },
        { id: 'agent', type: 'agent', params: agent },
        { id: 'cond', type: 'condition', params: { expression: 'true' } },
      ],
    });
    expect(found).toEqual([
      { nodeId: 'step', headers: [{ header: 'Authorization', path: 'headers.Authorization', suggestion: { type: 'httpBearer', settings: {}, secrets: { token: 'live-1' } } }] },
      {
        nodeId: 'agent',
        headers: [
          {
            header: 'X-Api-Key',
            path: 'tools.http.0.headers.X-Api-Key',
            tool: { index: 0, name: 'crm' },
            suggestion: { type: 'httpHeader', settings: { headerName: 'X-Api-Key' }, secrets: { headerValue: 'crm-key' } },
          },
        ],
      },
    ]);
  });

  test('tolerates params of any shape (an imported or half-edited node)', () => {
    expect(nodeLiteralSecrets({ type: 'http', params: null as never })).toEqual([]);
    expect(nodeLiteralSecrets({ type: 'http', params: { headers: ['x'] } })).toEqual([]);
    expect(nodeLiteralSecrets({ type: 'http', params: { headers: { Authorization: 42 } } })).toEqual([]);
    expect(nodeLiteralSecrets({ type: 'agent', params: { tools: { http: [null, { headers: { 'Api-Key': 'k' } }] } } })).toEqual([
      { header: 'Api-Key', path: 'tools.http.1.headers.Api-Key', tool: { index: 1, name: '1' }, suggestion: expect.objectContaining({ type: 'httpHeader' }) },
    ]);
  });
});

describe('the move', () => {
  test('removes the literal header and names the credential, keeping the other params', () => {
    const params = { ...defaultParams('http'), headers: { Authorization: 'Bearer live-1', Accept: 'application/json' } };
    const moved = paramsWithCredential(params, 'Authorization', 'cred-1');
    expect(moved).toEqual({ ...params, headers: { Accept: 'application/json' }, credentialId: 'cred-1' });
    expect(params.headers).toHaveProperty('Authorization');
    expect(nodeLiteralSecrets({ type: 'http', params: moved })).toEqual([]);
  });

  test('the credential is named after the node and the header, within the vault’s limit', () => {
    expect(movedCredentialName('Create invoice', 'Authorization')).toBe('Create invoice – Authorization');
    expect(movedCredentialName('  ', 'X-Api-Key')).toBe('HTTP – X-Api-Key');
    const long = movedCredentialName('n'.repeat(200), 'Authorization');
    expect(long).toHaveLength(100);
    expect(long.endsWith('…')).toBe(true);
  });

  test('a tool’s credential is named after the agent, the tool and the header', () => {
    expect(movedCredentialName('Draft reply', 'X-Api-Key', 'crm')).toBe('Draft reply · crm – X-Api-Key');
    expect(movedCredentialName(' ', 'X-Api-Key', 'crm')).toBe('Agent · crm – X-Api-Key');
    expect(movedCredentialName('n'.repeat(200), 'X-Api-Key', 'crm')).toHaveLength(100);
  });
});

describe('the move of an agent tool’s secret', () => {
  const tool = (name: string, headers: Record<string, string>, extra: Record<string, unknown> = {}) => ({ name, description: name, method: 'GET', url: `https://${name}.example.com`, headers, ...extra });
  const agent = (http: unknown[]) => ({ ...defaultParams('agent'), tools: { http, delegates: ['other'] } });

  test('removes the header from that tool only and names the credential on it, keeping the rest', () => {
    const params = agent([tool('crm', { 'X-Api-Key': 'crm-key', Accept: 'application/json' }), tool('erp', { Authorization: 'Bearer erp-1' })]);
    const [secret] = nodeLiteralSecrets({ type: 'agent', params });
    const moved = toolParamsWithCredential(params, secret!.tool!, secret!.header, 'cred-7');
    expect(moved).toEqual(
      agent([tool('crm', { Accept: 'application/json' }, { credentialId: 'cred-7' }), tool('erp', { Authorization: 'Bearer erp-1' })]),
    );
    expect(params.tools.http[0]).toEqual(tool('crm', { 'X-Api-Key': 'crm-key', Accept: 'application/json' }));
    expect(nodeLiteralSecrets({ type: 'agent', params: moved }).map((s) => s.path)).toEqual(['tools.http.1.headers.Authorization']);
    expect(paramsAfterMove(params, secret!, 'cred-7')).toEqual(moved);
    // What the builder saves is a valid agent (the run reads the tool's credentialId).
    expect(agentParamsSchema.safeParse(moved).error).toBeUndefined();
  });

  test('finds the tool by name when the tools moved meanwhile, and changes nothing when it is gone', () => {
    const params = agent([tool('erp', {}), tool('crm', { 'X-Api-Key': 'crm-key' })]);
    const moved = toolParamsWithCredential(params, { index: 0, name: 'crm' }, 'X-Api-Key', 'cred-7');
    expect(moved.tools).toEqual({ http: [tool('erp', {}), tool('crm', {}, { credentialId: 'cred-7' })], delegates: ['other'] });
    expect(toolParamsWithCredential(params, { index: 0, name: 'billing' }, 'X-Api-Key', 'cred-7')).toBe(params);
    expect(toolParamsWithCredential({ tools: 'none' }, { index: 0, name: 'crm' }, 'X-Api-Key', 'cred-7')).toEqual({ tools: 'none' });
  });

  test('an unnamed tool is found by its index, as the warning names it', () => {
    const params = { tools: { http: [null, { headers: { 'Api-Key': 'k' } }] } };
    const [secret] = nodeLiteralSecrets({ type: 'agent', params });
    expect(paramsAfterMove(params, secret!, 'cred-7')).toEqual({ tools: { http: [null, { headers: {}, credentialId: 'cred-7' }] } });
  });

  test('a step’s move is paramsWithCredential', () => {
    const params = { ...defaultParams('http'), headers: { Authorization: 'Bearer live-1' } };
    expect(paramsAfterMove(params, { header: 'Authorization' }, 'cred-1')).toEqual(paramsWithCredential(params, 'Authorization', 'cred-1'));
  });

  test('credentialOfSecret: the credential the step or the secret’s tool already names', () => {
    const params = agent([tool('crm', { 'X-Api-Key': 'k' }, { credentialId: 'cred-3' }), tool('erp', { 'X-Api-Key': 'k' })]);
    expect(credentialOfSecret(params, { tool: { index: 0, name: 'crm' } })).toBe('cred-3');
    expect(credentialOfSecret(params, { tool: { index: 1, name: 'erp' } })).toBeNull();
    expect(credentialOfSecret(params, { tool: { index: 5, name: 'gone' } })).toBeNull();
    expect(credentialOfSecret(params, {})).toBeNull();
    expect(credentialOfSecret({ credentialId: 'cred-1' }, {})).toBe('cred-1');
    expect(credentialOfSecret({ credentialId: '' }, {})).toBeNull();
  });
});
