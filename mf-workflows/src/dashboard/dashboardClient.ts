// platform-api's dashboard endpoint (DASHBOARD_API) on the shared API client;
// the page reads the client from context, so tests pass a fake.
import { createContext, useContext, useMemo } from 'react';
import { createApiClient, useAuth, usePlatform, type ApiClientOptions } from '@agentflow/shared';
import { DASHBOARD_API, type DashboardResponse } from '@agentflow/shared/workflow';

export interface DashboardClient {
  load(workspace: string, days: number): Promise<DashboardResponse>;
}

export function createDashboardClient(options: ApiClientOptions): DashboardClient {
  const call = createApiClient(options);
  return { load: (workspace, days) => call<DashboardResponse>('GET', DASHBOARD_API.dashboard, { query: { workspace, days } }) };
}

export const DashboardClientContext = createContext<DashboardClient | null>(null);
DashboardClientContext.displayName = 'DashboardClient';

export function useDashboardClient(): DashboardClient {
  const provided = useContext(DashboardClientContext);
  const { config } = usePlatform();
  const { getIdToken } = useAuth();
  const baseUrl = config.apis.platform;
  return useMemo(() => provided ?? createDashboardClient({ baseUrl, getIdToken }), [provided, baseUrl, getIdToken]);
}
