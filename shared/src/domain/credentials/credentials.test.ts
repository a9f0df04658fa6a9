import { CREDENTIAL_TYPES, createCredentialBodySchema, secretHint, updateCredentialBodySchema } from './index';

describe('createCredentialBodySchema', () => {
  test('takes exactly the type’s fields, splitting settings from secrets', () => {
    const parsed = createCredentialBodySchema.parse({ type: 'openaiCompatible', name: ' Local LLM ', settings: { baseUrl: 'http://127.0.0.1:1234/v1' }, secrets: { apiKey: 'sk-1234567890' } });
    expect(parsed).toEqual({ type: 'openaiCompatible', name: 'Local LLM', organizationId: null, settings: { baseUrl: 'http://127.0.0.1:1234/v1' }, secrets: { apiKey: 'sk-1234567890' } });
  });

  test.each([
    [{ type: 'nope', name: 'x' }, 'type'],
    [{ type: 'openai', name: '', secrets: { apiKey: 'k' } }, 'name'],
    [{ type: 'openai', name: 'x', secrets: {} }, 'secrets.apiKey'],
    [{ type: 'openai', name: 'x', secrets: { apiKey: 'k', extra: 'y' } }, 'secrets'],
    [{ type: 'openai', name: 'x', settings: { apiKey: 'in the wrong place' }, secrets: { apiKey: 'k' } }, 'settings'],
    [{ type: 'ollama', name: 'x', settings: { baseUrl: 'file:///etc/passwd' } }, 'settings.baseUrl'],
    [{ type: 'httpHeader', name: 'x', settings: { headerName: 'X-Key: y' }, secrets: { headerValue: 'v' } }, 'settings.headerName'],
    [{ type: 'httpBearer', name: 'x', secrets: { token: 'a\r\nX-Injected: 1' } }, 'secrets.token'],
    [{ type: 'openai', name: 'x', organizationId: '../x', secrets: { apiKey: 'k' } }, 'organizationId'],
  ])('refuses %j, naming %s', (body, path) => {
    const result = createCredentialBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });
});

test('an update may leave every field out, but may not add one the type lacks', () => {
  const schema = updateCredentialBodySchema('httpBasic');
  expect(schema.parse({ secrets: { password: 'new-password' } })).toEqual({ name: undefined, settings: undefined, secrets: { password: 'new-password' } });
  expect(schema.safeParse({ secrets: { token: 'x' } }).success).toBe(false);
  expect(schema.safeParse({ secrets: { password: '' } }).success).toBe(false);
});

test('a hint shows at most the last 4 characters, fewer of a short secret', () => {
  expect(secretHint('sk-live-abcdefgh1234')).toBe('••••1234');
  expect(secretHint('abcdefg')).toBe('••••fg');
  expect(secretHint('abc')).toBe('••••');
  expect(secretHint('')).toBe('');
});

test('every AI type but the two self-hosted ones needs a key; the self-hosted ones need a base URL', () => {
  for (const declaration of Object.values(CREDENTIAL_TYPES)) {
    if (declaration.kind !== 'ai') continue;
    const keys = declaration.fields.filter((field) => field.required).map((field) => field.key);
    expect(keys).toEqual(declaration.id === 'openaiCompatible' || declaration.id === 'ollama' ? ['baseUrl'] : ['apiKey']);
  }
});
