// The API keys' HTTP contract (issue 24): the management routes (signed in
// with an ID token in the app), their request schemas and the stable codes
// of a key's refusals. Pure: no Node, no Firebase.
import { z } from 'zod';
import { API_KEY_LIMITS, API_KEY_SCOPE_LIST, type ApiKeyScope } from './model.js';

const seg = encodeURIComponent;

export const API_KEYS_API = {
  /** GET ?workspaceId=: the caller's keys in the workspace. POST: creates one; the only answer that holds its secret. */
  keys: '/api/api-keys',
  /** PATCH (name, IP allow-list, rate limit), DELETE (revokes). */
  key: (keyId: string) => `/api/api-keys/${seg(keyId)}`,
} as const;

/**
 * A workspace's MCP endpoint (issue 24): its workflows marked available are
 * tools (streamable HTTP, stateless: POST only). `workspaceId` is the key's
 * workspace: 'personal' or the organization's id.
 */
export const MCP_API = {
  path: '/mcp/:workspaceId',
  endpoint: (workspaceId: string) => `/mcp/${seg(workspaceId)}`,
} as const;

/** A page of a /v1 list: `limit` items at most (default 25); `cursor` from the previous page's `nextCursor`. */
export const PUBLIC_PAGE_LIMITS = { defaultLimit: 25, maxLimit: 100 } as const;

export const publicPageQuerySchema = z.strictObject({
  cursor: z.string({ error: 'must be a string' }).regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be a cursor from a previous page').optional(),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(PUBLIC_PAGE_LIMITS.maxLimit, `must be at most ${PUBLIC_PAGE_LIMITS.maxLimit}`)
    .default(PUBLIC_PAGE_LIMITS.defaultLimit),
});

export const API_KEY_ERROR_CODES = {
  /** 401: no key of the form, an unknown key, or a wrong secret (one answer for all). */
  invalid: 'api_key_invalid',
  /** 401: the key was revoked. */
  revoked: 'api_key_revoked',
  /** 401: the key is past its expiry. */
  expired: 'api_key_expired',
  /** 403: the route needs a scope the key does not have. */
  scopeMissing: 'api_key_scope_missing',
  /** 403: the call comes from an address outside the key's allow-list. */
  ipNotAllowed: 'api_key_ip_not_allowed',
  /** 403: the key is of another workspace than the one the URL names (the MCP endpoint). */
  wrongWorkspace: 'api_key_wrong_workspace',
  /** 403 (creating): a scope needs a permission the creator does not hold in the workspace. */
  scopeExceedsRole: 'api_key_scope_exceeds_role',
  /** 409 (creating): the creator holds API_KEY_LIMITS.perUser keys already. */
  tooMany: 'api_key_too_many',
} as const;

export type ApiKeyErrorCode = (typeof API_KEY_ERROR_CODES)[keyof typeof API_KEY_ERROR_CODES];

const name = z.string({ error: 'must be a string' }).trim().min(1, 'is required').max(API_KEY_LIMITS.nameMax, `must be at most ${API_KEY_LIMITS.nameMax} characters`);
// The entries' syntax (an IPv4 or IPv6 address or CIDR range) is checked and normalised by platform-api, which matches them.
const ipAllowList = z
  .array(z.string({ error: 'must be a string' }).trim().min(1, 'is required').max(64, 'must be at most 64 characters'), { error: 'must be a list of addresses' })
  .max(API_KEY_LIMITS.ipAllowListMax, `must list at most ${API_KEY_LIMITS.ipAllowListMax} addresses`);
const rateLimitPerMinute = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(API_KEY_LIMITS.rateLimitPerMinuteMax, `must be at most ${API_KEY_LIMITS.rateLimitPerMinuteMax}`)
  .nullable();

export const createApiKeySchema = z.strictObject({
  name,
  workspaceId: z.string({ error: 'must be a string' }).min(1, 'is required').max(128, 'must be at most 128 characters'),
  scopes: z
    .array(z.enum(API_KEY_SCOPE_LIST as [ApiKeyScope, ...ApiKeyScope[]], { error: `must be one of ${API_KEY_SCOPE_LIST.join(', ')}` }), { error: 'must be a list of scopes' })
    .min(1, 'must name at least one scope')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'must not repeat a scope'),
  /** Days from now; null or absent: never expires. */
  expiresInDays: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(API_KEY_LIMITS.expiresInDaysMax, `must be at most ${API_KEY_LIMITS.expiresInDaysMax}`).nullable().optional(),
  ipAllowList: ipAllowList.optional(),
  rateLimitPerMinute: rateLimitPerMinute.optional(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeySchema>;

export const updateApiKeySchema = z
  .strictObject({ name: name.optional(), ipAllowList: ipAllowList.optional(), rateLimitPerMinute: rateLimitPerMinute.optional() })
  .refine((body) => Object.keys(body).length > 0, 'must change at least one of name, ipAllowList, rateLimitPerMinute');
export type UpdateApiKeyBody = z.infer<typeof updateApiKeySchema>;
