// The MCP servers' routes (MCP_SERVERS_API, signed in with an ID token).
// Managing a server (create, change, delete) needs the workspace's
// manage_credentials permission: a server holds auth. Listing servers and
// refreshing their tools needs edit_workflows there (who builds agents). In
// a personal workspace its owner holds both. A server of a workspace the
// caller may not see answers 404, like a missing one. Changes are audited
// like the credential routes' (the server's id, name and URL; never a secret).
import { Router, type Request } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { MCP_ERROR_CODES, MCP_LIMITS, MCP_SERVERS_API, createMcpServerSchema, mcpServerListQuerySchema, updateMcpServerSchema, type McpTransport } from '@agentflow/shared/mcp';
import { PERMISSIONS, PERSONAL_WORKSPACE, RBAC_COLLECTIONS, type PlatformPermissionId } from '@agentflow/shared/rbac';
import { HttpError, can, credentialType, isDocumentId, parseOr400, requireAuth, serviceErrors, type AuditAction } from '@agentflow/shared/server';
import type { Logger } from 'pino';
import type { NewAuditEntry } from '../access/audit.js';
import { loadAccess } from '../access/store.js';
import { httpAuthHeaders, secretValuesOf } from '../credentials/httpAuth.js';
import type { CredentialVault } from '../credentials/vault.js';
import type { SafeFetchPolicy } from '../net/safeFetch.js';
import { redactText } from '../agents/providers/redact.js';
import { connectMcp, listMcpTools, mcpServerError, type McpNet } from './connect.js';
import { McpServerStore, mcpServerView, type StoredMcpServer } from './store.js';

export interface McpServersRouterOptions {
  auth: Auth;
  db: Firestore;
  vault: CredentialVault | null;
  record: (entry: NewAuditEntry) => Promise<void>;
  fetchPolicy: SafeFetchPolicy;
  logger: Logger;
  now?: () => Date;
  /** Timeouts of a listing (tests shorten them). */
  net?: Omit<McpNet, 'policy'>;
}

interface Workspace {
  workspaceId: string;
  organizationId: string | null;
  ownerId: string;
}

const serverNotFound = (id: string) => new HttpError(404, `MCP server '${id}' not found`, MCP_ERROR_CODES.notFound);

export function createMcpServersRouter({ auth, db, vault, record, fetchPolicy, logger, now = () => new Date(), net = {} }: McpServersRouterOptions): Router {
  const router = Router();
  const store = new McpServerStore(db);
  const authed = requireAuth(auth);
  const uid = (req: Request) => req.caller!.uid;
  const audit = (req: Request, action: AuditAction, server: StoredMcpServer, details: Record<string, unknown>) =>
    record({
      userId: uid(req),
      userEmail: req.caller?.email ?? null,
      ipAddress: req.ip ?? null,
      userAgent: req.get('user-agent') ?? null,
      action,
      targetType: 'mcpServer',
      targetId: server.id,
      organizationId: server.organizationId,
      details: { name: server.name, url: server.url, workspaceId: server.workspaceId, ...details },
      status: 'success',
    });

  /** The workspace, if the caller holds `permission` there (403 otherwise; 404 for an organization that does not exist). */
  const workspaceFor = async (req: Request, workspaceId: string, permission: PlatformPermissionId, field = 'workspaceId'): Promise<Workspace> => {
    const caller = uid(req);
    if (workspaceId === PERSONAL_WORKSPACE) return { workspaceId, organizationId: null, ownerId: caller };
    const organization = isDocumentId(workspaceId) ? await db.collection(RBAC_COLLECTIONS.organizations).doc(workspaceId).get() : null;
    if (!organization?.exists) throw new HttpError(404, `Workspace '${workspaceId}' not found`, 'workspace_not_found', { field });
    const { grants } = await loadAccess(db, caller);
    if (!can(grants, permission, workspaceId)) throw new HttpError(403, `You need the ${permission} permission in workspace '${workspaceId}' for its MCP servers`, MCP_ERROR_CODES.forbidden, { field });
    return { workspaceId, organizationId: workspaceId, ownerId: caller };
  };

  /** The server, when the caller holds `permission` in its workspace; 404 (as for a missing one) otherwise. */
  const serverFor = async (req: Request, permission: PlatformPermissionId): Promise<StoredMcpServer> => {
    const id = String(req.params.serverId ?? '');
    const server = isDocumentId(id) ? await store.get(id) : null;
    if (!server) throw serverNotFound(id);
    if (server.organizationId === null) {
      if (server.createdBy !== uid(req)) throw serverNotFound(id);
      return server;
    }
    const { grants } = await loadAccess(db, uid(req));
    if (!can(grants, PERMISSIONS.viewWorkflows, server.organizationId)) throw serverNotFound(id);
    if (!can(grants, permission, server.organizationId)) throw new HttpError(403, `You need the ${permission} permission in workspace '${server.organizationId}' for its MCP servers`, MCP_ERROR_CODES.forbidden);
    return server;
  };

  /** An HTTP credential of the workspace the caller may use (400 naming credentialId otherwise). */
  const checkCredential = async (req: Request, credentialId: string, workspace: Workspace): Promise<void> => {
    const refuse = (why: string) => new HttpError(400, `credentialId: ${why}`, MCP_ERROR_CODES.credentialInvalid, { field: 'credentialId' });
    if (!vault) throw refuse('credentials are not available on this server');
    let view;
    try {
      view = await vault.get({ userId: uid(req) }, credentialId);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw refuse('is not a credential you may use');
      throw error;
    }
    const inWorkspace = workspace.organizationId ? view.owner.kind === 'organization' && view.owner.organizationId === workspace.organizationId : view.owner.kind === 'user' && view.owner.userId === workspace.ownerId;
    if (!inWorkspace) throw refuse(`is not a credential of workspace '${workspace.workspaceId}'`);
    if (credentialType(view.type).kind !== 'http') throw refuse('must be an HTTP credential (bearer token, API key header or basic auth)');
  };

  /** http:// sends the credential in clear: only where private networks are allowed (local development, tests). */
  const checkUrl = (url: string) => {
    if (new URL(url).protocol === 'http:' && !fetchPolicy.allowPrivateNetworks) throw new HttpError(400, 'url: must be an https URL', MCP_ERROR_CODES.insecureUrl, { field: 'url' });
  };

  router.get(MCP_SERVERS_API.servers, authed, async (req, res) => {
    const { workspaceId } = parseOr400(mcpServerListQuerySchema, req.query);
    const workspace = await workspaceFor(req, workspaceId, PERMISSIONS.editWorkflows);
    res.json({ servers: (await store.list(workspace)).map(mcpServerView) });
  });

  router.post(MCP_SERVERS_API.servers, authed, async (req, res) => {
    const body = parseOr400(createMcpServerSchema, req.body);
    const workspace = await workspaceFor(req, body.workspaceId, PERMISSIONS.manageCredentials);
    checkUrl(body.url);
    if (body.credentialId) await checkCredential(req, body.credentialId, workspace);
    if ((await store.list(workspace)).length >= MCP_LIMITS.perWorkspace) throw new HttpError(409, `The workspace has ${MCP_LIMITS.perWorkspace} MCP servers: remove one first`, MCP_ERROR_CODES.tooMany);
    const server = await store.create({
      workspaceId: workspace.workspaceId,
      organizationId: workspace.organizationId,
      name: body.name,
      url: body.url,
      transport: body.transport as McpTransport,
      credentialId: body.credentialId ?? null,
      createdAt: now().toISOString(),
      createdBy: uid(req),
      tools: null,
      toolsListedAt: null,
      lastError: null,
    });
    await audit(req, 'CREATE_MCP_SERVER', server, { transport: server.transport, credentialId: server.credentialId });
    res.status(201).json({ server: mcpServerView(server) });
  });

  // MCP_SERVERS_API.server(id)'s route (its helper would encode the ':').
  const serverRoute = `${MCP_SERVERS_API.servers}/:serverId`;

  router.patch(serverRoute, authed, async (req, res) => {
    const server = await serverFor(req, PERMISSIONS.manageCredentials);
    const body = parseOr400(updateMcpServerSchema, req.body);
    if (body.url !== undefined) checkUrl(body.url);
    if (body.credentialId) await checkCredential(req, body.credentialId, { workspaceId: server.workspaceId, organizationId: server.organizationId, ownerId: server.createdBy });
    const change = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.transport !== undefined ? { transport: body.transport } : {}),
      ...(body.credentialId !== undefined ? { credentialId: body.credentialId } : {}),
    };
    await store.update(server.id, change);
    const changed = { ...server, ...change };
    await audit(req, 'UPDATE_MCP_SERVER', changed, { changed: Object.keys(change) });
    res.json({ server: mcpServerView(changed) });
  });

  router.delete(serverRoute, authed, async (req, res) => {
    const server = await serverFor(req, PERMISSIONS.manageCredentials);
    await store.remove(server.id);
    await audit(req, 'DELETE_MCP_SERVER', server, {});
    res.status(204).end();
  });

  router.post(`${serverRoute}/tools`, authed, async (req, res) => {
    const server = await serverFor(req, PERMISSIONS.editWorkflows);
    let headers: Record<string, string> = {};
    let secrets: string[] = [];
    if (server.credentialId) {
      if (!vault) throw new HttpError(400, 'credentialId: credentials are not available on this server', MCP_ERROR_CODES.credentialInvalid, { field: 'credentialId' });
      const opened = await vault.use({ userId: uid(req), userEmail: req.caller?.email ?? null, ipAddress: req.ip ?? null, userAgent: req.get('user-agent') ?? null }, server.credentialId, {
        workspace: { ownerId: server.createdBy, organizationId: server.organizationId },
      });
      headers = httpAuthHeaders(opened);
      secrets = secretValuesOf(opened, headers);
    }
    const at = now().toISOString();
    let change: Pick<StoredMcpServer, 'tools' | 'toolsListedAt' | 'lastError'> | Pick<StoredMcpServer, 'lastError'>;
    try {
      const client = await connectMcp({ url: server.url, transport: server.transport, headers }, { policy: fetchPolicy, ...net });
      try {
        change = { tools: await listMcpTools(client, net), toolsListedAt: at, lastError: null };
      } finally {
        await client.close().catch(() => undefined);
      }
    } catch (error) {
      const failure = mcpServerError(error);
      // Whatever the server echoed of the credential stays out of the record.
      change = { lastError: { code: failure.code, message: redactText(failure.message, secrets) } };
      logger.info({ serverId: server.id, code: failure.code }, 'MCP server listing failed');
    }
    await store.update(server.id, change);
    res.json({ server: mcpServerView({ ...server, ...change }) });
  });

  router.use(serviceErrors({ store: { name: 'mcp servers', logger } }));
  return router;
}
