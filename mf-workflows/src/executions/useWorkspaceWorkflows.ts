// The workflows of a workspace, by name, for the executions page's workflow
// filter: the caller's personal ones, or an organization's (read from the
// catalogue source the catalogue uses). A failure leaves the filter with the
// names the runs carry.
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@agentflow/shared';
import { PERSONAL_WORKSPACE } from '@agentflow/shared/workspaces';
import type { Workflow } from '@agentflow/shared/workflow';
import { useCatalogueSourceOrDefault } from '../components/CatalogueSourceContext';

export interface WorkflowOption {
  id: string;
  name: string;
}

const inTrash = (workflow: Workflow) => Boolean(workflow.deletedAt);

export function useWorkspaceWorkflows(workspace: string): WorkflowOption[] {
  const { user } = useAuth();
  const source = useCatalogueSourceOrDefault();
  const uid = user?.uid ?? null;
  const query = useQuery({
    queryKey: ['executions', 'workflows', workspace, uid],
    enabled: uid !== null,
    queryFn: async () => {
      const workflows = workspace === PERSONAL_WORKSPACE ? await source.listMine(uid ?? '') : await source.listOrganization([workspace]);
      return workflows
        .filter((workflow) => workflow.visibility !== 'template' && !inTrash(workflow))
        .map((workflow) => ({ id: workflow.id, name: workflow.name }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  });
  return query.data ?? [];
}
