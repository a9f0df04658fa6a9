// platform-api's credential endpoints (CREDENTIALS_API) on the shared API
// client, for the credentials page, the agent node's model picker and the
// builder's missing-credential check. Secrets go in (create, replace) and
// never come back: every answer is a CredentialView with masked hints. A
// refusal rejects with the one ApiError, whose `code` the UI translates.
import { createApiClient, type ApiClientOptions } from '@agentflow/shared';
import { sharedClientHook } from '../api/sharedClient';
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

/** One client per API and signed-in user for the whole page (its list cache is shared: see api/sharedClient.ts). */
const CredentialsClientHook = sharedClientHook('CredentialsClient', createCredentialsClient);
export const CredentialsClientContext = CredentialsClientHook.Context;
/** The provided client (tests), else platform-api at the configured URL with the signed-in user's ID token. */
export const useCredentialsClient = CredentialsClientHook.useClient;
