// The engine's side of an agent's MCP tools: for one agent execution, each
// server its node lists is read, checked to be of the run's workspace,
// connected to once (through the private-address guard, with its vault
// credential's header opened for the run's owner and sent to that server
// only) and asked for its tools, so a tool it no longer has fails the step
// clearly before the model is called. Whatever a server echoes of the
// credential is redacted before the model, the step record or a log sees it.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { MCP_ERROR_CODES, type McpAgentTool } from '@agentflow/shared/mcp';
import type { McpCallOutcome, McpSessionOpener, McpToolHandle } from '../agents/mcpTools.js';
import { redactText, redactValue } from '../agents/providers/redact.js';
import type { CredentialVault } from '../credentials/index.js';
import { connectMcp, listMcpTools, MCP_NET_LIMITS, toMcpFailure, type McpNet } from '../mcpClient/connect.js';
import type { McpServerStore, StoredMcpServer } from '../mcpClient/store.js';
import { vaultHttpHeaders } from './httpCredentials.js';
import { StepFailure, type StepContext } from './steps.js';

export interface AgentMcp {
  store: McpServerStore;
  vault: CredentialVault | null;
  /** The platform tokens of one tool call (the app tool fee). */
  stepFee: number;
  net?: Omit<McpNet, 'policy'>;
}

/** Is the server one of the run's workspace (the organization's, or the owner's personal one)? */
function inRunWorkspace(server: StoredMcpServer, run: { ownerId: string; organizationId?: string | null }): boolean {
  const organizationId = run.organizationId ?? null;
  return server.organizationId === organizationId && (organizationId !== null || server.createdBy === run.ownerId);
}

/** The content of a tool's answer as text: text parts as they are, others named. */
function contentText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: unknown; text?: unknown; mimeType?: unknown; resource?: { text?: unknown; uri?: unknown } }) => {
      if (part?.type === 'text' && typeof part.text === 'string') return part.text;
      if (part?.type === 'resource' && typeof part.resource?.text === 'string') return part.resource.text;
      if (part?.type === 'resource' || part?.type === 'resource_link') return `[resource ${String(part.resource?.uri ?? '')}]`;
      return `[${String(part?.type ?? 'content')}${typeof part?.mimeType === 'string' ? ` ${part.mimeType}` : ''}]`;
    })
    .join('\n');
}

export function mcpSessionOpener(context: StepContext, mcp: AgentMcp): McpSessionOpener {
  return async (tools: readonly McpAgentTool[], signal: AbortSignal) => {
    const clients = new Map<string, Client>();
    const secrets: string[] = [];
    const close = async () => {
      await Promise.all([...clients.values()].map((client) => client.close().catch(() => undefined)));
    };
    const requestTimeoutMs = mcp.net?.requestTimeoutMs ?? MCP_NET_LIMITS.requestTimeoutMs;
    try {
      const handles: McpToolHandle[] = [];
      const listings = new Map<string, { server: StoredMcpServer; tools: Awaited<ReturnType<typeof listMcpTools>> }>();
      for (const { serverId, tool } of tools) {
        let listing = listings.get(serverId);
        if (!listing) {
          const server = await mcp.store.get(serverId);
          if (!server || !inRunWorkspace(server, context.run)) {
            throw new StepFailure(`The MCP server "${serverId}" is not a server of this workflow's workspace`, MCP_ERROR_CODES.serverNotInWorkspace);
          }
          let headers: Record<string, string> = {};
          if (server.credentialId) {
            if (!mcp.vault) throw new StepFailure(`The MCP server "${server.name}" uses a credential, but credentials are not available on this server`);
            const auth = await vaultHttpHeaders(mcp.vault)(context, server.credentialId);
            headers = auth.headers;
            secrets.push(...auth.secrets);
          }
          try {
            const client = await connectMcp({ url: server.url, transport: server.transport, headers }, { policy: context.fetchPolicy, ...mcp.net }, signal);
            clients.set(serverId, client);
            listing = { server, tools: await listMcpTools(client, { requestTimeoutMs }, signal) };
          } catch (error) {
            if (signal.aborted) throw signal.reason ?? error;
            const failure = toMcpFailure(error);
            throw new StepFailure(`MCP server "${server.name}": ${redactText(failure.message, secrets)}`, failure.code);
          }
          listings.set(serverId, listing);
        }
        const found = listing.tools.find((t) => t.name === tool);
        if (!found) throw new StepFailure(`The MCP server "${listing.server.name}" no longer has the tool "${tool}"`, MCP_ERROR_CODES.toolUnknown);
        handles.push({ serverId, serverName: listing.server.name, tool: found });
      }
      return {
        tools: handles,
        close,
        call: async (handle, args, callSignal): Promise<McpCallOutcome> => {
          const client = clients.get(handle.serverId)!;
          let result;
          try {
            result = await client.callTool({ name: handle.tool.name, arguments: args }, undefined, { timeout: requestTimeoutMs, signal: callSignal });
          } catch (error) {
            if (callSignal.aborted) throw callSignal.reason ?? error;
            // What the model reads as the tool's error (and the child step records).
            throw new Error(redactText(String((error as { message?: unknown })?.message ?? error), secrets));
          }
          const structured = result.structuredContent;
          return {
            isError: result.isError === true,
            text: redactText(contentText(result.content), secrets),
            structured: structured === undefined ? undefined : redactValue(structured, secrets),
          };
        },
      };
    } catch (error) {
      await close();
      throw error;
    }
  };
}
