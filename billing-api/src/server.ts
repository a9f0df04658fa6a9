import { startServiceFromEnv } from '@agentflow/shared/server';
import { SERVICE_NAME, createApp } from './app.js';

export const DEFAULT_PORT = 4001;

startServiceFromEnv({ name: SERVICE_NAME, defaultPort: DEFAULT_PORT, createApp });
