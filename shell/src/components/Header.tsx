import { type AuthUser, Link, NavLink, type UserProfile, signInPathFor, useAuth, useI18n, useLocation, useMembership, useOnline } from '@agentflow/shared';
import { LanguageSwitcher } from './LanguageSwitcher';
import { UserMenu } from './UserMenu';
import { VoiceCommandButton } from '../voice/VoiceCommandButton';
import { useRenderFault } from '../testHooks/renderFault';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';

const NAV_ITEMS = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/workflows', key: 'nav.workflows', end: false },
  { to: '/billing', key: 'nav.billing', end: false },
  { to: '/admin/access', key: 'nav.access', end: false },
] as const;

/** Pages a sign-in link should not send the user back to. */
const NO_RETURN_PATHS = new Set(['/', '/signin', '/signup', '/reset-password']);

/** What the header calls the user: the profile's name, else the account's, else the e-mail (else the uid). */
export function userLabel(user: AuthUser, profile: UserProfile | null): string {
  return profile?.displayName?.trim() || user.displayName?.trim() || user.email || user.uid;
}

// Inline: the pill is the only new header style, and it ships with the header itself.

/** The signed-in user's remaining tokens, linking to the usage page; nothing until the membership has loaded. */
export function TokenCount() {
  const { t } = useI18n();
  const { user } = useAuth();
  const { membership } = useMembership();
  if (!user || !membership) return null;
  return (
    <Link to="/billing/usage" className="token-count" data-testid="token-count" title={t('membership.tokensTitle')}>
      {t('membership.tokens', { count: membership.tokensRemaining })}
    </Link>
  );
}

/**
 * Shown while the browser has no connection (role=status: announced when it
 * appears), gone when it returns: a row of its own at the bottom of the
 * header, so it never crowds the bar's controls (phones, long languages).
 */
export function OfflineIndicator() {
  const { t } = useI18n();
  return (
    <div className="offline-indicator" data-testid="offline-indicator" role="status">
      <span className="offline-indicator-dot" aria-hidden="true" />
      <strong>{t('offline.indicator')}</strong>
      <span className="offline-indicator-text">{` — ${t('offline.indicatorTitle')}`}</span>
    </div>
  );
}

export function Header() {
  const { t } = useI18n();
  const { user, userProfile, loading } = useAuth();
  // A phone user who picked a destination wants the page, not the menu.
  const [menuOpen, setMenuOpen] = useOpenUntilNavigation();
  const location = useLocation();
  const online = useOnline();
  useRenderFault('header');
  const signInHref = NO_RETURN_PATHS.has(location.pathname) ? '/signin' : signInPathFor(`${location.pathname}${location.search}`);

  return (
    <header className={online ? 'app-header' : 'app-header app-header--offline'}>
      <div className="app-header-bar">
        <NavLink to="/" className="brand" aria-label={t('common.appName')}>
          <span className="brand-mark" aria-hidden="true">◆</span> {t('common.appName')}
        </NavLink>
        {/* Outside the collapsible nav, so a phone user can speak without opening the menu. */}
        <div className="header-bar-tools">
          <TokenCount />
          <VoiceCommandButton />
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
          </button>
        </div>
      </div>
      <nav id="main-nav" className={menuOpen ? 'main-nav open' : 'main-nav'} aria-label={t('nav.main')}>
        <ul>
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end}>
                {t(item.key)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="header-tools">
          <LanguageSwitcher />
          {loading ? (
            <span className="user-status" data-testid="user-status">
              {t('common.loading')}
            </span>
          ) : user ? (
            <UserMenu name={userLabel(user, userProfile)} />
          ) : (
            <>
              <span className="user-status" data-testid="user-status">
                {t('common.guest')}
              </span>
              <Link className="button button-primary header-sign-in" to={signInHref}>
                {t('auth.menu.signIn')}
              </Link>
            </>
          )}
        </div>
      </nav>
      {online ? null : <OfflineIndicator />}
    </header>
  );
}
