// A recorder of side effects (test code): an HTTP server on loopback that
// counts the calls per path, as an outside system would see them. A
// workflow's http step posts to /hit/<key>; a key counted twice is a side
// effect executed twice.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SideEffects {
  url: string;
  counts: Map<string, number>;
  close: () => Promise<void>;
}

/** delayMs: how long each call takes to answer (a run stays under way meanwhile). */
export async function startSideEffects(delayMs = 0): Promise<SideEffects> {
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const key = (req.url ?? '/').replace(/^\/hit\//, '');
    counts.set(key, (counts.get(key) ?? 0) + 1);
    req.resume();
    req.on('end', () => setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'), delayMs));
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
