import { useEffect, useState } from 'react';
import { NavLink, useAuth, useI18n, useLocation } from '@agentflow/shared';
import { LanguageSwitcher } from './LanguageSwitcher';

const NAV_ITEMS = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/workflows', key: 'nav.workflows', end: false },
  { to: '/billing', key: 'nav.billing', end: false },
  { to: '/admin/access', key: 'nav.access', end: false },
] as const;

export function Header() {
  const { t } = useI18n();
  const { user, loading } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // A phone user who picked a destination wants the page, not the menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="app-header">
      <div className="app-header-bar">
        <NavLink to="/" className="brand" aria-label={t('common.appName')}>
          <span className="brand-mark" aria-hidden="true">◆</span> {t('common.appName')}
        </NavLink>
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
          <span className="user-status" data-testid="user-status">
            {loading ? t('common.loading') : user ? t('common.signedInAs', { name: user.displayName ?? user.email ?? user.uid }) : t('common.guest')}
          </span>
        </div>
      </nav>
    </header>
  );
}
