import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAuth, usePlatform } from '../federation/contexts.js';
import { createApiClient } from '../api/apiClient.js';
import { WORKSPACES_API, type WorkspaceList, type WorkspaceSummary } from '../../domain/workspaces/api.js';
import { PERSONAL_WORKSPACE } from '../../domain/rbac/workspaces.js';
import { organizationIdOf, WorkspaceContext, type WorkspaceContextValue } from './workspaceContext.js';
import { readCurrentWorkspace, saveCurrentWorkspace } from './currentWorkspaceStore.js';

export interface WorkspaceProviderProps {
  children: ReactNode;
  /** The fetch used for platform-api (default: the global fetch, looked up at call time). */
  fetch?: typeof fetch;
}

interface State {
  /** Whose list this is (another user's is never shown). */
  owner: string | null;
  workspaces: readonly WorkspaceSummary[];
  failed: boolean;
  /** A refresh is under way. */
  pending: boolean;
}

const NOTHING: State = { owner: null, workspaces: [], failed: false, pending: false };

/**
 * The signed-in user's workspaces (GET /api/workspaces on platform-api) and
 * the current one. It is in every page's first view, so it is small: fetch
 * only, nothing for a signed-out visitor. The current workspace is the one the
 * user chose last on this device, else the personal one; a remembered
 * workspace the user no longer belongs to (removed, left) falls back to
 * personal once the list says so.
 */
export function WorkspaceProvider({ children, fetch: fetchImpl }: WorkspaceProviderProps) {
  const { user, loading: authLoading, getIdToken } = useAuth();
  const { config } = usePlatform();
  const baseUrl = config.apis.platform;
  const uid = user?.uid ?? null;
  const [state, setState] = useState<State>(NOTHING);
  const [chosen, setChosen] = useState<{ uid: string | null; id: string }>(() => ({ uid, id: uid ? readCurrentWorkspace(uid) : PERSONAL_WORKSPACE }));
  const generation = useRef(0);
  const latestToken = useRef(getIdToken);
  useLayoutEffect(() => {
    latestToken.current = getIdToken;
  });

  // Only the newest read may change the state (a slow answer for the last user never lands).
  const fetchList = useCallback(async (): Promise<void> => {
    const run = ++generation.current;
    if (authLoading || !uid) return;
    try {
      const call = createApiClient({ baseUrl, getIdToken: () => latestToken.current(), fetch: fetchImpl });
      const answer = await call<WorkspaceList>('GET', WORKSPACES_API.workspaces);
      const workspaces = Array.isArray(answer?.workspaces) ? answer.workspaces : [];
      if (run === generation.current) setState({ owner: uid, workspaces, failed: false, pending: false });
    } catch {
      if (run === generation.current) setState((previous) => ({ owner: uid, workspaces: previous.owner === uid ? previous.workspaces : [], failed: true, pending: false }));
    }
  }, [authLoading, uid, baseUrl, fetchImpl]);

  useEffect(() => {
    void fetchList();
    return () => {
      generation.current += 1;
    };
  }, [fetchList]);

  const refresh = useCallback(async (): Promise<void> => {
    setState((previous) => ({ ...previous, pending: true, failed: false }));
    await fetchList();
  }, [fetchList]);

  // Another user signed in: their own remembered choice, never the last user's.
  const chosenId = chosen.uid === uid ? chosen.id : uid ? readCurrentWorkspace(uid) : PERSONAL_WORKSPACE;

  const select = useCallback(
    (id: string) => {
      setChosen({ uid, id });
      if (uid) saveCurrentWorkspace(uid, id);
    },
    [uid],
  );

  const value = useMemo<WorkspaceContextValue>(() => {
    const mine = uid !== null && state.owner === uid;
    const workspaces = mine ? state.workspaces : [];
    const loading = authLoading || (uid !== null && (!mine || state.pending));
    const failed = mine && state.failed;
    const listed = workspaces.find((workspace) => workspace.id === chosenId) ?? null;
    // Only a loaded list can say the remembered workspace is gone; until then it stands.
    const loaded = mine && !loading && !failed;
    const currentId = listed || !loaded ? chosenId : PERSONAL_WORKSPACE;
    const current = listed ?? workspaces.find((workspace) => workspace.id === currentId) ?? null;
    return {
      workspaces,
      currentId,
      current,
      organizationId: organizationIdOf(currentId),
      loading,
      failed,
      select,
      refresh,
    };
  }, [state, uid, authLoading, chosenId, select, refresh]);

  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}
