#!/usr/bin/env node
// CLI around createStaticApp (shared/src/server/staticServer.ts):
//   node serve.mjs --dir dist --port 3001 --cors     (a remote)
//   node serve.mjs --dir dist --port 3000 --shell    (the shell)
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createStaticApp, listen } from '@agentflow/shared/static-server';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    cors: { type: 'boolean', default: false },
    shell: { type: 'boolean', default: false },
  },
});
const port = Number(values.port ?? process.env.PORT);
if (!Number.isInteger(port) || port <= 0) {
  console.error('serve: --port (or PORT) must be a port number');
  process.exit(2);
}
try {
  const server = await listen(createStaticApp({ dir: values.dir, cors: values.cors, shell: values.shell }), port, values.host);
  console.log(`serving ${path.resolve(values.dir)} on http://${values.host}:${port}`);
  // Static files hold no work worth draining; browsers' keep-alive
  // connections would otherwise keep the process alive after close().
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (error) {
  console.error(error.code === 'EADDRINUSE' ? `serve: port ${port} is already in use` : `serve: ${error.message}`);
  process.exit(1);
}
