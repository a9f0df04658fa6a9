// The current workspace (issue 21): the list the caller belongs to and the one
// the catalogue, executions, credentials and dashboard show. The shell mounts
// WorkspaceProvider; remotes read it with useWorkspace(). Outside a provider
// (a remote's unit test, a signed-out page) the hook answers the personal
// workspace, as a new user's first visit would: nothing breaks for want of it.
import { createContext, useContext } from 'react';
import type { WorkspaceSummary } from '../../domain/workspaces/api.js';
import { PERSONAL_WORKSPACE } from '../../domain/rbac/workspaces.js';

export interface WorkspaceContextValue {
  /** The caller's workspaces (personal first); [] while signed out or loading. */
  workspaces: readonly WorkspaceSummary[];
  /** The current workspace's id: PERSONAL_WORKSPACE or an organization id. */
  currentId: string;
  /** Its summary, once the list has loaded (null before, or when it failed). */
  current: WorkspaceSummary | null;
  /** The organization id to store on things made in the current workspace (null = personal). */
  organizationId: string | null;
  loading: boolean;
  /** The list failed to load (the switcher offers Try again; the current id stays usable). */
  failed: boolean;
  /** Makes `id` the current workspace (remembered for this user on this device). */
  select: (id: string) => void;
  /** Reads the list again (after creating, joining or leaving a workspace). */
  refresh: () => Promise<void>;
}

export const DEFAULT_WORKSPACE_CONTEXT: WorkspaceContextValue = Object.freeze({
  workspaces: [],
  currentId: PERSONAL_WORKSPACE,
  current: null,
  organizationId: null,
  loading: false,
  failed: false,
  select: () => undefined,
  refresh: async () => undefined,
});

export const WorkspaceContext = createContext<WorkspaceContextValue>(DEFAULT_WORKSPACE_CONTEXT);
WorkspaceContext.displayName = 'WorkspaceProvider';

export function useWorkspace(): WorkspaceContextValue {
  return useContext(WorkspaceContext);
}

/** The organization id stored on a workflow made in workspace `id` (null for the personal one). */
export function organizationIdOf(id: string): string | null {
  return id === PERSONAL_WORKSPACE ? null : id;
}
