import { useEffect, useRef, useState } from 'react';
import { Link, useAuth, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { Avatar } from '../profile/Avatar';
import { PROFILE_PHOTO_CATALOGS } from '../profile/i18n';
import { useProfilePhoto } from '../profile/useProfilePhoto';
import { failureMessage } from './useAsyncAction';
import { HeaderMenu, type CloseMenu } from './HeaderMenu';

/**
 * The signed-in user's menu button (the header's menu button, HeaderMenu):
 * Profile and Sign out. The button and the menu show the profile photo (else
 * the account's photoURL, else initials); the button's "Signed in as <name>"
 * is its name, shown beside the photo where the header has room (styles.css).
 */
export function UserMenu({ name }: { name: string }) {
  useRemoteCatalogs(PROFILE_PHOTO_CATALOGS);
  const { t } = useI18n();
  const { user, userProfile, signOut, error: authError } = useAuth();
  const photo = useProfilePhoto();
  const photoSources = [photo.url, userProfile?.photoURL ?? user?.photoURL];
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  // The provider reports a failed sign-out through its error rather than by rejecting.
  const [signOutAttempted, setSignOutAttempted] = useState(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const onSignOut = async (close: CloseMenu) => {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await signOut();
      if (mounted.current) {
        setSignOutAttempted(true);
        close();
      }
    } catch (cause) {
      if (!mounted.current) return;
      setSignOutError(failureMessage(cause, t('auth.messages.signOutFailed')));
      close(true);
    } finally {
      if (mounted.current) setSigningOut(false);
    }
  };

  return (
    <HeaderMenu
      className="user-menu"
      buttonClassName="user-menu-button"
      // Where the header shows the avatar only (styles.css), the name is the tooltip.
      buttonAttributes={{ title: t('common.signedInAs', { name }) }}
      // Opening again clears the last sign-out's message.
      onOpen={() => {
        setSignOutError(null);
        setSignOutAttempted(false);
      }}
      button={
        <>
          {/* The text beside it names the person: the picture adds nothing for a screen reader. */}
          <Avatar name={name} size="small" sources={photoSources} alt="" onSourceError={photo.linkFailed} />
          <span className="user-status" data-testid="user-status">
            {t('common.signedInAs', { name })}
          </span>
          <span className="user-menu-caret" aria-hidden="true">
            ▾
          </span>
        </>
      }
      popupClassName="user-menu-popup"
      popupHeader={
        <div className="user-menu-identity" data-testid="user-menu-identity">
          <Avatar name={name} size="medium" sources={photoSources} alt={t('profilePhoto.altOf', { name })} onSourceError={photo.linkFailed} />
          <span className="user-menu-identity-name">{name}</span>
        </div>
      }
      menuLabel={t('auth.menu.account')}
      menuClassName="user-menu-list"
      items={(close) => (
        <>
          <li role="none">
            <Link role="menuitem" tabIndex={-1} to="/profile" onClick={() => close()}>
              {t('auth.menu.profile')}
            </Link>
          </li>
          <li role="none">
            <button role="menuitem" tabIndex={-1} type="button" disabled={signingOut} onClick={() => void onSignOut(close)}>
              {t('auth.menu.signOut')}
            </button>
          </li>
        </>
      )}
      after={() =>
        (signOutError ?? (signOutAttempted ? authError : null)) ? (
          <p className="form-alert user-menu-alert" role="alert">
            {signOutError ?? authError}
          </p>
        ) : null
      }
    />
  );
}
