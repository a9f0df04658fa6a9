// Renewing an OAuth credential's access token: once per credential at a time
// in this process (concurrent steps share one refresh), after re-reading
// the stored tokens (another instance may have refreshed them already), and
// stored sealed in the vault. A refused refresh token means the user must
// reconnect; an unreachable provider is worth another attempt.
import { OAUTH_REFRESH_MARGIN_MS, type OAuthProviderId } from '@agentflow/shared/workflow';
import { credentialType } from '@agentflow/shared/credentials';
import type { CredentialVault, OpenedCredential } from '../../credentials/index.js';
import { StepFailure, TransientStepError } from '../../runs/steps.js';
import type { TokenRefresher } from '../runtime/types.js';
import { OAuthGrantError, type OAuthClient } from './client.js';
import { ConnectorAuthError } from '../runtime/errors.js';

export interface TokenRefresherOptions {
  vault: Pick<CredentialVault, 'replaceTokens' | 'openForRefresh'>;
  clients: Partial<Record<OAuthProviderId, OAuthClient>>;
  now?: () => number;
}

export function createTokenRefresher({ vault, clients, now = Date.now }: TokenRefresherOptions): TokenRefresher {
  const inFlight = new Map<string, Promise<OpenedCredential>>();

  const refresh = async (credential: OpenedCredential, signal: AbortSignal): Promise<OpenedCredential> => {
    const oauth = credentialType(credential.type).oauth;
    if (!oauth) return credential;
    const client = clients[oauth.provider];
    if (!client) throw new StepFailure(`Signing in with ${credentialType(credential.type).label} is not set up on this server any more: ask the operator, or use a token credential`);
    // Someone refreshed since this step opened the credential: use theirs while it is fresh.
    const stored = await vault.openForRefresh(credential.id);
    if (!stored) throw new StepFailure('The connected account was deleted: connect it again');
    const storedExpiry = Date.parse(stored.settings.expiresAt ?? '');
    if (stored.secrets.accessToken !== credential.secrets.accessToken && (Number.isNaN(storedExpiry) || storedExpiry - now() > OAUTH_REFRESH_MARGIN_MS)) return stored;
    const refreshToken = stored.secrets.refreshToken;
    if (!refreshToken) throw new StepFailure(`The ${credentialType(credential.type).label} connection has expired and cannot renew itself: reconnect the account on the Credentials page`);
    let tokens;
    try {
      tokens = await client.refresh(refreshToken, signal);
    } catch (error) {
      // The provider no longer honours the grant: the user must sign in again, like any refused credential.
      if (error instanceof OAuthGrantError) throw new ConnectorAuthError(credentialType(credential.type).label, `it refused to renew the connection: ${error.message}`);
      throw new TransientStepError(`Could not reach ${credentialType(credential.type).label} to renew the connection`);
    }
    return vault.replaceTokens(credential.id, {
      secrets: { accessToken: tokens.accessToken, ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}) },
      settings: { ...(tokens.expiresAt ? { expiresAt: tokens.expiresAt } : {}), ...(tokens.scope ? { scope: tokens.scope } : {}) },
    });
  };

  return (credential, signal) => {
    const running = inFlight.get(credential.id);
    if (running) return running;
    const promise = refresh(credential, signal).finally(() => inFlight.delete(credential.id));
    inFlight.set(credential.id, promise);
    return promise;
  };
}
