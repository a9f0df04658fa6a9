// Serves a production build on loopback, the way a CDN would in production:
// hashed assets cached for a year, entry files (index.html, mf-manifest.json,
// remoteEntry.js) always revalidated. Remotes answer with CORS; the shell also
// answers /remotes.json and /app-config.json from the environment at serve
// time, so one build points at any set of remote URLs and Firebase project.
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import express, { type Express } from 'express';
import { resolveRemotesMap } from '../domain/federation/contract.js';
import { buildAppConfig } from '../domain/federation/runtimeConfig.js';

const HASHED = /\.[0-9a-f]{8}\.(js|css|woff2?|png|svg)$/;
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'sw.js', 'manifest.webmanifest']);

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
  app.use(
    express.static(root, {
      index: 'index.html',
      setHeaders(res, filePath) {
        const base = path.basename(filePath);
        if (ENTRY_FILES.has(base)) res.setHeader('Cache-Control', 'no-cache');
        else if (HASHED.test(base)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
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
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(root, 'index.html'));
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
