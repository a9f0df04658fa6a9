// The OpenAPI description from platform-api (GET /v1/openapi.json, public: no
// key, no ID token). Pages read the loader from context, so tests pass a fake.
import { createContext, useContext, useMemo } from 'react';
import { usePlatform } from '@agentflow/shared';
import { PUBLIC_API } from '@agentflow/shared/api-keys';
import type { OpenApiDescription } from './referenceModel';

export interface ApiReferenceClient {
  /** The API's base URL as the browser reaches it (the curl examples' host). */
  baseUrl: string;
  load(): Promise<OpenApiDescription>;
}

/** The description's own address, for the page's download link. */
export const openApiUrl = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '')}${PUBLIC_API.openApi}`;

export function createApiReferenceClient(baseUrl: string): ApiReferenceClient {
  return {
    baseUrl,
    load: async () => {
      const answer = await fetch(openApiUrl(baseUrl), { headers: { Accept: 'application/json' } });
      if (!answer.ok) throw new Error(`GET ${PUBLIC_API.openApi} answered ${answer.status}`);
      return (await answer.json()) as OpenApiDescription;
    },
  };
}

export const ApiReferenceClientContext = createContext<ApiReferenceClient | null>(null);
ApiReferenceClientContext.displayName = 'ApiReferenceClient';

/** The provided client (tests), else platform-api at the configured URL. */
export function useApiReferenceClient(): ApiReferenceClient {
  const provided = useContext(ApiReferenceClientContext);
  const { config } = usePlatform();
  const baseUrl = config.apis.platform;
  return useMemo(() => provided ?? createApiReferenceClient(baseUrl), [provided, baseUrl]);
}
