// A local HTTP server for the runs suites' http steps to call (test code,
// excluded from the service build). Replies it sends later are tracked, so
// close() ends them with the server and nothing outlives the suite.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Runs `fn` after `ms`, unless the upstream closes first. */
export type Later = (fn: () => void, ms: number) => void;

export interface Upstream {
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

export async function startUpstream(handler: (req: http.IncomingMessage, res: http.ServerResponse, later: Later) => void): Promise<Upstream> {
  const pending = new Set<NodeJS.Timeout>();
  const later: Later = (fn, ms) => {
    const timer = setTimeout(() => {
      pending.delete(timer);
      fn();
    }, ms);
    pending.add(timer);
  };
  const server = http.createServer((req, res) => handler(req, res, later));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
