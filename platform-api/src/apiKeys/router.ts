// The API keys' management routes (signed in with an ID token, in the app):
// list, create (the only answer that holds the secret, sent uncached), change
// (name, allow-list, limit) and revoke. A key is made in one workspace with
// scopes its creator holds there (grantableScopes); its allow-list entries are
// checked and spelt one way (normalizeRange). Each change leaves an audit
// entry naming the key, never its secret or hash.
import { Router, type Request } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import {
  API_KEYS_API,
  API_KEY_ERROR_CODES,
  API_KEY_LIMITS,
  API_KEY_SCOPES,
  createApiKeySchema,
  formatApiKeySecret,
  grantableScopes,
  updateApiKeySchema,
  type ApiKeyScope,
} from '@agentflow/shared/api-keys';
import { PERSONAL_WORKSPACE, RBAC_COLLECTIONS } from '@agentflow/shared/rbac';
import { HttpError, can, isDocumentId, parseOr400, requireAuth, type AuditAction } from '@agentflow/shared/server';
import type { NewAuditEntry } from '../access/audit.js';
import { loadAccess } from '../access/store.js';
import { normalizeRange } from '../net/ipRanges.js';
import { ApiKeyStore, apiKeyView, hashApiKeySecret, newApiKeyMaterial, type StoredApiKey } from './store.js';

export interface ApiKeysRouterOptions {
  auth: Auth;
  db: Firestore;
  record: (entry: NewAuditEntry) => Promise<void>;
  now?: () => Date;
}

const DAY_MS = 24 * 3600_000;
const keyNotFound = (id: string) => new HttpError(404, `API key '${id}' not found`, 'not_found');

/** The allow-list in its one spelling; a 400 naming the first entry that is not an address or range. */
function normalizedAllowList(entries: readonly string[]): string[] {
  const normalized = entries.map((entry, index) => {
    const range = normalizeRange(entry);
    if (!range) throw new HttpError(400, `ipAllowList.${index}: must be an IP address or a range such as 203.0.113.0/24`, 'invalid_request', { field: `ipAllowList.${index}` });
    return range;
  });
  return [...new Set(normalized)];
}

export function createApiKeysRouter({ auth, db, record, now = () => new Date() }: ApiKeysRouterOptions): Router {
  const router = Router();
  const store = new ApiKeyStore(db);
  const authed = requireAuth(auth);
  const uid = (req: Request) => req.caller!.uid;
  const audit = (req: Request, action: AuditAction, key: StoredApiKey, details: Record<string, unknown>) =>
    record({ userId: uid(req), userEmail: req.caller?.email ?? null, ipAddress: req.ip ?? null, userAgent: req.get('user-agent') ?? null, action, targetType: 'apiKey', targetId: key.id, organizationId: key.organizationId, details: { name: key.name, workspaceId: key.workspaceId, ...details }, status: 'success' });

  /** The caller's own key (404 for anyone else's, as for a missing one). */
  const ownKey = async (req: Request): Promise<StoredApiKey> => {
    const id = String(req.params.keyId ?? '');
    const key = isDocumentId(id) ? await store.get(id) : null;
    if (!key || key.createdBy !== uid(req)) throw keyNotFound(id);
    return key;
  };

  /** The scopes the caller may give a key in the workspace: everything in their own, what their grants give in an organization. */
  const grantable = async (caller: string, workspaceId: string): Promise<{ organizationId: string | null; scopes: ApiKeyScope[] }> => {
    if (workspaceId === PERSONAL_WORKSPACE) return { organizationId: null, scopes: grantableScopes(() => true) };
    const organization = isDocumentId(workspaceId) ? await db.collection(RBAC_COLLECTIONS.organizations).doc(workspaceId).get() : null;
    if (!organization?.exists) throw new HttpError(404, `Workspace '${workspaceId}' not found`, 'workspace_not_found', { field: 'workspaceId' });
    const { grants } = await loadAccess(db, caller);
    return { organizationId: workspaceId, scopes: grantableScopes((permission) => can(grants, permission, workspaceId)) };
  };

  router.get(API_KEYS_API.keys, authed, async (req, res) => {
    const workspaceId = typeof req.query.workspaceId === 'string' && req.query.workspaceId !== '' ? req.query.workspaceId : PERSONAL_WORKSPACE;
    const at = now();
    res.json({ keys: (await store.list(uid(req), workspaceId)).map((key) => apiKeyView(key, at)) });
  });

  router.post(API_KEYS_API.keys, authed, async (req, res) => {
    const body = parseOr400(createApiKeySchema, req.body);
    const caller = uid(req);
    const allowed = await grantable(caller, body.workspaceId);
    const beyond = body.scopes.findIndex((scope) => !allowed.scopes.includes(scope));
    if (beyond >= 0) {
      const scope = body.scopes[beyond]!;
      throw new HttpError(403, `scopes.${beyond}: ${scope} needs the ${API_KEY_SCOPES[scope]} permission in workspace '${body.workspaceId}'`, API_KEY_ERROR_CODES.scopeExceedsRole, { field: `scopes.${beyond}` });
    }
    const ipAllowList = normalizedAllowList(body.ipAllowList ?? []);
    if ((await store.countUnrevoked(caller)) >= API_KEY_LIMITS.perUser) {
      throw new HttpError(409, `You hold ${API_KEY_LIMITS.perUser} API keys: revoke one before making another`, API_KEY_ERROR_CODES.tooMany);
    }
    const at = now();
    const { keyId, secret } = newApiKeyMaterial();
    const key: StoredApiKey = {
      id: keyId,
      name: body.name,
      workspaceId: body.workspaceId,
      organizationId: allowed.organizationId,
      createdBy: caller,
      createdByEmail: req.caller?.email ?? null,
      scopes: body.scopes,
      secretHash: hashApiKeySecret(secret),
      last4: secret.slice(-4),
      createdAt: at.toISOString(),
      expiresAt: body.expiresInDays ? new Date(at.getTime() + body.expiresInDays * DAY_MS).toISOString() : null,
      revokedAt: null,
      revokedBy: null,
      ipAllowList,
      rateLimitPerMinute: body.rateLimitPerMinute ?? null,
      lastUsedAt: null,
    };
    await store.create(key);
    await audit(req, 'CREATE_API_KEY', key, { scopes: key.scopes, expiresAt: key.expiresAt, ipAllowList: key.ipAllowList });
    // The one answer that holds the secret: never cached, never shown again.
    res.setHeader('Cache-Control', 'no-store');
    res.status(201).json({ key: apiKeyView(key, at), secret: formatApiKeySecret(keyId, secret) });
  });

  // API_KEYS_API.key(keyId)'s route (its helper would encode the ':').
  const keyRoute = `${API_KEYS_API.keys}/:keyId`;

  router.patch(keyRoute, authed, async (req, res) => {
    const key = await ownKey(req);
    const body = parseOr400(updateApiKeySchema, req.body);
    if (key.revokedAt !== null) throw new HttpError(409, `API key '${key.id}' is revoked`, API_KEY_ERROR_CODES.revoked);
    const change = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.ipAllowList !== undefined ? { ipAllowList: normalizedAllowList(body.ipAllowList) } : {}),
      ...(body.rateLimitPerMinute !== undefined ? { rateLimitPerMinute: body.rateLimitPerMinute } : {}),
    };
    await store.update(key.id, change);
    const changed = { ...key, ...change };
    await audit(req, 'UPDATE_API_KEY', changed, { changed: Object.keys(change) });
    res.json({ key: apiKeyView(changed, now()) });
  });

  router.delete(keyRoute, authed, async (req, res) => {
    const key = await ownKey(req);
    // Revoking twice is a no-op that answers the same view.
    if (key.revokedAt !== null) return void res.json({ key: apiKeyView(key, now()) });
    const at = now();
    const revoked = { ...key, revokedAt: at.toISOString(), revokedBy: uid(req) };
    await store.update(key.id, { revokedAt: revoked.revokedAt, revokedBy: revoked.revokedBy });
    await audit(req, 'REVOKE_API_KEY', revoked, {});
    res.json({ key: apiKeyView(revoked, at) });
  });

  return router;
}
