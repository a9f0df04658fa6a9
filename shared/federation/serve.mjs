#!/usr/bin/env node
// Serves a production build on loopback, the way a CDN would in production:
// hashed assets cached forever, entry files (index.html, mf-manifest.json,
// remoteEntry.js) always revalidated. Remotes answer with CORS; the shell also
// answers /remotes.json and /app-config.json from the environment at serve
// time, so one build points at any set of remote URLs and Firebase project.
//
//   node serve.mjs --dir dist --port 3001 --cors          (a remote)
//   node serve.mjs --dir dist --port 3000 --shell         (the shell)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import express from 'express';
import { resolveRemotesMap } from './contract.mjs';
import { buildAppConfig } from './runtime-config.mjs';

const HASHED = /\.[0-9a-f]{8}\.(js|css|woff2?|png|svg)$/;
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'sw.js', 'manifest.webmanifest']);

/**
 * @param {{ dir: string, cors?: boolean, shell?: boolean, env?: Record<string, string|undefined> }} options
 */
export function createStaticApp({ dir, cors = false, shell = false, env = process.env }) {
  const root = path.resolve(dir);
  if (!existsSync(path.join(root, shell ? 'index.html' : 'mf-manifest.json'))) {
    throw new Error(`No production build in ${root}: run 'npm run build' first`);
  }
  const app = express();
  app.disable('x-powered-by');
  if (cors) {
    app.use((_req, res, next) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      next();
    });
  }
  if (shell) {
    app.get('/remotes.json', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.json(resolveRemotesMap(env));
    });
    app.get('/app-config.json', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.json(buildAppConfig(env));
    });
  }
  app.use(
    express.static(root, {
      index: shell ? 'index.html' : false,
      setHeaders(res, filePath) {
        const base = path.basename(filePath);
        if (ENTRY_FILES.has(base)) res.setHeader('Cache-Control', 'no-cache');
        else if (HASHED.test(base)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  if (shell) {
    // Client-side routes (deep links such as /workflows/abc) get the app.
    app.get(/.*/, (req, res, next) => {
      if (path.extname(req.path)) return next(); // a missing file stays a 404
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(root, 'index.html'));
    });
  }
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return app;
}

/**
 * Starts the server; resolves once it listens, rejects (e.g. EADDRINUSE).
 * @returns {Promise<import('node:http').Server>}
 */
export function listen(app, port, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
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
    const stop = () => server.close(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  } catch (error) {
    console.error(error.code === 'EADDRINUSE' ? `serve: port ${port} is already in use` : `serve: ${error.message}`);
    process.exit(1);
  }
}
