// The signed-in user's workspaces, as a small store outside React: loaded on
// first use by WorkspaceProvider (a visitor's first view never carries it).
// It reads GET /api/workspaces, remembers the chosen workspace per user on
// this device, and falls back to the personal one when the list no longer
// has the remembered workspace (removed, left).
import { createApiClient } from '../api/apiClient.js';
import { WORKSPACES_API, type WorkspaceList, type WorkspaceSummary } from '../../domain/workspaces/api.js';
import { PERSONAL_WORKSPACE } from '../../domain/rbac/workspaces.js';
import { organizationIdOf, type WorkspaceContextValue } from './workspaceContext.js';
import { readCurrentWorkspace, saveCurrentWorkspace } from './currentWorkspaceStore.js';

export interface WorkspaceSessionOptions {
  uid: string;
  baseUrl: string;
  getIdToken: () => Promise<string | null>;
  fetch?: typeof fetch;
}

type Listener = (value: WorkspaceContextValue) => void;

/**
 * One session per user and platform-api URL on this page, kept when the
 * provider's effect re-runs (a remount, auth reloading): a choice made through
 * an earlier subscription's `select` is never lost to a fresh session.
 */
const sessions = new Map<string, { listeners: Set<Listener>; last: WorkspaceContextValue | null }>();

/** Subscribes to the user's session (started on first use): `listener` gets the current value, then every new one; the result unsubscribes. */
export function startWorkspaceSession(options: WorkspaceSessionOptions, listener: Listener): () => void {
  const key = `${options.baseUrl}\n${options.uid}`;
  let session = sessions.get(key);
  if (!session) {
    const created: { listeners: Set<Listener>; last: WorkspaceContextValue | null } = { listeners: new Set(), last: null };
    sessions.set(key, created);
    session = created;
    runSession(options, (value) => {
      created.last = value;
      for (const each of created.listeners) each(value);
    });
  }
  const current = session;
  current.listeners.add(listener);
  if (current.last) listener(current.last);
  return () => {
    current.listeners.delete(listener);
  };
}

function runSession({ uid, baseUrl, getIdToken, fetch: fetchImpl }: WorkspaceSessionOptions, emit: Listener): void {
  let workspaces: readonly WorkspaceSummary[] = [];
  let loading = true;
  let failed = false;
  let chosen = readCurrentWorkspace(uid);
  let generation = 0;

  const publish = () => {
    const listed = workspaces.find((workspace) => workspace.id === chosen) ?? null;
    // Only a loaded list can say the remembered workspace is gone; until then it stands.
    const currentId = listed || loading || failed ? chosen : PERSONAL_WORKSPACE;
    emit({
      workspaces,
      currentId,
      current: listed ?? workspaces.find((workspace) => workspace.id === currentId) ?? null,
      organizationId: organizationIdOf(currentId),
      loading,
      failed,
      select,
      refresh,
    });
  };

  // Only the newest read may change the list.
  async function refresh(): Promise<void> {
    const run = ++generation;
    loading = true;
    failed = false;
    publish();
    try {
      const answer = await createApiClient({ baseUrl, getIdToken, fetch: fetchImpl })<WorkspaceList>('GET', WORKSPACES_API.workspaces);
      if (run !== generation) return;
      workspaces = Array.isArray(answer?.workspaces) ? answer.workspaces : [];
    } catch {
      if (run !== generation) return;
      failed = true;
    }
    loading = false;
    publish();
  }

  function select(id: string): void {
    chosen = id;
    saveCurrentWorkspace(uid, id);
    publish();
  }

  void refresh();
}

/** Tests only: every session is forgotten (each test starts from a page load). */
export function forgetWorkspaceSessions(): void {
  sessions.clear();
}
