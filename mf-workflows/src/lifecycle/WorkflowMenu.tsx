// The ⋯ menu on one of the user's workflow cards: an ARIA menu button.
// Arrow keys, Home and End move between items, Escape and a click or tap
// outside close it; items are 44 px tall for touch.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { SHARING_CATALOGS } from '../sharing/i18n';

export type WorkflowMenuAction = 'rename' | 'duplicate' | 'export' | 'share' | 'trash';
/** Every action, in the menu's order; a card offers those the user's role allows. */
export const WORKFLOW_MENU_ACTIONS: readonly WorkflowMenuAction[] = ['rename', 'duplicate', 'export', 'share', 'trash'];
const DEFAULT_ACTIONS: readonly WorkflowMenuAction[] = ['rename', 'duplicate', 'export', 'trash'];

const labelKey = (action: WorkflowMenuAction) => (action === 'share' ? 'workflows.sharing.menu.share' : `workflows.lifecycle.menu.${action}`);

export function WorkflowMenu({
  describedBy,
  disabled = false,
  actions = DEFAULT_ACTIONS,
  onAction,
}: {
  describedBy: string;
  disabled?: boolean;
  actions?: readonly WorkflowMenuAction[];
  onAction: (action: WorkflowMenuAction) => void;
}) {
  useRemoteCatalogs(SHARING_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    if (!open) return undefined;
    items.current[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items.current.filter((item): item is HTMLButtonElement => item !== null);
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const last = list.length - 1;
    const next = { ArrowDown: at >= last ? 0 : at + 1, ArrowUp: at <= 0 ? last : at - 1, Home: 0, End: last }[event.key];
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (next !== undefined) {
      event.preventDefault();
      list[next]?.focus();
    }
  };

  return (
    <div className="workflow-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button-ghost workflow-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        data-testid="workflow-menu-button"
        onClick={() => setOpen((was) => !was)}
      >
        {/* The ⋯ glyph is CSS content with empty alternative text, so the name is exactly the visible words. */}
        {t('workflows.lifecycle.menu.button')}
      </button>
      {open ? (
        <div id={`${id}-menu`} role="menu" className="workflow-menu-list" aria-label={t('workflows.lifecycle.menu.button')} onKeyDown={onMenuKey} data-testid="workflow-menu">
          {actions.map((action, index) => (
            <button
              key={action}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`workflow-menu-item${action === 'trash' ? ' workflow-menu-item--danger' : ''}`}
              aria-haspopup={action === 'share' || action === 'rename' ? 'dialog' : undefined}
              onClick={() => {
                setOpen(false);
                onAction(action);
              }}
            >
              {t(labelKey(action))}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
