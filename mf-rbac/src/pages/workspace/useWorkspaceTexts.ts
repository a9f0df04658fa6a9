// Names the workspace pages show: roles and plans in the reader's language, dates in their locale.
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { type WorkspaceRoleId } from '@agentflow/shared/workspaces';
import { WORKSPACE_PAGES_CATALOGS } from './i18n';

/** The roles a member can be given or invited in (the owner role is never given). */
export const ASSIGNABLE_ROLES: readonly WorkspaceRoleId[] = ['workspace_viewer', 'workspace_runner', 'workspace_editor', 'workspace_admin'];

export function useWorkspaceTexts() {
  useRemoteCatalogs(WORKSPACE_PAGES_CATALOGS);
  const { t, language } = useI18n();
  return {
    t,
    roleName: (roleId: WorkspaceRoleId | string) => t(`workspacePages.roles.${roleId}`),
    planName: (plan: string) => t(`workspacePages.plans.${plan === 'admin' ? 'enterprise' : plan}`),
    date: (iso: string) => {
      const when = new Date(iso);
      return Number.isNaN(when.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(when);
    },
  };
}
