// The MCP servers' HTTP contract (issue 24, item 4): routes, request schemas
// (a failure is a 400 naming the field) and the stable codes of refusals and
// of a listing's or a tool call's failure. Pure: no Node, no Firebase.
import { z } from 'zod';
import { documentIdSchema } from '../validation/ids.js';
import { MCP_LIMITS, MCP_TRANSPORTS, type McpServerView, type McpTransport } from './model.js';

const seg = encodeURIComponent;

export const MCP_SERVERS_API = {
  /** GET ?workspaceId=: { servers } (those who may edit the workspace's workflows). POST: creates one → 201 { server } (manage_credentials). */
  servers: '/api/mcp-servers',
  /** PATCH (name, url, transport, credentialId) → { server }; DELETE → 204 (manage_credentials). */
  server: (serverId: string) => `/api/mcp-servers/${seg(serverId)}`,
  /** POST: connects, lists the server's tools and stores them → { server } (those who may edit the workspace's workflows). */
  tools: (serverId: string) => `/api/mcp-servers/${seg(serverId)}/tools`,
} as const;

export const MCP_ERROR_CODES = {
  /** 404: no such server, or one of a workspace the caller may not see. */
  notFound: 'mcp_server_not_found',
  /** 403: the caller may not manage (or use) MCP servers of that workspace. */
  forbidden: 'mcp_workspace_forbidden',
  /** 409: the workspace holds MCP_LIMITS.perWorkspace servers already. */
  tooMany: 'mcp_too_many_servers',
  /** 400: the credential is not an HTTP credential (bearer, header, basic) of the server's workspace. */
  credentialInvalid: 'mcp_credential_invalid',
  /** 400: an http:// URL while private networks are not allowed (use https). */
  insecureUrl: 'mcp_insecure_url',
  /** The server could not be reached: DNS, refused connection, timeout, a 5xx answer. */
  unreachable: 'mcp_unreachable',
  /** The server refused the credential (401/403), or wants one and none is set. */
  authFailed: 'mcp_auth_failed',
  /** The server answered, but not as an MCP server (bad JSON-RPC, no tools capability, an unexpected status). */
  protocolError: 'mcp_protocol_error',
  /** The URL (or a redirect, or its DNS answer) leads to an address the private-address guard refuses. */
  blockedAddress: 'mcp_blocked_address',
  /** An agent called a tool the server no longer lists (step error). */
  toolUnknown: 'mcp_tool_unknown',
  /** The tool ran and reported an error (told to the model as the tool's error; the child step fails with it). */
  toolFailed: 'mcp_tool_failed',
  /** An agent node names a server of another workspace than the run's (or a deleted one) (step error). */
  serverNotInWorkspace: 'mcp_server_not_in_workspace',
} as const;
export type McpErrorCode = (typeof MCP_ERROR_CODES)[keyof typeof MCP_ERROR_CODES];

const name = z.string({ error: 'must be a string' }).trim().min(1, 'is required').max(MCP_LIMITS.nameMax, `must be at most ${MCP_LIMITS.nameMax} characters`);
/**
 * http or https. platform-api refuses http:// unless private networks are
 * allowed (MCP_ERROR_CODES.insecureUrl): the credential's header would cross
 * the internet in clear. No user:password in the URL: auth is a credential.
 */
const url = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, 'is required')
  .max(MCP_LIMITS.urlMax, `must be at most ${MCP_LIMITS.urlMax} characters`)
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.username === '' && parsed.password === '';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL without a user name or password');
const transport = z.enum(MCP_TRANSPORTS as unknown as [McpTransport, ...McpTransport[]], { error: `must be one of ${MCP_TRANSPORTS.join(', ')}` });

export const createMcpServerSchema = z.strictObject({
  workspaceId: z.string({ error: 'must be a string' }).min(1, 'is required').max(128, 'must be at most 128 characters'),
  name,
  url,
  transport: transport.default('streamable-http'),
  /** An HTTP credential of the workspace; absent or null: the server needs no auth. */
  credentialId: documentIdSchema.nullable().optional(),
});
export type CreateMcpServerBody = z.input<typeof createMcpServerSchema>;

export const updateMcpServerSchema = z
  .strictObject({ name: name.optional(), url: url.optional(), transport: transport.optional(), credentialId: documentIdSchema.nullable().optional() })
  .refine((body) => Object.keys(body).length > 0, 'must change at least one of name, url, transport, credentialId');
export type UpdateMcpServerBody = z.input<typeof updateMcpServerSchema>;

export const mcpServerListQuerySchema = z.strictObject({
  workspaceId: z.string({ error: 'must be a string' }).min(1, 'is required').max(128, 'must be at most 128 characters'),
});

/** GET list: { servers }; POST, PATCH, POST tools: { server }. */
export interface McpServerListResponse {
  servers: McpServerView[];
}
export interface McpServerResponse {
  server: McpServerView;
}
