// How mf-workflows names a workspace: an organization by its name, the
// personal one as "Personal" in the reader's language.
import { useI18n, useRemoteCatalogs, type WorkspaceSummary } from '@agentflow/shared';
import { PERSONAL_WORKSPACE } from '@agentflow/shared/workspaces';
import { SHARING_CATALOGS } from './i18n';

/** The workspace a workflow is in: its organization id, or PERSONAL_WORKSPACE. */
export function workspaceIdOf(organizationId: string | null | undefined): string {
  return organizationId ? organizationId : PERSONAL_WORKSPACE;
}

export function useWorkspaceLabel(): (workspace: Pick<WorkspaceSummary, 'kind' | 'name'>) => string {
  useRemoteCatalogs(SHARING_CATALOGS);
  const { t } = useI18n();
  return (workspace) => (workspace.kind === 'personal' ? t('workflows.sharing.personal') : workspace.name);
}
