import { pino } from 'pino';
import { getAdminAuth, getAdminDb, runService, serviceConfigFromEnv } from '@agentflow/shared/server';
import { SERVICE_NAME, createApp } from './app.js';

export const DEFAULT_PORT = 4001;

const config = serviceConfigFromEnv(process.env, DEFAULT_PORT);
const logger = pino({ name: SERVICE_NAME, level: config.logLevel });
const db = getAdminDb();
const app = createApp({ auth: getAdminAuth(), db, logger, allowedOrigins: config.allowedOrigins });

runService({
  app,
  port: config.port,
  host: config.host,
  logger,
  name: SERVICE_NAME,
  onShutdown: () => db.terminate(),
});
