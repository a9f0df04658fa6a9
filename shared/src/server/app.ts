// The skeleton every Agentflow service shares: security headers, CORS for the
// configured origins, bounded JSON bodies, request logs, a health check, the
// client address from TRUST_PROXY, a per-user rate limit, request guards
// (requestGuards.ts) so that no client input can fault a route, and JSON
// errors (httpErrors.ts) that always carry a stable code and never leak a
// stack trace.
import cors from 'cors';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { createUserRateLimiter, installUserRateLimiter, trustProxyFromEnv, userRateLimitFromEnv, type TrustProxySetting } from './rateLimits.js';
import { GENERIC_ERROR_CODES } from '../domain/validation/errorCodes.js';
import { codedErrorBodies, errorBody, serviceErrors } from './httpErrors.js';
import { messageOf } from '../domain/errorMessage.js';
import { JSON_BODY_LIMIT, bodyGuard, pathGuard } from './requestGuards.js';

export interface ServiceAppOptions {
  name: string;
  /** Browser origins allowed to call the service (shell and remotes). */
  allowedOrigins: readonly string[];
  logger: Logger;
  /** Resolves when the backing store answers; /healthz reports 503 otherwise. */
  checkReadiness: () => Promise<void>;
  /** Mounts the service's own routes. */
  routes: (app: Express) => void;
  /** Mounts routes that must read the raw body (signed webhooks), before the JSON parser. */
  beforeBodyParsers?: (app: Express) => void;
  jsonLimit?: string;
  /** Whose X-Forwarded-For to believe for req.ip (rate limits, audit entries); default TRUST_PROXY, else nobody. */
  trustProxy?: TrustProxySetting;
  /** Requests per minute per signed-in user; default USER_RATE_LIMIT, else 1200. */
  userRateLimit?: number;
}

export { JSON_BODY_LIMIT };

/** The last handler: the kit's answers (httpErrors.ts), else a 500 that never shows the error. */
const lastErrors: ErrorRequestHandler = (error: unknown, req, res, next) => {
  req.log?.error({ err: error }, 'unhandled error');
  if (res.headersSent) {
    // Too late for a JSON error: Express's default handler closes the
    // connection, so the client sees a failed response instead of waiting forever.
    next(error);
    return;
  }
  res.status(500).json(errorBody(500, 'Internal server error', GENERIC_ERROR_CODES.internal));
};

const notFound: RequestHandler = (req, res) => {
  res.status(404).json(errorBody(404, `Not found: ${req.method} ${req.path}`, GENERIC_ERROR_CODES.notFound));
};

// Express matches routes case-insensitively, so /API/Hooks/... reaches the hook too.
const HOOK_PATH = /^(\/api\/hooks\/[^/?#]*\/)[^/?#]+/i;
// A one-click approval link's token decides a step (platform-api src/approvals/linkRoutes.ts).
const APPROVAL_LINK_PATH = /^(\/api\/approval-links\/)[^/?#]+/i;

/**
 * Secrets that travel in URLs stay out of the request log: the ID token of
 * run event streams (?token=, as EventSource cannot send headers) and the
 * secret of webhook URLs (/api/hooks/:workflowId/:secret), and the token of
 * one-click approval links (/api/approval-links/:token), also in params.
 */
export function redactRequest<T extends { url?: unknown; params?: unknown }>(req: T): T {
  if (typeof req.url !== 'string') return { ...req };
  const hook = HOOK_PATH.test(req.url);
  const link = APPROVAL_LINK_PATH.test(req.url);
  const url = req.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]').replace(HOOK_PATH, '$1[redacted]').replace(APPROVAL_LINK_PATH, '$1[redacted]');
  let params = hook && typeof req.params === 'object' && req.params !== null && 'secret' in req.params ? { ...req.params, secret: '[redacted]' } : req.params;
  if (link && typeof params === 'object' && params !== null && 'token' in params) params = { ...params, token: '[redacted]' };
  return { ...req, url, params };
}

export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // The socket address unless TRUST_PROXY names the proxies in front (see README).
  app.set('trust proxy', options.trustProxy ?? trustProxyFromEnv(process.env));
  installUserRateLimiter(app.locals, createUserRateLimiter(options.userRateLimit ?? userRateLimitFromEnv(process.env)));
  app.use(helmet());
  app.use(
    cors({
      origin: (origin, callback) => {
        // Requests without an Origin (server to server, curl) are not CORS.
        callback(null, !origin || options.allowedOrigins.includes(origin));
      },
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Stripe-Signature', 'Idempotency-Key'],
      maxAge: 600,
    }),
  );
  app.use(
    pinoHttp({
      logger: options.logger,
      // Health probes would drown the log.
      autoLogging: { ignore: (req) => req.url === '/healthz' },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.query.token'],
      serializers: { req: redactRequest },
    }),
  );
  // Before any router: matching a route would throw on a segment that does not decode.
  app.use(pathGuard);

  app.get('/healthz', async (_req, res) => {
    try {
      await options.checkReadiness();
      res.json({ status: 'ok', service: options.name, firestore: 'reachable' });
    } catch (error) {
      res.status(503).json({
        status: 'unavailable',
        service: options.name,
        firestore: 'unreachable',
        error: messageOf(error),
      });
    }
  });

  // From here on every error body carries a code, also where a route answers by hand.
  app.use(codedErrorBodies);
  options.beforeBodyParsers?.(app);
  app.use(express.json({ limit: options.jsonLimit ?? JSON_BODY_LIMIT }));
  app.use(bodyGuard);
  options.routes(app);
  app.use(notFound);
  app.use(serviceErrors({ bodyLimit: JSON_BODY_LIMIT }));
  app.use(lastErrors);
  return app;
}

/** Origins allowed by default: the local shell and remotes on both loopback names. */
export function defaultAllowedOrigins(ports: readonly number[]): string[] {
  return ports.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
}

/** Reads ALLOWED_ORIGINS (comma separated) or falls back to the defaults. */
export function allowedOriginsFromEnv(env: NodeJS.ProcessEnv, fallback: readonly string[]): string[] {
  const raw = env.ALLOWED_ORIGINS?.trim();
  if (!raw) return [...fallback];
  const origins = raw
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
  // Set but empty would lock every browser out; almost certainly a typo.
  if (origins.length === 0) throw new Error(`ALLOWED_ORIGINS is set but names no origin: '${env.ALLOWED_ORIGINS}'`);
  return origins;
}
