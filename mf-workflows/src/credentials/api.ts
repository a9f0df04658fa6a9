// platform-api's credential endpoints (CREDENTIALS_API) on the shared API
// client, for the credentials page, the agent node's model picker and the
// builder's missing-credential check. Secrets go in (create, replace) and
// never come back: every answer is a CredentialView with masked hints. A
// refusal rejects with the one ApiError, whose `code` the UI translates.
import { createContext, useContext, useMemo } from 'react';
import { createApiClient, useAuth, usePlatform, type ApiClientOptions } from '@agentflow/shared';
import { CREDENTIALS_API, type CredentialTestResult, type CredentialTypeId, type CredentialView } from '@agentflow/shared/credentials';

/** What the create form sends (createCredentialBodySchema's input). */
export interface NewCredential {
  type: CredentialTypeId;
  name: string;
  settings: Record<string, string>;
  secrets: Record<string, string>;
  /** The organization workspace it belongs to (absent or null: the caller's personal one). */
  organizationId?: string | null;
}

/** What the edit form sends (updateCredentialBodySchema's input): a secret left out keeps the stored one. */
export interface CredentialChange {
  name?: string;
  settings?: Record<string, string>;
  secrets?: Record<string, string>;
}

export interface CredentialsClient {
  list(): Promise<CredentialView[]>;
  create(body: NewCredential): Promise<CredentialView>;
  update(id: string, change: CredentialChange): Promise<CredentialView>;
  remove(id: string): Promise<void>;
  /** Checks the stored key against the provider; ok:true lists its models. */
  test(id: string): Promise<CredentialTestResult>;
}

export function createCredentialsClient(options: ApiClientOptions): CredentialsClient {
  const call = createApiClient(options);
  return {
    list: async () => {
      const body = await call<{ credentials?: CredentialView[] } | undefined>('GET', CREDENTIALS_API.list);
      return Array.isArray(body?.credentials) ? body.credentials : [];
    },
    create: (body) => call<CredentialView>('POST', CREDENTIALS_API.create, { body }),
    update: (id, change) => call<CredentialView>('PATCH', CREDENTIALS_API.one(id), { body: change }),
    remove: async (id) => {
      await call('DELETE', CREDENTIALS_API.one(id));
    },
    test: (id) => call<CredentialTestResult>('POST', CREDENTIALS_API.test(id), { body: {} }),
  };
}

export const CredentialsClientContext = createContext<CredentialsClient | null>(null);
CredentialsClientContext.displayName = 'CredentialsClient';

/** The client a test (or host) provides, else platform-api at the configured URL with the user's ID token. */
/**
 * One client per API and signed-in user for the whole page: the credential
 * list is cached and refreshed per client (credentialList.ts), so the step
 * that makes an account and the builder's check must share it.
 */
const shared = new Map<string, { getIdToken: ApiClientOptions['getIdToken']; client: CredentialsClient }>();

export function useCredentialsClient(): CredentialsClient {
  const provided = useContext(CredentialsClientContext);
  const { config } = usePlatform();
  const { getIdToken, user } = useAuth();
  const baseUrl = config.apis.platform;
  const uid = user?.uid ?? '';
  return useMemo(() => {
    if (provided) return provided;
    const key = `${baseUrl}\n${uid}`;
    const known = shared.get(key);
    if (known && known.getIdToken === getIdToken) return known.client;
    const client = createCredentialsClient({ baseUrl, getIdToken });
    shared.set(key, { getIdToken, client });
    return client;
  }, [provided, baseUrl, getIdToken, uid]);
}
