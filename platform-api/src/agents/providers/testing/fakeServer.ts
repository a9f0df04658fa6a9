// Test code only (excluded from the build): the plumbing every provider's
// fake server shares. Each provider folder's testing/fake.ts speaks that provider's
// real wire format on top of this: a real node:http server on 127.0.0.1,
// every request recorded, JSON in and out.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCall {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body (undefined without one). */
  body: unknown;
}

/** What every provider fake accepts. */
export interface FakeProviderOptions {
  /** The key the fake accepts; anything else gets the provider's real "bad key" answer. Omitted: no key is checked. */
  apiKey?: string;
  /** What the model list returns (in this order: the adapter sorts). */
  models?: string[];
  /** The assistant's answer and the usage the fake reports in the provider's own fields. */
  reply?: FakeReply;
  /** Put the presented key into the "bad key" answer, as some providers do, to prove the adapter redacts it. */
  echoKey?: boolean;
}

export interface FakeReply {
  text: string;
  inputTokens: number;
  outputTokens: number;
}

export interface FakeProvider {
  /** What the credential's baseUrl (or the operator's override) would be for this fake. */
  baseUrl: string;
  calls: FakeCall[];
  close(): Promise<void>;
}

export const DEFAULT_FAKE_REPLY: FakeReply = { text: 'Hello from the fake provider', inputTokens: 17, outputTokens: 6 };
export const DEFAULT_FAKE_MODELS = ['zeta-large', 'alpha-small', 'mid-model'];

export type FakeHandler = (call: FakeCall, res: http.ServerResponse) => void;

/** Starts a server on 127.0.0.1; `pathPrefix` is appended to its origin in `baseUrl`. */
export async function startFakeServer(pathPrefix: string, handle: FakeHandler): Promise<FakeProvider> {
  const calls: FakeCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw === '' ? undefined : (JSON.parse(raw) as unknown);
      } catch {
        sendJson(res, 400, { error: { message: 'The body is not JSON' } });
        return;
      }
      const call: FakeCall = { method: req.method ?? 'GET', path: url.pathname.replace(/\/+$/, ''), query: url.searchParams, headers: req.headers, body };
      calls.push(call);
      try {
        handle(call, res);
      } catch (error) {
        sendJson(res, 500, { error: { message: `fake server error: ${String(error)}` } });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${pathPrefix}`,
    calls,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** The bearer token of an Authorization header (null without one). */
export function bearer(headers: http.IncomingHttpHeaders): string | null {
  const match = /^Bearer (.*)$/.exec(headers.authorization ?? '');
  return match ? match[1]! : null;
}

/** The text of the last user message of an OpenAI/Anthropic/Ollama-style messages array. */
export function lastUserText(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  const user = [...(messages as { role?: unknown; content?: unknown }[])].reverse().find((m) => m.role === 'user');
  const content = user?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => ((part as { text?: unknown }).text as string | undefined) ?? '').join('');
  return '';
}
