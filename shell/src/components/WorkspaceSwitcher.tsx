import { lazy, Suspense, useState } from 'react';
import { Link, useI18n, useRemoteCatalogs, useWorkspace, type WorkspaceSummary } from '@agentflow/shared';
import { WORKSPACE_SWITCHER_CATALOGS } from '../workspaces/i18n';
import { HeaderMenu, type CloseMenu } from './HeaderMenu';
import '../workspaces/workspaceSwitcher.css';

// The create dialog (Radix, the form) loads when someone asks for a new workspace.
const CreateWorkspaceDialog = lazy(() => import('../workspaces/CreateWorkspaceDialog').then((module) => ({ default: module.CreateWorkspaceDialog })));

/** What the switcher calls a workspace: the organization's name, or "Personal" in the reader's language. */
export function useWorkspaceName(): (workspace: Pick<WorkspaceSummary, 'kind' | 'name'> | null) => string {
  const { t } = useI18n();
  return (workspace) => (!workspace || workspace.kind === 'personal' ? t('workspaceSwitcher.personal') : workspace.name);
}

/**
 * The header's workspace switcher (a menu button): the workspaces the user
 * belongs to as radio items (the current one checked, each with the user's
 * role there), "Members and invitations" of the current workspace and "New
 * workspace…". Choosing one makes it current for the catalogue, executions,
 * credentials and dashboard (useWorkspace). Loaded only once someone is
 * signed in.
 */
export function WorkspaceSwitcher() {
  useRemoteCatalogs(WORKSPACE_SWITCHER_CATALOGS);
  const { t } = useI18n();
  const { workspaces, currentId, current, loading, failed, select, refresh } = useWorkspace();
  const nameOf = useWorkspaceName();
  const [creating, setCreating] = useState(false);

  const choose = (id: string, close: CloseMenu) => {
    select(id);
    close(true);
  };

  // Before the list arrives the remembered workspace is known by id only: personal has its name already.
  const currentName = current ? nameOf(current) : currentId === 'personal' ? nameOf(null) : '…';

  return (
    <HeaderMenu
      className="workspace-switcher"
      buttonClassName="workspace-switcher-button"
      // The button shows the name (cut short with an ellipsis when long); "Workspace: <full name>" is its description and tooltip.
      buttonAttributes={{ 'data-testid': 'workspace-switcher', title: t('workspaceSwitcher.button', { name: currentName }) }}
      button={
        <>
          <span className="workspace-switcher-icon" aria-hidden="true">
            ▦
          </span>
          <span className="workspace-switcher-name">{currentName}</span>
          <span className="workspace-switcher-caret" aria-hidden="true">
            ▾
          </span>
        </>
      }
      // Opening on the first item focuses the current workspace.
      initialItem={(items) => items.find((item) => item.getAttribute('aria-checked') === 'true')}
      popupClassName="workspace-switcher-popup"
      popupHeader={
        <>
          {loading && workspaces.length === 0 ? (
            <p className="workspace-switcher-note muted" role="status">
              {t('workspaceSwitcher.loading')}
            </p>
          ) : null}
          {failed ? (
            <p className="workspace-switcher-note" role="alert">
              {t('workspaceSwitcher.failed')}{' '}
              <button type="button" className="link-button" onClick={() => void refresh()}>
                {t('workspaceSwitcher.retry')}
              </button>
            </p>
          ) : null}
        </>
      }
      menuLabel={t('workspaceSwitcher.menu')}
      menuClassName="workspace-switcher-list"
      menuAttributes={{ 'data-testid': 'workspace-menu' }}
      items={(close) => (
        <>
          {workspaces.map((workspace) => (
            <li role="none" key={workspace.id}>
              <button
                type="button"
                role="menuitemradio"
                aria-checked={workspace.id === currentId}
                tabIndex={-1}
                className="workspace-switcher-item"
                onClick={() => choose(workspace.id, close)}
              >
                <span className="workspace-switcher-item-name">{nameOf(workspace)}</span>{' '}
                <span className="workspace-switcher-item-role muted">{t(`workspaceSwitcher.roles.${workspace.roleId}`)}</span>
              </button>
            </li>
          ))}
          <li role="separator" className="workspace-switcher-separator" />
          {current?.kind === 'organization' ? (
            <li role="none">
              <Link role="menuitem" tabIndex={-1} to="/admin/access/workspace" onClick={() => close()}>
                {t('workspaceSwitcher.members')}
              </Link>
            </li>
          ) : null}
          <li role="none">
            <button
              role="menuitem"
              tabIndex={-1}
              type="button"
              aria-haspopup="dialog"
              data-testid="workspace-create"
              onClick={() => {
                close();
                setCreating(true);
              }}
            >
              {t('workspaceSwitcher.create')}
            </button>
          </li>
        </>
      )}
      after={() =>
        creating ? (
          <Suspense fallback={null}>
            <CreateWorkspaceDialog onClose={() => setCreating(false)} />
          </Suspense>
        ) : null
      }
    />
  );
}
