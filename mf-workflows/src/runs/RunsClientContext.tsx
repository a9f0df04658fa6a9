// Which RunsClient the run views, the webhook panel and the AI hint use: the
// one a test (or a host) provides, else platform-api at the configured URL
// with the signed-in user's ID token.
import { createContext, useContext, useMemo } from 'react';
import { useAuth, usePlatform } from '@agentflow/shared';
import { createRunsClient, type RunsClient } from '../api/runs';

export const RunsClientContext = createContext<RunsClient | null>(null);
RunsClientContext.displayName = 'RunsClient';

export function useRunsClient(): RunsClient {
  const provided = useContext(RunsClientContext);
  const { config } = usePlatform();
  const { getIdToken } = useAuth();
  const baseUrl = config.apis.platform;
  return useMemo(() => provided ?? createRunsClient({ baseUrl, getIdToken }), [provided, baseUrl, getIdToken]);
}
