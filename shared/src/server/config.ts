import { REMOTES, SHELL_PORT } from '../domain/federation/contract.js';
import { defaultAllowedOrigins, allowedOriginsFromEnv } from './app.js';

export interface ServiceConfig {
  port: number;
  host: string;
  allowedOrigins: string[];
  logLevel: string;
}

/** Reads a service's settings from the environment, with the local stack's defaults. */
export function serviceConfigFromEnv(env: NodeJS.ProcessEnv, defaultPort: number): ServiceConfig {
  const port = env.PORT ? Number(env.PORT) : defaultPort;
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  }
  const localOrigins = defaultAllowedOrigins([SHELL_PORT, ...REMOTES.map((remote) => remote.port)]);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    allowedOrigins: allowedOriginsFromEnv(env, localOrigins),
    logLevel: env.LOG_LEVEL || 'info',
  };
}

/**
 * ADMIN_EMAILS: comma-separated e-mail addresses whose owners become global
 * administrators on their first call with a verified e-mail (platform-api).
 * Trimmed, lower-cased, de-duplicated; unset or blank means nobody.
 */
export function adminEmailsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env.ADMIN_EMAILS ?? '';
  const emails = raw
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email.length > 0);
  for (const email of emails) {
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`ADMIN_EMAILS holds something that is not an e-mail address: '${email}'`);
  }
  return [...new Set(emails)];
}
