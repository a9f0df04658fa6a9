import { useEffect } from 'react';
import { Link, useAuth, useI18n, usePlatform } from '@agentflow/shared';

export function HomePage() {
  const { t } = useI18n();
  const { host } = usePlatform();
  const { user } = useAuth();

  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('nav.home')}`;
  }, [t]);

  return (
    <div className="home-page">
      <section className="home-hero">
        <h1>{t('home.title')}</h1>
        <p className="home-subtitle">{t('home.subtitle')}</p>
        <div className="home-actions">
          <Link className="button button-primary" to="/workflows">
            {t('nav.workflows')}
          </Link>
          <Link className="button" to="/billing">
            {t('nav.billing')}
          </Link>
        </div>
      </section>
      <p className="muted home-host" data-testid="host-name" data-host={host}>
        {t('home.hostNote', { host })} · {user ? t('common.signedInAs', { name: user.displayName ?? user.email ?? user.uid }) : t('common.guest')}
      </p>
    </div>
  );
}
