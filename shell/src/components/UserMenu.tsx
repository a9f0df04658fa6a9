import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useAuth, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { Avatar } from '../profile/Avatar';
import { PROFILE_PHOTO_CATALOGS } from '../profile/i18n';
import { useProfilePhoto } from '../profile/useProfilePhoto';
import { failureMessage } from './useAsyncAction';
import { useMenuDismiss } from './useMenuDismiss';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';

type FocusTarget = 'first' | 'last';

/**
 * The signed-in user's menu button (the menu-button pattern): Profile and
 * Sign out. Escape closes it and gives focus back to the button; a press
 * outside closes it; Up and Down move between the items. The button and the
 * menu show the profile photo (else the account's photoURL, else initials).
 */
export function UserMenu({ name }: { name: string }) {
  useRemoteCatalogs(PROFILE_PHOTO_CATALOGS);
  const { t } = useI18n();
  const { user, userProfile, signOut, error: authError } = useAuth();
  const photo = useProfilePhoto();
  const photoSources = [photo.url, userProfile?.photoURL ?? user?.photoURL];
  // Following a menu link closes the menu.
  const [open, setOpen] = useOpenUntilNavigation();
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  // The provider reports a failed sign-out through its error rather than by rejecting.
  const [signOutAttempted, setSignOutAttempted] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<FocusTarget>('first');
  const mounted = useRef(true);
  const menuId = useId();

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useMenuDismiss(open, setOpen, { container, button, onOpen: () => focusItem(menu.current, focusOnOpen.current) });

  const openMenu = (target: FocusTarget) => {
    focusOnOpen.current = target;
    setSignOutError(null);
    setSignOutAttempted(false);
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = menuItems(menu.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 };
    if (event.key in moves && items.length) {
      event.preventDefault();
      const target = ((moves[event.key] ?? 0) + items.length) % items.length;
      items[target]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false); // focus moves on to the next control
    }
  };

  const onSignOut = async () => {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await signOut();
      if (mounted.current) {
        setSignOutAttempted(true);
        setOpen(false);
      }
    } catch (cause) {
      if (!mounted.current) return;
      setSignOutError(failureMessage(cause, t('auth.messages.signOutFailed')));
      setOpen(false);
      button.current?.focus();
    } finally {
      if (mounted.current) setSigningOut(false);
    }
  };

  return (
    <div className="user-menu" ref={container}>
      <button
        ref={button}
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {/* The text beside it names the person: the picture adds nothing for a screen reader. */}
        <Avatar name={name} size="small" sources={photoSources} alt="" onSourceError={photo.linkFailed} />
        <span className="user-status" data-testid="user-status">
          {t('common.signedInAs', { name })}
        </span>
        <span className="user-menu-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <div className="user-menu-popup">
          {/* Outside the menu element: a menu may hold only its items. */}
          <div className="user-menu-identity" data-testid="user-menu-identity">
            <Avatar name={name} size="medium" sources={photoSources} alt={t('profilePhoto.altOf', { name })} onSourceError={photo.linkFailed} />
            <span className="user-menu-identity-name">{name}</span>
          </div>
          <ul ref={menu} id={menuId} role="menu" aria-label={t('auth.menu.account')} className="user-menu-list" onKeyDown={onMenuKeyDown}>
            <li role="none">
              <Link role="menuitem" tabIndex={-1} to="/profile" onClick={() => setOpen(false)}>
                {t('auth.menu.profile')}
              </Link>
            </li>
            <li role="none">
              <button role="menuitem" tabIndex={-1} type="button" disabled={signingOut} onClick={() => void onSignOut()}>
                {t('auth.menu.signOut')}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
      {(signOutError ?? (signOutAttempted ? authError : null)) ? (
        <p className="form-alert user-menu-alert" role="alert">
          {signOutError ?? authError}
        </p>
      ) : null}
    </div>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])')) : [];
}

function focusItem(menu: HTMLElement | null, target: FocusTarget): void {
  const items = menuItems(menu);
  (target === 'first' ? items[0] : items[items.length - 1])?.focus();
}
