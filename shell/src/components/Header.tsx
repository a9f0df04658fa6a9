import { lazy, Suspense } from 'react';
import { type AuthUser, Link, NavLink, type UserProfile, signInPathFor, useAuth, useI18n, useLocation, useMembership, useOnline } from '@agentflow/shared';
import { LanguageSwitcher } from './LanguageSwitcher';
import { VoiceCommandButton } from '../voice/VoiceCommandButton';
import { useRenderFault } from '../testHooks/renderFault';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';

// Loaded once someone is signed in: the bell (and its Firestore listener) is no part of a visitor's first view.
const NotificationsMenu = lazy(() => import('./NotificationsMenu').then((module) => ({ default: module.NotificationsMenu })));
// The account menu (with the profile photo and its texts) matters only once someone is signed in: a visitor's first view does not load it.
const UserMenu = lazy(() => import('./UserMenu').then((module) => ({ default: module.UserMenu })));
// The workspace switcher (and its texts) is a signed-in user's too: a visitor's first view does not load it.
const WorkspaceSwitcher = lazy(() => import('./WorkspaceSwitcher').then((module) => ({ default: module.WorkspaceSwitcher })));

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

/**
 * Below this many tokens the header turns the count into an upgrade moment.
 * A run with one agent step costs about 4 tokens (entitlements.ts), so under
 * 10 the user has two runs or so left: early enough to act before the next
 * webhook or schedule run is refused, late enough not to nag (a tenth of the
 * free plan's allowance; nothing on the paid plans' usual balances).
 */
export const LOW_TOKEN_BALANCE = 10;

/**
 * The signed-in user's remaining tokens, linking to the usage page; nothing
 * until the membership has loaded. Low (LOW_TOKEN_BALANCE), the count takes a
 * warning style and a "Get tokens" link to the plans follows it.
 */
export function TokenCount() {
  const { t } = useI18n();
  const { user } = useAuth();
  const { membership } = useMembership();
  if (!user || !membership) return null;
  const low = membership.tokensRemaining < LOW_TOKEN_BALANCE;
  return (
    <>
      <Link
        to="/billing/usage"
        className={low ? 'token-count token-count--low' : 'token-count'}
        data-testid="token-count"
        title={t(low ? 'membership.tokensLowTitle' : 'membership.tokensTitle')}
      >
        {t('membership.tokens', { count: membership.tokensRemaining })}
      </Link>
      {low ? (
        <Link to="/billing/plans" className="token-upgrade" data-testid="token-upgrade" title={t('membership.getTokensTitle')}>
          {t('membership.getTokens')}
        </Link>
      ) : null}
    </>
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
    <header className={['app-header', user ? 'app-header--signed-in' : null, online ? null : 'app-header--offline'].filter(Boolean).join(' ')}>
      <div className="app-header-bar">
        <NavLink to="/" className="brand" aria-label={t('common.appName')}>
          <span className="brand-mark" aria-hidden="true">◆</span> <span className="brand-name">{t('common.appName')}</span>
        </NavLink>
        {/* Outside the collapsible nav, so a phone user can speak without opening the menu. */}
        <div className="header-bar-tools">
          <TokenCount />
          {user ? (
            <Suspense fallback={null}>
              <NotificationsMenu />
            </Suspense>
          ) : null}
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
          {user ? (
            <Suspense fallback={null}>
              <WorkspaceSwitcher />
            </Suspense>
          ) : null}
          <LanguageSwitcher />
          {loading ? (
            <span className="user-status" data-testid="user-status">
              {t('common.loading')}
            </span>
          ) : user ? (
            <Suspense fallback={<span className="user-status">{userLabel(user, userProfile)}</span>}>
              <UserMenu name={userLabel(user, userProfile)} />
            </Suspense>
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
