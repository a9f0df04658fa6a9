// platform-api's connector endpoints (CONNECTORS_API) on the shared API
// client: which OAuth apps this server has, and starting a sign-in. A test
// (or host) provides its own client through ConnectorsClientContext.
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { createApiClient, useAuth, usePlatform, type ApiClientOptions } from '@agentflow/shared';
import { CONNECTORS_API, pollStatusPath, type ConnectorsStatus, type OAuthStartBody, type PollStatusReport } from '@agentflow/shared/workflow';

export interface ConnectorsClient {
  status(): Promise<ConnectorsStatus>;
  oauthStart(body: OAuthStartBody): Promise<{ authorizationUrl: string }>;
  /** How each of a workflow's app triggers is doing, by node id (its owner only). */
  pollStatus(workflowId: string): Promise<PollStatusReport>;
}

export function createConnectorsClient(options: ApiClientOptions): ConnectorsClient {
  const call = createApiClient(options);
  return {
    status: () => call<ConnectorsStatus>('GET', CONNECTORS_API.status),
    oauthStart: (body) => call<{ authorizationUrl: string }>('POST', CONNECTORS_API.oauthStart, { body }),
    pollStatus: (workflowId) => call<PollStatusReport>('GET', pollStatusPath(workflowId)),
  };
}

export const ConnectorsClientContext = createContext<ConnectorsClient | null>(null);
ConnectorsClientContext.displayName = 'ConnectorsClient';

export function useConnectorsClient(): ConnectorsClient {
  const provided = useContext(ConnectorsClientContext);
  const { config } = usePlatform();
  const { getIdToken } = useAuth();
  const baseUrl = config.apis.platform;
  return useMemo(() => provided ?? createConnectorsClient({ baseUrl, getIdToken }), [provided, baseUrl, getIdToken]);
}

// Asked once per client and page: every app step's account picker reads it.
const statusCache = new WeakMap<ConnectorsClient, Promise<ConnectorsStatus>>();

/** Which OAuth providers are set up; null while unknown (or when the answer failed: no Connect button then). */
export function useConnectorsStatus(): ConnectorsStatus | null {
  const client = useConnectorsClient();
  const [status, setStatus] = useState<{ client: ConnectorsClient; value: ConnectorsStatus } | null>(null);
  useEffect(() => {
    let live = true;
    let pending = statusCache.get(client);
    if (!pending) {
      pending = client.status();
      statusCache.set(client, pending);
      pending.catch(() => statusCache.delete(client));
    }
    pending.then(
      (value) => live && setStatus({ client, value }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client]);
  return status?.client === client ? status.value : null;
}

/** Where the browser goes to sign in (a seam tests replace). */
export const browser = {
  go: (url: string) => window.location.assign(url),
};
