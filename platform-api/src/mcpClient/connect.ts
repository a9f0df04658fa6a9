// Connecting to a registered MCP server with the official SDK: its streamable
// HTTP or SSE client transport, whose every request goes through the
// streaming private-address guard (net/streamingFetch.ts), with the vault
// credential's header (sent to this server only: the guard drops it on a
// redirect to another origin). Failures become one of MCP_ERROR_CODES.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MCP_ERROR_CODES, MCP_LIMITS, type McpErrorCode, type McpServerError, type McpToolView, type McpTransport } from '@agentflow/shared/mcp';
import type { SafeFetchPolicy } from '../net/safeFetch.js';
import { streamingGuardedFetch } from '../net/streamingFetch.js';

export const MCP_NET_LIMITS = {
  /** Until the answer's headers (each request). */
  connectTimeoutMs: 15_000,
  /** One JSON-RPC request (initialize, tools/list, a tool call) to its answer. */
  requestTimeoutMs: 60_000,
  /** One answer's bytes; an SSE stream is one answer for the whole connection. */
  maxResponseBytes: 20_000_000,
} as const;

export interface McpEndpoint {
  url: string;
  transport: McpTransport;
  /** The credential's header (empty: none). */
  headers: Record<string, string>;
}

export interface McpNet {
  policy: Pick<SafeFetchPolicy, 'allowPrivateNetworks' | 'allowedRanges'>;
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
}

/** A failure of an MCP server, with its stable code. */
export class McpFailure extends Error {
  override name = 'McpFailure';
  constructor(
    readonly code: McpErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export async function connectMcp(endpoint: McpEndpoint, net: McpNet, signal?: AbortSignal): Promise<Client> {
  const fetch = streamingGuardedFetch(net.policy, { connectTimeoutMs: net.connectTimeoutMs ?? MCP_NET_LIMITS.connectTimeoutMs, maxResponseBytes: MCP_NET_LIMITS.maxResponseBytes });
  const url = new URL(endpoint.url);
  const requestInit = { headers: endpoint.headers };
  const transport = endpoint.transport === 'sse' ? new SSEClientTransport(url, { fetch, requestInit }) : new StreamableHTTPClientTransport(url, { fetch, requestInit });
  const client = new Client({ name: 'agentflow', version: '1.0.0' });
  try {
    await client.connect(transport, { timeout: net.requestTimeoutMs ?? MCP_NET_LIMITS.requestTimeoutMs, ...(signal ? { signal } : {}) });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw toMcpFailure(error);
  }
  return client;
}

/** The server's tools as stored and offered: descriptions and schemas capped (MCP_LIMITS). */
export async function listMcpTools(client: Client, net: Pick<McpNet, 'requestTimeoutMs'>, signal?: AbortSignal): Promise<McpToolView[]> {
  const tools: McpToolView[] = [];
  let cursor: string | undefined;
  try {
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: net.requestTimeoutMs ?? MCP_NET_LIMITS.requestTimeoutMs, ...(signal ? { signal } : {}) });
      for (const tool of page.tools) if (tools.length < MCP_LIMITS.toolsPerServer) tools.push(toolView(tool));
      cursor = tools.length < MCP_LIMITS.toolsPerServer ? page.nextCursor : undefined;
    } while (cursor);
  } catch (error) {
    throw toMcpFailure(error);
  }
  return tools;
}

function toolView(tool: { name: string; description?: string | undefined; inputSchema: Record<string, unknown> }): McpToolView {
  const description = (tool.description ?? '').slice(0, MCP_LIMITS.toolDescriptionMax);
  const schemaText = JSON.stringify(tool.inputSchema ?? {});
  const inputSchema = schemaText.length <= MCP_LIMITS.toolInputSchemaBytes && tool.inputSchema?.type === 'object' ? tool.inputSchema : { type: 'object', additionalProperties: true };
  return { name: tool.name, description, inputSchema };
}

/** Walks an error and its causes for the reason a server could not be used. */
export function toMcpFailure(error: unknown): McpFailure {
  if (error instanceof McpFailure) return error;
  const chain: { name?: unknown; code?: unknown; message?: unknown; cause?: unknown }[] = [];
  for (let e: unknown = error; e && typeof e === 'object' && chain.length < 6; e = (e as { cause?: unknown }).cause) chain.push(e as never);
  const text = chain.map((e) => String(e.message ?? '')).join(' | ');
  const top = String((error as { message?: unknown } | null)?.message ?? error);
  const failure = (code: McpErrorCode, message: string) => new McpFailure(code, message);
  if (chain.some((e) => e.name === 'BlockedAddressError') || /Refused to connect to/.test(text)) {
    const blocked = chain.find((e) => e.name === 'BlockedAddressError');
    return failure(MCP_ERROR_CODES.blockedAddress, String(blocked?.message ?? top));
  }
  if (chain.some((e) => e.name === 'UnsupportedUrlError')) return failure(MCP_ERROR_CODES.blockedAddress, top);
  const status = chain.map((e) => (typeof e.code === 'number' ? e.code : undefined)).find((code) => code !== undefined && code >= 100);
  if (status === 401 || status === 403 || /\b(HTTP 40[13]|Unauthorized|Non-200 status code \(40[13]\))/.test(text) || chain.some((e) => e.name === 'UnauthorizedError')) {
    return failure(MCP_ERROR_CODES.authFailed, `The MCP server refused the credential (${status ?? 'unauthorized'})`);
  }
  const networkCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_SOCKET']);
  if (
    chain.some((e) => typeof e.code === 'string' && networkCodes.has(e.code)) ||
    chain.some((e) => e.name === 'FetchTimeoutError' || e.name === 'TimeoutError') ||
    (status !== undefined && status >= 500) ||
    /ECONNREFUSED|ENOTFOUND|socket hang up|Request timed out|fetch failed/.test(text)
  ) {
    return failure(MCP_ERROR_CODES.unreachable, `The MCP server could not be reached: ${top}`);
  }
  return failure(MCP_ERROR_CODES.protocolError, `The MCP server did not answer as an MCP server: ${top}`);
}

export function mcpServerError(error: unknown): McpServerError {
  const failure = toMcpFailure(error);
  return { code: failure.code, message: failure.message.slice(0, 500) };
}
