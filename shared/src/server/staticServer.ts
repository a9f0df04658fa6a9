// Serves a production build on loopback, the way a CDN would in production:
// hashed assets cached for a year, entry files (index.html, mf-manifest.json,
// remoteEntry.js) always revalidated (ETag / Last-Modified, 304 when unchanged),
// text sent Brotli- or gzip-compressed from the copies the build wrote beside it. Remotes answer with CORS; the shell also
// answers /remotes.json and /app-config.json from the environment at serve
// time, so one build points at any set of remote URLs and Firebase project.
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import express, { type Express } from 'express';
import { REMOTE_ENTRY_FILE, STANDALONE_RUNTIME_FILE, resolveRemotesMap } from '../domain/federation/contract.js';
import { buildAppConfig } from '../domain/federation/runtimeConfig.js';
import { fileInRoot, sendPrecompressed } from './precompressed.js';

export { COMPRESSIBLE_ASSET, negotiateEncoding } from './precompressed.js';

/** Content-hashed file names ('[name].[contenthash:8].js', webpack's asset modules' longer hashes). */
const HASHED = /\.[0-9a-f]{8,}\.(js|mjs|css|woff2?|ttf|otf|png|jpe?g|gif|webp|avif|ico|svg|wasm)$/;
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', REMOTE_ENTRY_FILE, STANDALONE_RUNTIME_FILE, 'sw.js', 'manifest.webmanifest']);
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Cache-Control by file name: entry files always revalidated, hashed files kept a year, others left to defaults. */
export function cacheControlFor(baseName: string): string | undefined {
  if (ENTRY_FILES.has(baseName)) return 'no-cache';
  if (HASHED.test(baseName)) return IMMUTABLE;
  return undefined;
}

export interface StaticAppOptions {
  /** Folder of the production build. */
  dir: string;
  /** Answer with Access-Control-Allow-Origin: * (remotes are loaded cross-origin). */
  cors?: boolean;
  /** Serve the shell: SPA fallback and /remotes.json. Remotes also serve their standalone page. */
  shell?: boolean;
  env?: Record<string, string | undefined>;
}

export function createStaticApp({ dir, cors = false, shell = false, env = process.env }: StaticAppOptions): Express {
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
  // Every app reads its run-time configuration here: the shell, and a remote
  // opened on its own URL (standalone, e.g. a preview deployment).
  app.get('/app-config.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(buildAppConfig(env));
  });
  if (shell) {
    app.get('/remotes.json', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.json(resolveRemotesMap(env));
    });
  }
  // The precompressed copy the client accepts, else express.static sends the file as it is.
  app.use((req, res, next) => {
    const file = req.method === 'GET' || req.method === 'HEAD' ? fileInRoot(root, req.path.endsWith('/') ? `${req.path}index.html` : req.path) : null;
    if (!file) {
      next();
      return;
    }
    sendPrecompressed(req, res, file, { cacheControl: cacheControlFor }, () => next()).catch(next);
  });
  app.use(
    express.static(root, {
      index: 'index.html',
      setHeaders(res, filePath) {
        const cacheControl = cacheControlFor(path.basename(filePath));
        if (cacheControl) res.setHeader('Cache-Control', cacheControl);
      },
    }),
  );
  if (shell) {
    // Client-side routes (deep links such as /workflows/abc) get the app;
    // a missing file (a path with an extension) stays a 404.
    app.get(/.*/, (req, res, next) => {
      if (path.extname(req.path)) {
        next();
        return;
      }
      const indexHtml = path.join(root, 'index.html');
      const sendAsIs = () => {
        res.setHeader('Cache-Control', 'no-cache');
        res.sendFile(indexHtml);
      };
      sendPrecompressed(req, res, indexHtml, { cacheControl: cacheControlFor }, sendAsIs).catch(next);
    });
  }
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return app;
}

/** Starts listening; resolves once bound, rejects on errors such as EADDRINUSE. */
export function listen(app: Express, port: number, host = '127.0.0.1'): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}
