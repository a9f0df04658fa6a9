// The connectors module: the runtime app steps, app tools and polls call
// providers through, the OAuth clients the operator configured (token
// refresh, revocation on delete), and the sign-in routes.
import type { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { credentialType } from '@agentflow/shared/credentials';
import type { OAuthProviderId } from '@agentflow/shared/workflow';
import type { CredentialVault } from '../credentials/index.js';
import type { SafeFetchPolicy } from '../net/safeFetch.js';
import { connectorBaseUrlsFromEnv } from './config.js';
import { OAuthClient } from './oauth/client.js';
import { oauthClientsFromEnv } from './oauth/config.js';
import { createTokenRefresher } from './oauth/refresh.js';
import { createOAuthRouter } from './oauth/router.js';
import { CONNECTOR_EXECUTORS } from './registry.js';
import { ConnectorRuntime } from './runtime/runtime.js';
import type { ConnectorExecutor } from './runtime/types.js';

export { ConnectorRuntime, type ConnectorCall } from './runtime/runtime.js';
export { createConnectorStepHandler } from './step.js';
export { connectorStepFeeFromEnv } from './config.js';
export { CONNECTOR_EXECUTORS } from './registry.js';

export interface ConnectorsModuleOptions {
  db: Firestore;
  logger: Logger;
  vault: CredentialVault | null;
  /** OAUTH_*, CONNECTOR_*_BASE_URL, PLATFORM_API_URL. */
  env: NodeJS.ProcessEnv;
  /** The guard every provider call goes through (the HTTP step's). */
  policy: SafeFetchPolicy;
  executors?: ReadonlyMap<string, ConnectorExecutor>;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

export interface ConnectorsModule {
  runtime: ConnectorRuntime;
  clients: Partial<Record<OAuthProviderId, OAuthClient>>;
  router: (options: { auth: Auth; allowedOrigins: readonly string[] }) => Router;
}

export function createConnectorsModule({ db, logger, vault, env, policy, executors = CONNECTOR_EXECUTORS, wait, now }: ConnectorsModuleOptions): ConnectorsModule {
  const configs = oauthClientsFromEnv(env);
  const clients: Partial<Record<OAuthProviderId, OAuthClient>> = {};
  for (const [provider, config] of Object.entries(configs)) clients[provider as OAuthProviderId] = new OAuthClient(config, policy, now);
  const refresh = vault ? createTokenRefresher({ vault, clients, ...(now ? { now } : {}) }) : undefined;
  const runtime = new ConnectorRuntime({ executors, vault, baseUrls: connectorBaseUrlsFromEnv(env), ...(refresh ? { refresh } : {}), ...(wait ? { wait } : {}), ...(now ? { now } : {}) });
  // Deleting a signed-in account gives its grant back to the provider.
  vault?.onRemove(async (credential) => {
    const oauth = credentialType(credential.type).oauth;
    const client = oauth ? clients[oauth.provider] : undefined;
    if (client) await client.revoke({ ...(credential.secrets.accessToken ? { accessToken: credential.secrets.accessToken } : {}), ...(credential.secrets.refreshToken ? { refreshToken: credential.secrets.refreshToken } : {}) });
  });
  const configured = Object.keys(clients);
  if (configured.length > 0) logger.info({ oauth: configured }, 'connector sign-in ready');
  return {
    runtime,
    clients,
    router: ({ auth, allowedOrigins }) => createOAuthRouter({ auth, db, vault: vault!, logger, clients, publicUrl: env.PLATFORM_API_URL?.trim() || null, allowedOrigins, ...(now ? { now } : {}) }),
  };
}
