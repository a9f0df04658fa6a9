// Workspaces for tests (test code only): summaries shaped like GET
// /api/workspaces answers, and a WorkspaceContext value without a provider.
import type { WorkspaceContextValue, WorkspaceSummary } from '@agentflow/shared';
import { PERSONAL_WORKSPACE } from '@agentflow/shared/workspaces';

export function personalWorkspace(overrides: Partial<WorkspaceSummary> = {}): WorkspaceSummary {
  return { id: PERSONAL_WORKSPACE, kind: 'personal', name: '', roleId: 'workspace_owner', ownerId: 'user-1', plan: 'free', seats: { used: 1, limit: 1 }, settings: { approvalLinksRequireSignIn: true }, ...overrides };
}

export function organizationWorkspace(overrides: Partial<WorkspaceSummary> = {}): WorkspaceSummary {
  return { id: 'org-acme', kind: 'organization', name: 'Acme Sales', roleId: 'workspace_admin', ownerId: 'owner-1', plan: 'premium', seats: { used: 3, limit: 10 }, settings: { approvalLinksRequireSignIn: true }, ...overrides };
}

/**
 * A WorkspaceContext value: the given workspaces (personal and Acme by
 * default), the current one `currentId` (personal by default); select and
 * refresh do nothing unless overridden (pass jest.fn() to observe them).
 */
export function fakeWorkspace(overrides: Partial<WorkspaceContextValue> = {}): WorkspaceContextValue {
  const workspaces = overrides.workspaces ?? [personalWorkspace(), organizationWorkspace()];
  const currentId = overrides.currentId ?? PERSONAL_WORKSPACE;
  return {
    workspaces,
    currentId,
    current: workspaces.find((workspace) => workspace.id === currentId) ?? null,
    organizationId: currentId === PERSONAL_WORKSPACE ? null : currentId,
    loading: false,
    failed: false,
    select: () => undefined,
    refresh: async () => undefined,
    ...overrides,
  };
}
