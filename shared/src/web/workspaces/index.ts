export { WorkspaceProvider, type WorkspaceProviderProps } from './WorkspaceProvider.js';
export { DEFAULT_WORKSPACE_CONTEXT, organizationIdOf, useWorkspace, WorkspaceContext, type WorkspaceContextValue } from './workspaceContext.js';
export { CURRENT_WORKSPACE_KEY_PREFIX } from './currentWorkspaceStore.js';
// The contract's types the context speaks in; the route table and codes are in '@agentflow/shared/workspaces'.
export type { WorkspaceKind, WorkspaceSeats, WorkspaceSummary } from '../../domain/workspaces/api.js';
