// Which ApprovalsClient the inbox and the link page use: the one a test
// provides, else platform-api at the configured URL with the signed-in
// user's ID token (none when signed out: a link page may be opened so).
import { createContext, useContext, useMemo } from 'react';
import { useAuth, usePlatform } from '@agentflow/shared';
import { createApprovalsClient, type ApprovalsClient } from './api';

export const ApprovalsClientContext = createContext<ApprovalsClient | null>(null);
ApprovalsClientContext.displayName = 'ApprovalsClient';

export function useApprovalsClient(): ApprovalsClient {
  const provided = useContext(ApprovalsClientContext);
  const { config } = usePlatform();
  const { getIdToken } = useAuth();
  const baseUrl = config.apis.platform;
  return useMemo(() => provided ?? createApprovalsClient({ baseUrl, getIdToken }), [provided, baseUrl, getIdToken]);
}
