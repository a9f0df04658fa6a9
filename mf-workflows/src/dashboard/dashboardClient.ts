// platform-api's dashboard endpoint (DASHBOARD_API) on the shared API client;
// the page reads the client from context, so tests pass a fake.
import { createContext, useContext, useMemo } from 'react';
import { createApiClient, useAuth, usePlatform, type ApiClientOptions } from '@agentflow/shared';
import { DASHBOARD_API, type DashboardResponse } from '@agentflow/shared/workflow';

export interface DashboardClient {
  /** `timeZone`: the IANA zone whose days the figures are counted in. */
  load(workspace: string, days: number, timeZone: string): Promise<DashboardResponse>;
}

export function createDashboardClient(options: ApiClientOptions): DashboardClient {
  const call = createApiClient(options);
  return { load: (workspace, days, tz) => call<DashboardResponse>('GET', DASHBOARD_API.dashboard, { query: { workspace, days, tz } }) };
}

/** The browser's time zone (the one its clock shows), UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
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
