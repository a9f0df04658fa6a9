import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { pino, type Logger } from 'pino';
import { getAdminAuth, getAdminDb } from './admin.js';
import { serviceConfigFromEnv } from './config.js';

/**
 * Listens and shuts down gracefully on SIGTERM/SIGINT: stop accepting
 * connections, let in-flight requests finish, run cleanup, then exit; a
 * request that hangs cannot hold the process past the grace period.
 */
export function runService(options: {
  app: Express;
  port: number;
  host?: string;
  logger: Logger;
  name: string;
  onShutdown?: () => Promise<void>;
  graceMs?: number;
  /** How long cleanup (closing Firestore...) may take before the process exits anyway. */
  cleanupMs?: number;
}): Server {
  const { app, port, host = '127.0.0.1', logger, name, onShutdown, graceMs = 10_000, cleanupMs = 3000 } = options;
  const server = app.listen(port, host, () => {
    logger.info({ port, host }, `${name} listening on http://${host}:${port}`);
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') {
      logger.error(`${name}: port ${port} is already in use (is another Agentflow stack running?)`);
    } else {
      logger.error({ err: error }, `${name}: server error`);
    }
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${name}: ${signal} received, shutting down`);
    const force = setTimeout(() => {
      logger.warn(`${name}: forced exit after ${graceMs} ms`);
      process.exit(1);
    }, graceMs);
    force.unref();
    server.close(() => {
      // A backend that is down can hold its client's cleanup for a minute.
      const cleanupLimit = new Promise<void>((resolve) => setTimeout(() => {
        logger.warn(`${name}: cleanup still running after ${cleanupMs} ms, exiting anyway`);
        resolve();
      }, cleanupMs).unref());
      Promise.race([Promise.resolve(onShutdown?.()), cleanupLimit])
        .catch((error: unknown) => logger.error({ err: error }, 'cleanup failed'))
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  return server;
}

/**
 * The whole of a service's server.ts: settings from the environment, the
 * Admin SDK, the app, listening and graceful shutdown (Firestore is closed last).
 */
export function startServiceFromEnv(options: {
  name: string;
  defaultPort: number;
  createApp: (deps: { auth: Auth; db: Firestore; logger: Logger; allowedOrigins: readonly string[] }) => Express;
}): Server {
  const config = serviceConfigFromEnv(process.env, options.defaultPort);
  const logger = pino({ name: options.name, level: config.logLevel });
  const db = getAdminDb();
  const app = options.createApp({ auth: getAdminAuth(), db, logger, allowedOrigins: config.allowedOrigins });
  return runService({ app, port: config.port, host: config.host, logger, name: options.name, onShutdown: () => db.terminate() });
}
