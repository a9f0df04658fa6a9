// One platform-api client per API address and signed-in user for the whole
// page. Some clients keep lists cached per client (credentialList.ts,
// mcpServerList.ts), so every component that reads the same list (a page, the
// builder's pickers and its checks) must get the same client, and a new one
// only when the user or their token source changes.
import { createContext, useContext, useMemo, type Context } from 'react';
import { useAuth, usePlatform, type ApiClientOptions } from '@agentflow/shared';

export interface SharedClientHook<C> {
  /** A test (or host) provides its own client here; else the hook builds the shared one. */
  Context: Context<C | null>;
  /** The provided client, else platform-api at the configured URL with the signed-in user's ID token. */
  useClient: () => C;
}

export function sharedClientHook<C>(displayName: string, create: (options: ApiClientOptions) => C): SharedClientHook<C> {
  const Context = createContext<C | null>(null);
  Context.displayName = displayName;
  const shared = new Map<string, { getIdToken: ApiClientOptions['getIdToken']; client: C }>();
  const useClient = (): C => {
    const provided = useContext(Context);
    const { config } = usePlatform();
    const { getIdToken, user } = useAuth();
    const baseUrl = config.apis.platform;
    const uid = user?.uid ?? '';
    return useMemo(() => {
      if (provided) return provided;
      const key = `${baseUrl}\n${uid}`;
      const known = shared.get(key);
      if (known && known.getIdToken === getIdToken) return known.client;
      const client = create({ baseUrl, getIdToken });
      shared.set(key, { getIdToken, client });
      return client;
    }, [provided, baseUrl, getIdToken, uid]);
  };
  return { Context, useClient };
}
