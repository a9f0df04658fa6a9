import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { adminEmailsFromEnv, getAdminApp, getAdminAuth, getAdminDb, runService, serviceConfigFromEnv } from '@agentflow/shared/server';
import { filesModuleFromEnv } from './files/index.js';
import { SERVICE_NAME, createApp, createWorkerApp } from './app.js';
import { createRunsModule, runQueueSettingsFromEnv, servesApi } from './runs/index.js';
import { createAuditRecorder, firestoreAuditWriter } from './access/audit.js';
import { createProviderRegistry, providerBaseUrlsFromEnv } from './agents/providers/index.js';
import { createCredentialVault, keyRingFromEnv } from './credentials/index.js';
import { createConnectorsModule } from './connectors/index.js';
import { fetchPolicyFromEnv } from './net/safeFetch.js';
import { createKnowledgeModule } from './knowledge/index.js';

export const DEFAULT_PORT = 4002;

const config = serviceConfigFromEnv(process.env, DEFAULT_PORT);
const logger = pino({ name: SERVICE_NAME, level: config.logLevel });
const db = getAdminDb();
const auth = getAdminAuth();
const adminEmails = adminEmailsFromEnv(process.env);
// RUN_QUEUE and PLATFORM_ROLE (runs/queue/settings.ts): a bad value stops the process here, naming the variable.
const queueSettings = runQueueSettingsFromEnv(process.env);

// Runs: recovery of interrupted runs (now and every lease period), the
// schedule triggers and the lease heartbeats start with the process.
// The credential vault (CREDENTIALS_KEY) serves both the credential routes and agent steps.
const credentialVault = createCredentialVault({ db, logger, ring: keyRingFromEnv(process.env), record: createAuditRecorder(firestoreAuditWriter(db), logger) });
// Files: the project's bucket (the Storage emulator locally); the file worker sits beside dist.
const files = filesModuleFromEnv({ app: getAdminApp(), db, logger, workerPath: fileURLToPath(new URL('../workers/fileWorker.mjs', import.meta.url)) });
// Connectors: app steps, app tools, polling triggers and the OAuth sign-in (OAUTH_*, CONNECTOR_*_BASE_URL).
const connectors = createConnectorsModule({ db, logger, vault: credentialVault, env: process.env, policy: fetchPolicyFromEnv(process.env) });
const runs = createRunsModule({ db, auth, logger, files, connectors, queueSettings, credentials: { vault: credentialVault, providers: createProviderRegistry({ baseUrls: providerBaseUrlsFromEnv(process.env) }) } });
runs.start();
logger.info({ instanceId: runs.instanceId, role: queueSettings.role, queue: queueSettings.kind, ai: runs.models.configured ? runs.models.providers : 'not configured' }, 'workflow runs ready');

// Access control is initialised at start (idempotent across instances);
// if Firestore is down, /healthz says so and the next bootstrap retries.
// A worker (PLATFORM_ROLE=worker) executes runs and serves only /healthz.
const app = servesApi(queueSettings.role)
  ? createApp({ auth, db, logger, allowedOrigins: config.allowedOrigins, adminEmails, initializeAccess: true, runs, credentialVault, files, connectors,
    // The visitors' chat script, built beside the services (npm run build): dist/server.js → chat-widget/dist.
    chatWidgetScript: fileURLToPath(new URL('../../chat-widget/dist/widget.js', import.meta.url)) })
  : createWorkerApp({ db, logger });
// A worker executes the knowledge jobs the API queues (createApp registers them on an API instance).
if (!servesApi(queueSettings.role)) {
  createKnowledgeModule({ auth, db, logger, runs, files, vault: credentialVault, providers: createProviderRegistry({ baseUrls: providerBaseUrlsFromEnv(process.env) }), record: createAuditRecorder(firestoreAuditWriter(db), logger) });
}

// Event streams would hold the server open: end them as shutdown begins.
const endStreams = () => void runs.stop().catch((error: unknown) => logger.error({ err: error }, 'runs shutdown failed'));
process.once('SIGTERM', endStreams);
process.once('SIGINT', endStreams);

runService({ app, port: config.port, host: config.host, logger, name: SERVICE_NAME, onShutdown: async () => {
  await files.close();
  await db.terminate();
} });
