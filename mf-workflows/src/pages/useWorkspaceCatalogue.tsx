// What the catalogue shows and offers in the current workspace, decided from
// the user's role there (the role's permissions: WORKSPACE_ROLE_PERMISSIONS;
// the rules and platform-api decide the same way, so nothing offered here is
// refused there). Personal workspace: everything on my workflows; an
// organization's: what the role allows.
import { PERMISSIONS, useI18n, useRemoteCatalogs, useWorkspace } from '@agentflow/shared';
import { shareRoleOf, WORKSPACE_ROLE_PERMISSIONS, type WorkspaceRoleId } from '@agentflow/shared/workspaces';
import type { Workflow } from '@agentflow/shared/workflow';
import type { CatalogueTab } from '../components/catalogueFilters';
import type { WorkflowMenuAction } from '../lifecycle/WorkflowMenu';
import { SHARING_CATALOGS } from '../sharing/i18n';

const PERSONAL_TABS: readonly CatalogueTab[] = ['mine', 'shared', 'templates', 'trash'];
const ORGANIZATION_TABS: readonly CatalogueTab[] = ['organization', 'templates'];
const MY_ACTIONS: readonly WorkflowMenuAction[] = ['rename', 'duplicate', 'export', 'share', 'trash'];

/** The permission each card action needs in the workflow's workspace. */
const ACTION_PERMISSION: Record<WorkflowMenuAction, string> = {
  rename: PERMISSIONS.editWorkflows,
  duplicate: PERMISSIONS.editWorkflows,
  export: PERMISSIONS.viewWorkflows,
  share: PERMISSIONS.shareWorkflows,
  trash: PERMISSIONS.deleteWorkflows,
};

/** The card actions a workspace role allows, in the menu's order. */
export function organizationMenuActions(roleId: WorkspaceRoleId | null): WorkflowMenuAction[] {
  if (roleId === null) return [];
  const held = WORKSPACE_ROLE_PERMISSIONS[roleId];
  return MY_ACTIONS.filter((action) => held.includes(ACTION_PERMISSION[action]));
}

export function useWorkspaceCatalogue() {
  useRemoteCatalogs(SHARING_CATALOGS);
  const { t } = useI18n();
  const { current, organizationId } = useWorkspace();
  const personal = organizationId === null;
  // Until the list has loaded an organization's role is unknown: nothing is offered yet.
  const roleId: WorkspaceRoleId | null = personal ? 'workspace_owner' : (current?.roleId ?? null);
  const canEdit = roleId !== null && WORKSPACE_ROLE_PERMISSIONS[roleId].includes(PERMISSIONS.editWorkflows);
  const organizationActions = organizationMenuActions(roleId);
  const name = current?.name ?? '';

  return {
    tabs: personal ? PERSONAL_TABS : ORGANIZATION_TABS,
    tabLabels: personal ? { shared: t('workflows.sharing.tabs.shared') } : { organization: t('workflows.sharing.tabs.workspace') },
    /** New workflows may be made here (personal, or an organization where the role edits). */
    canCreate: canEdit,
    /** Where new workflows and template copies go: the organization when the role edits there, else personal. */
    createIn: personal || !canEdit ? null : organizationId,
    menuActions: (tab: CatalogueTab | null): readonly WorkflowMenuAction[] => (tab === 'mine' ? MY_ACTIONS : tab === 'organization' ? organizationActions : []),
    canSwitch: (tab: CatalogueTab | null) => tab === 'mine' || (tab === 'organization' && canEdit),
    sharedNote: (workflow: Workflow, uid: string | null) => {
      const role = uid ? shareRoleOf(workflow, uid) : null;
      return role ? t('workflows.sharing.card.sharedRole', { role: t(`workflows.sharing.roles.${role}`) }) : undefined;
    },
    note:
      personal || !current ? null : (
        <p className="catalogue-workspace-note muted" data-testid="catalogue-workspace-note">
          {t(canEdit ? 'workflows.sharing.workspaceNote' : 'workflows.sharing.readOnlyNote', { name })}
        </p>
      ),
  };
}
