// A workspace's MCP endpoint (issue 24): POST /mcp/:workspaceId, the MCP
// streamable HTTP transport in its stateless form (no session ids: every
// POST is answered on its own, with JSON, by a fresh server), so any
// platform-api instance answers any call. GET (a server-to-client stream) and
// DELETE (ending a session) answer 405, as the spec allows a stateless server.
//
// Called with an API key of that workspace (apiKeys/authenticate.ts; never an
// ID token). Listing the tools needs workflows:read or runs:write; calling
// one needs runs:write (without it the call is a tool error, and no run).
// A key of another workspace is refused with 403 api_key_wrong_workspace:
// the key is genuine, so saying so tells its holder nothing new.
import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { API_KEY_ERROR_CODES, MCP_API } from '@agentflow/shared/api-keys';
import { errorBody } from '@agentflow/shared/server';
import type { RequireApiKey } from '../apiKeys/authenticate.js';
import type { StartRunDeps } from '../runs/startPersonRun.js';
import { callTool, toolDefinition, workspaceTools } from './tools.js';

export interface McpRouterOptions {
  logger: Logger;
  requireApiKey: RequireApiKey;
  /** The runs' service, file storage and store: a call starts a run as the app's run form does. */
  runs: StartRunDeps;
  /** How long a call waits for its run before answering its id and status (MCP_CALL_TIMEOUT_MS). */
  callTimeoutMs: number;
  /** The version the server names in its handshake. */
  version?: string;
}

/**
 * One request's server. Tools are set on the protocol level rather than with
 * McpServer.registerTool: their input schemas are JSON Schema made by the
 * domain (mcpInputJsonSchema), and a call is checked by runInputSchema, so the
 * message names the field the way the run form and the runs API do.
 */
function serverFor(req: Request, { runs, callTimeoutMs, version }: McpRouterOptions): McpServer {
  const { db } = runs;
  const mcp = new McpServer({ name: 'agentflow', title: 'Agentflow workflows', version: version ?? '1.0.0' }, { capabilities: { tools: { listChanged: false } } });
  mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: (await workspaceTools(db, req)).map(toolDefinition) }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const result = await callTool(request.params.name, request.params.arguments, { req, runs, timeoutMs: callTimeoutMs, signal: extra.signal });
    // An unknown tool (or one not marked available, or not the creator's to run) is the protocol's error, and no run.
    if (!result) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return result;
  });
  return mcp;
}

const methodNotAllowed = (_req: Request, res: Response) => {
  res
    .status(405)
    .set('Allow', 'POST')
    .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; send each message with POST' }, id: null });
};

export function createMcpRouter(options: McpRouterOptions): Router {
  const router = Router();
  router.post(MCP_API.path, options.requireApiKey(null), async (req, res) => {
    const key = req.caller!.apiKey!;
    if (req.params.workspaceId !== key.workspaceId) {
      res.status(403).json(errorBody(403, `This API key belongs to the workspace '${key.workspaceId}': use ${MCP_API.endpoint(key.workspaceId)}`, API_KEY_ERROR_CODES.wrongWorkspace));
      return;
    }
    if (!key.scopes.includes('workflows:read') && !key.scopes.includes('runs:write')) {
      res.status(403).json(errorBody(403, 'The MCP endpoint needs an API key with the workflows:read or runs:write scope', API_KEY_ERROR_CODES.scopeMissing));
      return;
    }
    const mcp = serverFor(req, options);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    try {
      await mcp.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      options.logger.error({ err: error }, 'an MCP request failed');
      if (!res.headersSent) res.status(500).json({ jsonrpc: '2.0', error: { code: ErrorCode.InternalError, message: 'Internal error' }, id: null });
    }
  });
  router.get(MCP_API.path, methodNotAllowed);
  router.delete(MCP_API.path, methodNotAllowed);
  return router;
}
