// Test code only: a real MCP server made with the official SDK (McpServer)
// on loopback Express, over streamable HTTP (/mcp, stateless) and the older
// HTTP+SSE transport (/sse + /messages). It checks the Authorization header
// the platform must send from the vault credential, and records what it saw.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface TestMcpServer {
  url: string;
  /** The Authorization headers of every request, in order. */
  authorizations: (string | null)[];
  /** Arguments of every lookup_order call. */
  calls: unknown[];
  close(): Promise<void>;
}

function mcpServer(calls: unknown[]): McpServer {
  const server = new McpServer({ name: 'orders', version: '1.0.0' });
  server.registerTool(
    'lookup_order',
    { description: 'Finds an order by its id and tells its status', inputSchema: { orderId: z.string().describe('The order id, e.g. A-1') } },
    async ({ orderId }) => {
      calls.push({ orderId });
      if (orderId === 'missing') return { isError: true, content: [{ type: 'text', text: `No order ${orderId}` }] };
      return { content: [{ type: 'text', text: `Order ${orderId} shipped` }], structuredContent: { orderId, status: 'shipped' } };
    },
  );
  server.registerTool('cancel_order', { description: 'Cancels an order', inputSchema: { orderId: z.string() } }, async () => ({ content: [{ type: 'text', text: 'cancelled' }] }));
  return server;
}

export async function startTestMcpServer(expectedAuthorization: string | null): Promise<TestMcpServer> {
  const authorizations: (string | null)[] = [];
  const calls: unknown[] = [];
  const app = express();
  app.use(express.json());
  app.use((req, res, next) => {
    const presented = req.get('authorization') ?? null;
    authorizations.push(presented);
    if (expectedAuthorization !== null && presented !== expectedAuthorization) return void res.status(401).json({ error: 'unauthorized' });
    next();
  });
  app.post('/mcp', async (req, res) => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const server = mcpServer(calls);
    res.on('close', () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.get('/mcp', (_req, res) => void res.status(405).set('allow', 'POST').end());
  const sse = new Map<string, SSEServerTransport>();
  app.get('/sse', async (_req, res) => {
    const transport = new SSEServerTransport('/messages', res);
    sse.set(transport.sessionId, transport);
    res.on('close', () => sse.delete(transport.sessionId));
    await mcpServer(calls).connect(transport);
  });
  app.post('/messages', async (req, res) => {
    const transport = sse.get(String(req.query.sessionId));
    if (!transport) return void res.status(404).end();
    await transport.handlePostMessage(req, res, req.body);
  });
  const http: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    authorizations,
    calls,
    close: async () => {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
