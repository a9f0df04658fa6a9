// The "listen for test event" calls of platform-api (WEBHOOK_API.listen), on
// the shared API client; a test provides its own through ListenClientContext.
import { createContext, useContext, useMemo } from 'react';
import { createApiClient, useAuth, usePlatform, type ApiClientOptions } from '@agentflow/shared';
import { WEBHOOK_API, type WebhookListenState } from '@agentflow/shared/workflow';

export interface ListenClient {
  /** Opens the 2-minute window: the trigger's next request is captured, not run. */
  listen(workflowId: string, nodeId: string): Promise<{ until: string }>;
  state(workflowId: string, nodeId: string): Promise<WebhookListenState>;
  stop(workflowId: string, nodeId: string): Promise<void>;
}

export function createListenClient(options: ApiClientOptions): ListenClient {
  const call = createApiClient(options);
  return {
    listen: (workflowId, nodeId) => call<{ until: string }>('POST', WEBHOOK_API.listen(workflowId, nodeId), { body: {} }),
    state: (workflowId, nodeId) => call<WebhookListenState>('GET', WEBHOOK_API.listen(workflowId, nodeId)),
    stop: async (workflowId, nodeId) => {
      await call('DELETE', WEBHOOK_API.listen(workflowId, nodeId));
    },
  };
}

export const ListenClientContext = createContext<ListenClient | null>(null);
ListenClientContext.displayName = 'ListenClient';

export function useListenClient(): ListenClient {
  const provided = useContext(ListenClientContext);
  const { config } = usePlatform();
  const { getIdToken } = useAuth();
  const baseUrl = config.apis.platform;
  return useMemo(() => provided ?? createListenClient({ baseUrl, getIdToken }), [provided, baseUrl, getIdToken]);
}
