// platform-api's API key routes (API_KEYS_API) on the shared API client: a
// workspace's keys, creating one (the only answer holding its secret),
// changing one's name and limits, and revoking one. Pages read the client from context, so tests pass a fake.
import { createContext, useContext, useMemo } from 'react';
import { createApiClient, useAuth, usePlatform, type ApiClientOptions } from '@agentflow/shared';
import { API_KEYS_API, PUBLIC_API, type ApiKeyView, type CreateApiKeyBody, type UpdateApiKeyBody } from '@agentflow/shared/api-keys';

export interface CreatedApiKey {
  key: ApiKeyView;
  /** Shown once; never stored by the browser (no cache, storage or URL). */
  secret: string;
}

export interface ApiKeysClient {
  /** The caller's keys in a workspace ('personal' or an organization id). */
  list(workspace: string): Promise<ApiKeyView[]>;
  create(body: CreateApiKeyBody): Promise<CreatedApiKey>;
  /** Its name, IP allow-list or rate limit (a revoked key is refused: api_key_revoked). */
  update(keyId: string, body: UpdateApiKeyBody): Promise<ApiKeyView>;
  revoke(keyId: string): Promise<ApiKeyView>;
}

export function createApiKeysClient(options: ApiClientOptions): ApiKeysClient {
  const call = createApiClient(options);
  return {
    list: async (workspace) => (await call<{ keys?: ApiKeyView[] }>('GET', API_KEYS_API.keys, { query: { workspaceId: workspace } }))?.keys ?? [],
    create: (body) => call<CreatedApiKey>('POST', API_KEYS_API.keys, { body }),
    update: async (keyId, body) => (await call<{ key: ApiKeyView }>('PATCH', API_KEYS_API.key(keyId), { body })).key,
    revoke: async (keyId) => (await call<{ key: ApiKeyView }>('DELETE', API_KEYS_API.key(keyId))).key,
  };
}

export const ApiKeysClientContext = createContext<ApiKeysClient | null>(null);
ApiKeysClientContext.displayName = 'ApiKeysClient';

/** The provided client (tests), else platform-api at the configured URL with the signed-in user's ID token. */
export function useApiKeysClient(): ApiKeysClient {
  const provided = useContext(ApiKeysClientContext);
  const { config } = usePlatform();
  const { getIdToken } = useAuth();
  const baseUrl = config.apis.platform;
  return useMemo(() => provided ?? createApiKeysClient({ baseUrl, getIdToken }), [provided, baseUrl, getIdToken]);
}

/** The call that tries a key: GET /v1/me on platform-api with the key as a bearer token. */
export function curlExample(platformUrl: string, secret: string): string {
  return `curl -H "Authorization: Bearer ${secret}" ${platformUrl.replace(/\/+$/, '')}${PUBLIC_API.me}`;
}
