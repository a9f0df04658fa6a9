// The header's one menu button (the WAI-ARIA menu-button pattern), shared by
// the workspace switcher and the account menu: the open state (closed again
// by following a link), the button's and the menu's ARIA wiring, and the
// keyboard: Down/Up on the button open the menu on its first/last item (or
// the one `initialItem` picks), Up/Down/Home/End move between items, Tab
// closes it and moves on, Escape or a press outside closes it (Escape gives
// focus back to the button). Each menu brings its own look and items.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useMenuDismiss } from './useMenuDismiss';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';

type FocusTarget = 'first' | 'last';

const ITEMS = '[role="menuitem"]:not([disabled]), [role="menuitemradio"]:not([disabled]), [role="menuitemcheckbox"]:not([disabled])';

function menuItemsOf(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>(ITEMS)) : [];
}

/** Closes the menu; with focusButton, focus goes back to its button (after choosing an item). */
export type CloseMenu = (focusButton?: boolean) => void;

export interface HeaderMenuProps {
  /** The class of the element around the button and the popup (a press outside it closes the menu). */
  className: string;
  /** What the button shows, and its class and other attributes (a test id, a title). */
  button: ReactNode;
  buttonClassName: string;
  buttonAttributes?: { 'data-testid'?: string; title?: string };
  /** The menu's accessible name, class and attributes; its items (li role="none" > role="menuitem…"), given close. */
  menuLabel: string;
  menuClassName: string;
  menuAttributes?: { 'data-testid'?: string };
  items: (close: CloseMenu) => ReactNode;
  /** The popup around the menu, and what it shows above the menu (outside it: a menu holds only its items). */
  popupClassName: string;
  popupHeader?: ReactNode;
  /** Shown after the button and popup, whether open or not (an alert, a dialog), given close. */
  after?: (close: CloseMenu) => ReactNode;
  /** The item focused when the menu opens on its first item (default: the first). */
  initialItem?: (items: HTMLElement[]) => HTMLElement | undefined;
  /** Runs each time the user opens the menu (before it shows). */
  onOpen?: () => void;
}

export function HeaderMenu(props: HeaderMenuProps) {
  const { className, button: buttonContent, buttonClassName, buttonAttributes, menuLabel, menuClassName, menuAttributes, items, popupClassName, popupHeader, after, initialItem, onOpen } = props;
  const [open, setOpen] = useOpenUntilNavigation();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<FocusTarget>('first');
  const menuId = useId();
  const buttonId = useId();

  useMenuDismiss(open, setOpen, {
    container,
    button,
    onOpen: () => {
      const list = menuItemsOf(menu.current);
      const target = focusOnOpen.current === 'last' ? list[list.length - 1] : (initialItem?.(list) ?? list[0]);
      target?.focus();
    },
  });

  const openMenu = (target: FocusTarget) => {
    focusOnOpen.current = target;
    onOpen?.();
    setOpen(true);
  };

  // By id, not the ref: the items get this function while rendering.
  const close: CloseMenu = (focusButton = false) => {
    setOpen(false);
    if (focusButton) document.getElementById(buttonId)?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = menuItemsOf(menu.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: list.length - 1 };
    if (event.key in moves && list.length) {
      event.preventDefault();
      list[((moves[event.key] ?? 0) + list.length) % list.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false); // focus moves on to the next control
    }
  };

  return (
    <div className={className} ref={container}>
      <button
        {...buttonAttributes}
        ref={button}
        id={buttonId}
        type="button"
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {buttonContent}
      </button>
      {open ? (
        <div className={popupClassName}>
          {popupHeader}
          <ul {...menuAttributes} ref={menu} id={menuId} role="menu" aria-label={menuLabel} className={menuClassName} onKeyDown={onMenuKeyDown}>
            {items(close)}
          </ul>
        </div>
      ) : null}
      {after?.(close)}
    </div>
  );
}
