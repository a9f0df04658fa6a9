// Whether the user may add, change and delete the current workspace's
// knowledge bases (KNOWLEDGE_PERMISSIONS.manage, the workflow editors' right;
// always in the personal workspace). Unknown until the role has loaded: no.
import { useWorkspace } from '@agentflow/shared';
import { WORKSPACE_ROLE_PERMISSIONS } from '@agentflow/shared/workspaces';
import { KNOWLEDGE_PERMISSIONS } from '@agentflow/shared/knowledge';

export function useCanManageKnowledge(): boolean {
  const { organizationId, current } = useWorkspace();
  return organizationId === null || (current !== null && WORKSPACE_ROLE_PERMISSIONS[current.roleId].includes(KNOWLEDGE_PERMISSIONS.manage));
}
