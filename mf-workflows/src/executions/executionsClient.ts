// platform-api's executions endpoints (EXECUTIONS_API) on the shared API
// client: a page of a workspace's runs, and the bulk re-run of failed ones.
// The page reads the client from context, so tests pass a fake.
import { createContext, useContext, useMemo } from 'react';
import { createApiClient, useAuth, usePlatform, type ApiClientOptions } from '@agentflow/shared';
import { EXECUTIONS_API, EXECUTIONS_LIMITS, type ExecutionsFilters, type ExecutionsPage, type RerunResponse } from '@agentflow/shared/workflow';

export interface ExecutionsClient {
  /** One page, newest first; `cursor` from the previous page's nextCursor. */
  list(filters: ExecutionsFilters, cursor: string | null): Promise<ExecutionsPage>;
  rerun(runIds: readonly string[]): Promise<RerunResponse>;
}

export function createExecutionsClient(options: ApiClientOptions): ExecutionsClient {
  const call = createApiClient(options);
  return {
    list: async (filters, cursor) => {
      const page = await call<ExecutionsPage>('GET', EXECUTIONS_API.list, { query: { ...filters, cursor, limit: EXECUTIONS_LIMITS.defaultPageSize } });
      return { runs: Array.isArray(page?.runs) ? page.runs : [], nextCursor: page?.nextCursor ?? null };
    },
    rerun: (runIds) => call<RerunResponse>('POST', EXECUTIONS_API.rerun, { body: { runIds } }),
  };
}

export const ExecutionsClientContext = createContext<ExecutionsClient | null>(null);
ExecutionsClientContext.displayName = 'ExecutionsClient';

/** The provided client (tests), else platform-api at the configured URL with the signed-in user's ID token. */
export function useExecutionsClient(): ExecutionsClient {
  const provided = useContext(ExecutionsClientContext);
  const { config } = usePlatform();
  const { getIdToken } = useAuth();
  const baseUrl = config.apis.platform;
  return useMemo(() => provided ?? createExecutionsClient({ baseUrl, getIdToken }), [provided, baseUrl, getIdToken]);
}
