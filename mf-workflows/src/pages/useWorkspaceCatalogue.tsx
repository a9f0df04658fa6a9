// What the catalogue shows and offers in the current workspace, decided from
// the user's role there (the role's permissions: WORKSPACE_ROLE_PERMISSIONS;
// the rules and platform-api decide the same way, so nothing offered here is
// refused there). Personal workspace: everything on my workflows; an
// organization's: what the role allows, its Trash tab included for who may
// delete its workflows (workflowPermits' 'delete').
import { PERMISSIONS, useI18n, useRemoteCatalogs, useWorkspace } from '@agentflow/shared';
import { shareRoleOf, workflowPermits, WORKSPACE_ROLE_PERMISSIONS, type WorkspaceRoleId } from '@agentflow/shared/workspaces';
import type { Workflow } from '@agentflow/shared/workflow';
import type { CatalogueTab } from '../components/catalogueFilters';
import type { WorkflowMenuAction } from '../lifecycle/WorkflowMenu';
import { SHARING_CATALOGS } from '../sharing/i18n';

const PERSONAL_TABS: readonly CatalogueTab[] = ['mine', 'shared', 'templates', 'trash'];
const ORGANIZATION_TABS: readonly CatalogueTab[] = ['organization', 'templates'];
const ORGANIZATION_TABS_WITH_TRASH: readonly CatalogueTab[] = [...ORGANIZATION_TABS, 'trash'];
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

/** May the holder of `roleId` in `organizationId` delete (so trash, restore and purge) the workspace's workflows? The shared decision. */
export function mayDeleteInWorkspace(organizationId: string, roleId: WorkspaceRoleId | null): boolean {
  if (roleId === null) return false;
  const subject = { uid: '', grants: [{ roleId, organizationId, permissions: WORKSPACE_ROLE_PERMISSIONS[roleId] }] };
  return workflowPermits(subject, { ownerId: '', organizationId, visibility: 'organization' }, 'delete');
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
  const mayDelete = !personal && mayDeleteInWorkspace(organizationId, roleId);
  const name = current?.name ?? '';

  return {
    tabs: personal ? PERSONAL_TABS : mayDelete ? ORGANIZATION_TABS_WITH_TRASH : ORGANIZATION_TABS,
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
