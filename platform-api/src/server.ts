import { adminEmailsFromEnv, startServiceFromEnv } from '@agentflow/shared/server';
import { SERVICE_NAME, createApp } from './app.js';

export const DEFAULT_PORT = 4002;

const adminEmails = adminEmailsFromEnv(process.env);

// Access control is initialised at start (idempotent across instances);
// if Firestore is down, /healthz says so and the next bootstrap retries.
startServiceFromEnv({ name: SERVICE_NAME, defaultPort: DEFAULT_PORT, createApp: (deps) => createApp({ ...deps, adminEmails, initializeAccess: true }) });
