import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useI18n, useRemoteCatalogs, useWorkspace, type WorkspaceSummary } from '@agentflow/shared';
import { WORKSPACE_SWITCHER_CATALOGS } from '../workspaces/i18n';
import { useMenuDismiss } from './useMenuDismiss';
import '../workspaces/workspaceSwitcher.css';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';

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
  const [open, setOpen] = useOpenUntilNavigation();
  const [creating, setCreating] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useMenuDismiss(open, setOpen, {
    container,
    button,
    onOpen: () => (menu.current?.querySelector<HTMLElement>('[aria-checked="true"]') ?? menuItems(menu.current)[0])?.focus(),
  });

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = menuItems(menu.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 };
    if (event.key in moves && items.length) {
      event.preventDefault();
      items[((moves[event.key] ?? 0) + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  };

  const choose = (id: string) => {
    select(id);
    setOpen(false);
    button.current?.focus();
  };

  // Before the list arrives the remembered workspace is known by id only: personal has its name already.
  const currentName = current ? nameOf(current) : currentId === 'personal' ? nameOf(null) : '…';

  return (
    <div className="workspace-switcher" ref={container}>
      <button
        ref={button}
        type="button"
        className="workspace-switcher-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="workspace-switcher"
        // The header is full at 1280 px: the button shows the name; "Workspace: <name>" is its description.
        title={t('workspaceSwitcher.button', { name: currentName })}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="workspace-switcher-icon" aria-hidden="true">
          ▦
        </span>
        <span className="workspace-switcher-name">{currentName}</span>
        <span className="workspace-switcher-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <div className="workspace-switcher-popup">
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
          <ul ref={menu} id={menuId} role="menu" aria-label={t('workspaceSwitcher.menu')} className="workspace-switcher-list" onKeyDown={onMenuKeyDown} data-testid="workspace-menu">
            {workspaces.map((workspace) => (
              <li role="none" key={workspace.id}>
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={workspace.id === currentId}
                  tabIndex={-1}
                  className="workspace-switcher-item"
                  onClick={() => choose(workspace.id)}
                >
                  <span className="workspace-switcher-item-name">{nameOf(workspace)}</span>{' '}
                  <span className="workspace-switcher-item-role muted">{t(`workspaceSwitcher.roles.${workspace.roleId}`)}</span>
                </button>
              </li>
            ))}
            <li role="separator" className="workspace-switcher-separator" />
            {current?.kind === 'organization' ? (
              <li role="none">
                <Link role="menuitem" tabIndex={-1} to="/admin/access/workspace" onClick={() => setOpen(false)}>
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
                  setOpen(false);
                  setCreating(true);
                }}
              >
                {t('workspaceSwitcher.create')}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
      {creating ? (
        <Suspense fallback={null}>
          <CreateWorkspaceDialog onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemradio"]')) : [];
}
