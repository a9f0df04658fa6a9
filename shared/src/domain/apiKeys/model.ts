// API keys (issue 24): how software outside the browser app calls the public
// API (/v1) and a workspace's MCP endpoint. A key acts as the user who made it,
// in one workspace, within its scopes: every call passes the key's scope check
// AND the same access checks as that user's own calls, on their current
// grants, so a key never does more than its creator may do now.
// Pure: no Node, no Firebase (hashing and lookups are platform-api's).
import { PERMISSIONS, type PlatformPermissionId } from '../rbac/model.js';

/** apiKeys/{keyId}: written by platform-api only (rules deny browsers). */
export const API_KEYS_COLLECTION = 'apiKeys';

/**
 * What a key may be used for, and the permission its creator must hold in the
 * key's workspace to give it (a personal workspace's owner holds them all).
 * A route names one scope; the route's own check (may view this run, decide
 * this step…) still runs as the creator.
 */
export const API_KEY_SCOPES = {
  /** List and read workflows (GET /v1/workflows…). */
  'workflows:read': PERMISSIONS.viewWorkflows,
  /** Read runs, their steps and outputs; list approvals waiting. */
  'runs:read': PERMISSIONS.viewWorkflows,
  /** Start and cancel runs; call workflows as MCP tools. */
  'runs:write': PERMISSIONS.runWorkflows,
  /** Approve or reject waiting approval steps the creator may decide. */
  'approvals:decide': PERMISSIONS.viewWorkflows,
  /** List the workspace's credentials, masked. */
  'credentials:read': PERMISSIONS.useCredentials,
  /** Upload files for a run's file fields. */
  'files:write': PERMISSIONS.runWorkflows,
} as const satisfies Record<string, PlatformPermissionId>;

export type ApiKeyScope = keyof typeof API_KEY_SCOPES;
export const API_KEY_SCOPE_LIST = Object.keys(API_KEY_SCOPES) as ApiKeyScope[];

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(API_KEY_SCOPES, value);
}

export const API_KEY_LIMITS = {
  nameMax: 80,
  /** Keys one user holds (revoked ones do not count). */
  perUser: 50,
  ipAllowListMax: 20,
  /** Requests per minute a key may make (per service instance, like every limit). */
  rateLimitPerMinuteMax: 6000,
  /** The furthest expiry a key may be given, in days (none: it does not expire). */
  expiresInDaysMax: 730,
} as const;

/**
 * The secret's form: `afk_<key id>_<secret>`. The key id (20 letters and
 * digits) finds the document in one read; the secret (32 random bytes,
 * base64url) is stored only as its SHA-256. The prefix makes a leaked key
 * recognisable to secret scanners and never looks like an ID token (a JWT).
 */
export const API_KEY_PREFIX = 'afk_';
const SECRET_FORM = /^afk_([A-Za-z0-9]{20})_([A-Za-z0-9_-]{43})$/;

export function formatApiKeySecret(keyId: string, secret: string): string {
  const formatted = `${API_KEY_PREFIX}${keyId}_${secret}`;
  if (!SECRET_FORM.test(formatted)) throw new Error('An API key is a 20-character id and a 43-character base64url secret');
  return formatted;
}

/** The key id and secret of a presented key, or null for anything not of the form (never an ID token). */
export function parseApiKeySecret(presented: string): { keyId: string; secret: string } | null {
  const match = SECRET_FORM.exec(presented.trim());
  return match ? { keyId: match[1]!, secret: match[2]! } : null;
}

/** What the list shows of a key's secret: its prefix and last four characters, never more. */
export const maskedApiKey = (keyId: string, last4: string): string => `${API_KEY_PREFIX}${keyId}_…${last4}`;

/** A key as its owner's list shows it (never the secret or its hash). */
export interface ApiKeyView {
  id: string;
  name: string;
  /** 'personal' (the creator's own) or an organization id. */
  workspaceId: string;
  createdBy: string;
  scopes: ApiKeyScope[];
  /** maskedApiKey(id, last4). */
  masked: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  /** Addresses and ranges (CIDR) calls may come from; empty: anywhere. */
  ipAllowList: string[];
  /** Requests per minute; null: the platform's default. */
  rateLimitPerMinute: number | null;
  status: ApiKeyStatus;
}

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

/** Whether a key may be used at `now`: revocation and expiry take effect at once. */
export function apiKeyStatus(key: { expiresAt: string | null; revokedAt: string | null }, now: Date): ApiKeyStatus {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}

/** The scopes a creator may give a key: those whose permission they hold in its workspace (`holds`). */
export function grantableScopes(holds: (permission: PlatformPermissionId) => boolean): ApiKeyScope[] {
  return API_KEY_SCOPE_LIST.filter((scope) => holds(API_KEY_SCOPES[scope]));
}
