import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAuth, usePlatform } from '../federation/contexts.js';
import { DEFAULT_WORKSPACE_CONTEXT, organizationIdOf, WorkspaceContext, type WorkspaceContextValue } from './workspaceContext.js';
import { readCurrentWorkspace } from './currentWorkspaceStore.js';

export interface WorkspaceProviderProps {
  children: ReactNode;
  /** The fetch used for platform-api (default: the global fetch, looked up at call time). */
  fetch?: typeof fetch;
}

/**
 * The signed-in user's workspaces and the current one (useWorkspace). It is
 * in every page's first view, so it is tiny: a visitor gets the personal
 * default and nothing is loaded; for a signed-in user the session
 * (workspaceSession.ts: GET /api/workspaces, the choice remembered per user
 * on this device) loads on first use. Until it answers, the remembered
 * workspace is current already, so pages do not start in the wrong one.
 */
export function WorkspaceProvider({ children, fetch: fetchImpl }: WorkspaceProviderProps) {
  const { user, loading, getIdToken } = useAuth();
  const { config } = usePlatform();
  const baseUrl = config.apis.platform;
  // A user known while auth still loads (a restored session) is theirs already: never a personal default meanwhile.
  const uid = user?.uid ?? null;
  const [session, setSession] = useState<{ uid: string; value: WorkspaceContextValue } | null>(null);
  // Read at call time: a new token function or fetch must not restart the session (it would forget a choice in flight).
  const latest = useRef({ getIdToken, fetchImpl });
  useLayoutEffect(() => {
    latest.current = { getIdToken, fetchImpl };
  });

  // One session per signed-in user (and platform-api URL).
  useEffect(() => {
    if (!uid) return undefined;
    let live = true;
    let stop: (() => void) | undefined;
    void import('./workspaceSession.js').then(({ startWorkspaceSession }) => {
      if (!live) return;
      const options = { uid, baseUrl, getIdToken: () => latest.current.getIdToken(), fetch: ((...args) => (latest.current.fetchImpl ?? globalThis.fetch)(...args)) as typeof fetch };
      stop = startWorkspaceSession(options, (value) => live && setSession({ uid, value }));
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [uid, baseUrl]);

  const value = useMemo<WorkspaceContextValue>(() => {
    if (!uid) return loading ? { ...DEFAULT_WORKSPACE_CONTEXT, loading: true } : DEFAULT_WORKSPACE_CONTEXT;
    if (session?.uid === uid) return session.value;
    const remembered = readCurrentWorkspace(uid);
    return { ...DEFAULT_WORKSPACE_CONTEXT, currentId: remembered, organizationId: organizationIdOf(remembered), loading: true };
  }, [uid, loading, session]);

  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}
