import { PERMISSIONS, type PlatformPermissionId } from '../rbac/model';
import { API_KEY_ERROR_CODES, createApiKeySchema, updateApiKeySchema } from './api';
import { API_KEY_LIMITS, API_KEY_SCOPES, API_KEY_SCOPE_LIST, apiKeyStatus, formatApiKeySecret, grantableScopes, isApiKeyScope, maskedApiKey, parseApiKeySecret } from './model';

const KEY_ID = 'AbCdEfGhIj0123456789';
const SECRET = 'x'.repeat(40) + '-_9';

describe('scopes', () => {
  it('each needs one permission of the access model, and a creator can give only the scopes whose permission they hold', () => {
    expect(API_KEY_SCOPE_LIST).toEqual(['workflows:read', 'runs:read', 'runs:write', 'approvals:decide', 'credentials:read', 'files:write']);
    for (const scope of API_KEY_SCOPE_LIST) expect(Object.values(PERMISSIONS)).toContain(API_KEY_SCOPES[scope]);
    // A personal workspace's owner (holds everything):
    expect(grantableScopes(() => true)).toEqual(API_KEY_SCOPE_LIST);
    // A viewer in an organization: reading only.
    const viewer = new Set<PlatformPermissionId>([PERMISSIONS.viewWorkflows]);
    expect(grantableScopes((permission) => viewer.has(permission))).toEqual(['workflows:read', 'runs:read', 'approvals:decide']);
    // A runner who may not use credentials: no credentials:read.
    const runner = new Set<PlatformPermissionId>([PERMISSIONS.viewWorkflows, PERMISSIONS.runWorkflows]);
    expect(grantableScopes((permission) => runner.has(permission))).not.toContain('credentials:read');
    expect(grantableScopes(() => false)).toEqual([]);
  });

  it('knows its own names only', () => {
    expect(isApiKeyScope('runs:write')).toBe(true);
    for (const other of ['runs:*', 'admin', 'toString', '__proto__', '', null, 3]) expect(isApiKeyScope(other)).toBe(false);
  });
});

describe('the secret', () => {
  it('round-trips its key id and secret, and is shown masked as its prefix and last four characters', () => {
    const presented = formatApiKeySecret(KEY_ID, SECRET);
    expect(presented).toBe(`afk_${KEY_ID}_${SECRET}`);
    expect(parseApiKeySecret(` ${presented}\n`)).toEqual({ keyId: KEY_ID, secret: SECRET });
    expect(maskedApiKey(KEY_ID, SECRET.slice(-4))).toBe(`afk_${KEY_ID}_…x-_9`);
  });

  it('is never confused with an ID token or anything not of its exact form', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2ln';
    for (const presented of [jwt, `afk_${KEY_ID}_${SECRET}x`, `afk_${KEY_ID.slice(1)}_${SECRET}`, `afk_${KEY_ID}_${SECRET.slice(1)}`, `AFK_${KEY_ID}_${SECRET}`, `afk_${KEY_ID}_${SECRET.replace('x', '+')}`, `afk_${KEY_ID}-${SECRET}`, '']) {
      expect(parseApiKeySecret(presented)).toBeNull();
    }
    expect(() => formatApiKeySecret('short', SECRET)).toThrow('20-character id');
  });
});

describe('status', () => {
  const now = new Date('2026-11-27T12:00:00.000Z');
  it('revocation and expiry take effect at their instant', () => {
    expect(apiKeyStatus({ expiresAt: null, revokedAt: null }, now)).toBe('active');
    expect(apiKeyStatus({ expiresAt: '2026-11-27T12:00:00.001Z', revokedAt: null }, now)).toBe('active');
    expect(apiKeyStatus({ expiresAt: '2026-11-27T12:00:00.000Z', revokedAt: null }, now)).toBe('expired');
    expect(apiKeyStatus({ expiresAt: null, revokedAt: '2026-11-27T11:00:00.000Z' }, now)).toBe('revoked');
  });
});

describe('request schemas', () => {
  const valid = { name: 'CRM sync', workspaceId: 'personal', scopes: ['workflows:read', 'runs:write'] };
  const problem = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.success ? null : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('a key needs a name, a workspace and at least one known scope, once each; expiry, IPs and a limit are optional', () => {
    expect(createApiKeySchema.parse({ ...valid, name: '  CRM sync ', expiresInDays: 90, ipAllowList: ['203.0.113.0/24'], rateLimitPerMinute: 120 })).toEqual({ ...valid, expiresInDays: 90, ipAllowList: ['203.0.113.0/24'], rateLimitPerMinute: 120 });
    expect(problem(createApiKeySchema.safeParse({ ...valid, name: ' ' }))).toEqual(['name: is required']);
    expect(problem(createApiKeySchema.safeParse({ ...valid, scopes: [] }))).toEqual(['scopes: must name at least one scope']);
    expect(problem(createApiKeySchema.safeParse({ ...valid, scopes: ['runs:admin'] }))?.[0]).toMatch(/^scopes\.0: must be one of workflows:read/);
    expect(problem(createApiKeySchema.safeParse({ ...valid, scopes: ['runs:read', 'runs:read'] }))).toEqual(['scopes: must not repeat a scope']);
    expect(problem(createApiKeySchema.safeParse({ ...valid, expiresInDays: API_KEY_LIMITS.expiresInDaysMax + 1 }))).toEqual([`expiresInDays: must be at most ${API_KEY_LIMITS.expiresInDaysMax}`]);
    expect(problem(createApiKeySchema.safeParse({ ...valid, rateLimitPerMinute: 0 }))).toEqual(['rateLimitPerMinute: must be at least 1']);
    expect(problem(createApiKeySchema.safeParse({ ...valid, ipAllowList: Array.from({ length: 21 }, () => '10.0.0.1') }))).toEqual([`ipAllowList: must list at most ${API_KEY_LIMITS.ipAllowListMax} addresses`]);
    expect(problem(createApiKeySchema.safeParse({ ...valid, secret: 'mine' }))?.[0]).toMatch(/secret|Unrecognized key/);
  });

  it('a change names at least one of the fields that may change (scopes and workspace never do)', () => {
    expect(updateApiKeySchema.parse({ name: 'Renamed', rateLimitPerMinute: null })).toEqual({ name: 'Renamed', rateLimitPerMinute: null });
    expect(problem(updateApiKeySchema.safeParse({}))).toEqual([': must change at least one of name, ipAllowList, rateLimitPerMinute']);
    expect(updateApiKeySchema.safeParse({ scopes: ['runs:write'] }).success).toBe(false);
  });

  it('names its refusals with stable codes', () => {
    expect(Object.values(API_KEY_ERROR_CODES).every((code) => code.startsWith('api_key_'))).toBe(true);
  });
});
