import type { Express } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { createFirestoreProbe, createMeRouter, createServiceApp, type TrustProxySetting } from '@agentflow/shared/server';
import { visitorSignInConfig, type VisitorSignInConfig } from '@agentflow/shared/chat';
import { buildAppConfig } from '@agentflow/shared/runtime-config';
import { createAuditRecorder, firestoreAuditWriter, type AuditWriter } from './access/audit.js';
import { createAccessRouter } from './access/router.js';
import { appUrlFromEnv, createInvitationMailer, createWorkspacesRouter, type InvitationMailer } from './workspaces/index.js';
import { createRunsModule, type RunsModule } from './runs/index.js';
import { createExecutionsRouter } from './executions/router.js';
import { createCredentialVault, createCredentialsModule, keyRingFromEnv, type CredentialTester, type CredentialVault, type KeyRing } from './credentials/index.js';
import { createAiCredentialTester } from './credentials/aiTester.js';
import { createProviderRegistry, providerBaseUrlsFromEnv } from './agents/providers/index.js';
import { fetchPolicyFromEnv, type SafeFetchPolicy } from './net/safeFetch.js';
import type { FilesModule } from './files/index.js';
import { hostedChatRouter } from './chat/hostedPage.js';
import { ApiKeyStore, apiKeyRateLimitFromEnv, createApiKeyAuthenticator, createApiKeysRouter } from './apiKeys/index.js';
import { createMcpServersRouter } from './mcpClient/router.js';
import { createPublicApiRouter } from './publicApi/router.js';
import { createMcpRouter, mcpCallTimeoutFromEnv } from './mcp/index.js';
import { createConnectorsModule, type ConnectorsModule } from './connectors/index.js';
import { composeCredentialTester, createAppCredentialTester } from './connectors/credentialTester.js';
import { mayViewRun } from './runs/access.js';
import { decodeRun, runRef } from './runs/store.js';
import { createDashboardRouter } from './dashboard/index.js';
import { createChatModule } from './chat/index.js';
import { createKnowledgeModule } from './knowledge/index.js';

export const SERVICE_NAME = 'platform-api';

export interface AppDependencies {
  auth: Auth;
  db: Firestore;
  logger: Logger;
  allowedOrigins: readonly string[];
  /** ADMIN_EMAILS: these users become global admins on their first call with a verified e-mail. */
  adminEmails?: readonly string[];
  /** Where access-control audit entries go (default: the rbacAuditLogs collection). */
  auditWriter?: AuditWriter;
  /** Create the built-in roles and permissions at once (server.ts); tests initialise explicitly. */
  initializeAccess?: boolean;
  /** Workflow runs (executor, queue, API); built from the environment when not given. */
  runs?: RunsModule;
  /** Whose X-Forwarded-For to believe (default: TRUST_PROXY, else nobody). */
  trustProxy?: TrustProxySetting;
  /** Requests per minute per signed-in user (default: USER_RATE_LIMIT, else 1200). */
  userRateLimit?: number;
  /** The credential vault's master keys (default: CREDENTIALS_KEY / CREDENTIALS_PREVIOUS_KEYS; null: no vault). */
  credentialsRing?: KeyRing | null;
  /** How "Test connection" checks a credential (default: the AI provider adapters and the connectors' test requests). */
  credentialTester?: CredentialTester;
  /** A vault built by server.ts (shared with the runs module it builds); default: one from credentialsRing. */
  credentialVault?: CredentialVault;
  /** File storage (server.ts builds it on the project's bucket); without it the file routes are not mounted. */
  files?: FilesModule | null;
  /** Base URL of this API as browsers reach it (PLATFORM_API_URL), for download links. */
  publicUrl?: string | null;
  /** The private-address guard of outbound calls this app makes itself (MCP servers' listings); default: fetchPolicyFromEnv(process.env). */
  fetchPolicy?: SafeFetchPolicy;
  /** Connectors (server.ts builds them, shared with the runs module); default: from process.env on the vault. */
  connectors?: ConnectorsModule;
  /** Sends workspace invitation e-mails (default: through SMTP_URL from MAIL_FROM; none without SMTP_URL). */
  invitationMailer?: InvitationMailer;
  /** The browser app's public URL (default: APP_URL), for links in e-mails. */
  appUrl?: string;
  /** The built chat widget (chat-widget/dist/widget.js) served at /widget.js; null or absent: not built (503). */
  chatWidgetScript?: string | null;
  /** Where the hosted chat page signs visitors in (default: the platform's Firebase Auth from the environment, as the browser app's config). */
  visitorSignIn?: VisitorSignInConfig | null;
  /** How long an MCP tool call waits for its run (default: MCP_CALL_TIMEOUT_MS, else 60 s). */
  mcpCallTimeoutMs?: number;
}

/** A worker's app (PLATFORM_ROLE=worker): /healthz only; the runs it executes come from the queue. */
export function createWorkerApp({ db, logger }: { db: Firestore; logger: Logger }): Express {
  return createServiceApp({ name: SERVICE_NAME, allowedOrigins: [], logger, checkReadiness: createFirestoreProbe(db), routes: () => undefined });
}

/** Builds the platform-api Express app; listening is server.ts's job, so tests mount it on any port. */
export function createApp({ auth, db, logger, allowedOrigins, adminEmails, auditWriter, initializeAccess, runs, trustProxy, userRateLimit, credentialsRing, credentialTester, credentialVault, files, publicUrl, connectors, invitationMailer, appUrl, chatWidgetScript, visitorSignIn, fetchPolicy, mcpCallTimeoutMs }: AppDependencies): Express {
  const record = createAuditRecorder(auditWriter ?? firestoreAuditWriter(db), logger);
  const providers = createProviderRegistry({ baseUrls: providerBaseUrlsFromEnv(process.env) });
  const vault = credentialVault ?? createCredentialVault({ db, logger, record, ring: credentialsRing === undefined ? keyRingFromEnv(process.env) : credentialsRing });
  const apps = connectors ?? createConnectorsModule({ db, logger, vault, env: process.env, policy: fetchPolicyFromEnv(process.env) });
  const runsModule = runs ?? createRunsModule({ auth, db, logger, credentials: { vault, providers }, connectors: apps });
  const credentials = createCredentialsModule({
    auth,
    db,
    logger,
    ring: null,
    record,
    vault,
    test:
      credentialTester ??
      composeCredentialTester({ ai: createAiCredentialTester(providers, fetchPolicyFromEnv(process.env)), app: createAppCredentialTester(apps.runtime, fetchPolicyFromEnv(process.env)) }),
  });
  return createServiceApp({
    name: SERVICE_NAME,
    allowedOrigins,
    logger,
    checkReadiness: createFirestoreProbe(db),
    trustProxy,
    userRateLimit,
    routes: (app) => {
      // The chat widget script and the hosted chat page (visitors; the chat API checks each app).
      app.use(hostedChatRouter({ widgetScript: chatWidgetScript ?? null, signIn: visitorSignIn === undefined ? visitorSignInConfig(buildAppConfig(process.env)) : visitorSignIn }));
      app.use(createMeRouter(auth, db, SERVICE_NAME));
      const access = createAccessRouter({ auth, db, logger, adminEmails, auditWriter, initializeNow: initializeAccess });
      app.use(access.router);
      const mailer = invitationMailer ?? createInvitationMailer({ smtpUrl: process.env.SMTP_URL, from: process.env.MAIL_FROM, logger });
      app.use(createWorkspacesRouter({ access: access.context, mailer, appUrl: appUrl ?? appUrlFromEnv(process.env) }));
      app.use(runsModule.router);
      app.use(createExecutionsRouter({ auth, db, logger, service: runsModule.service }));
      app.use(createDashboardRouter({ auth, db }));
      // Chat apps: the hosted page runs on the platform's own origins; widgets on the origins each app lists.
      const chat = createChatModule({ auth, db, logger, runs: runsModule, hostedOrigins: allowedOrigins });
      runsModule.onStop(chat.close);
      app.use(chat.router);
      app.use(credentials.router);
      // API keys: made and revoked here; calls made with them come with the public API (issue 24).
      app.use(createApiKeysRouter({ auth, db, record }));
      app.use(createMcpServersRouter({ auth, db, vault, record, logger, fetchPolicy: fetchPolicy ?? fetchPolicyFromEnv(process.env) }));
      const requireApiKey = createApiKeyAuthenticator({ db, auth, logger, record, defaultRateLimitPerMinute: apiKeyRateLimitFromEnv(process.env) });
      app.use(createPublicApiRouter({ db, requireApiKey, store: new ApiKeyStore(db), service: runsModule.service, approvals: runsModule.approvals, files: files ?? null, vault, publicUrl: publicUrl ?? process.env.PLATFORM_API_URL ?? null }));
      // Workflows marked available as tools of the workspace's MCP endpoint, called with the same keys.
      app.use(createMcpRouter({ logger, requireApiKey, runs: { db, service: runsModule.service, files: files ?? null }, callTimeoutMs: mcpCallTimeoutMs ?? mcpCallTimeoutFromEnv(process.env) }));
      app.use(apps.router({ auth, allowedOrigins }));
      if (files) {
        const canSeeRun = async (caller: Parameters<typeof mayViewRun>[1], runId: string) => {
          const run = decodeRun(await runRef(db, runId).get());
          return run !== null && (await mayViewRun(db, caller, run));
        };
        app.use(files.router({ auth, canSeeRun, publicUrl: publicUrl ?? process.env.PLATFORM_API_URL ?? null }));
        // Knowledge bases keep their keyword indexes in the files' bucket: mounted with file storage.
        app.use(createKnowledgeModule({ auth, db, logger, runs: runsModule, files, vault, providers, record }).router);
      }
    },
  });
}
