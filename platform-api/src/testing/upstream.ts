// Local HTTP servers for the suites that make real requests (test code,
// excluded from the service build): the upstream the runs' http steps call,
// whose later replies end with it (nothing outlives the suite), and a server
// that records every request it sees (the net suites).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Runs `fn` after `ms`, unless the upstream closes first. */
export type Later = (fn: () => void, ms: number) => void;

export interface Upstream {
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

/** `port`: a fixed port (a fake an e2e stack reaches at a known address); default any free one. */
export async function startUpstream(handler: (req: http.IncomingMessage, res: http.ServerResponse, later: Later) => void, port = 0): Promise<Upstream> {
  const pending = new Set<NodeJS.Timeout>();
  const later: Later = (fn, ms) => {
    const timer = setTimeout(() => {
      pending.delete(timer);
      fn();
    }, ms);
    pending.add(timer);
  };
  const server = http.createServer((req, res) => handler(req, res, later));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A request as a recording server saw it (the body read whole, as UTF-8). */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RecordingServer extends Upstream {
  port: number;
  /** Every request so far, in arrival order (empty it between tests). */
  seen: SeenRequest[];
}

/**
 * A server that records each request, then lets `reply` answer it. On 127.0.0.1,
 * or dual-stack (`::`, else every IPv4 address) so that 127.0.0.2 and localhost reach it too.
 */
export async function startRecordingServer(reply: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void, { dualStack = false } = {}): Promise<RecordingServer> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      reply(req, res, body);
    });
  });
  await new Promise<void>((resolve) => {
    if (!dualStack) return void server.listen(0, '127.0.0.1', resolve);
    server.once('error', () => server.listen(0, '0.0.0.0', resolve));
    server.listen(0, '::', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
