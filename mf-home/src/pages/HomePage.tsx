import { useEffect } from 'react';
import { HelpButton, Link, useAuth, useHelp, useI18n, usePlatform } from '@agentflow/shared';

/** The four industries with ready-made workflows; ids match the workflow model's `industry`. */
export const INDUSTRIES = [
  { id: 'sales', key: 'home.sales' },
  { id: 'logistics', key: 'home.logistics' },
  { id: 'field-services', key: 'home.fieldServices' },
  { id: 'real-estate', key: 'home.realEstate' },
] as const;

export function HomePage() {
  const { t } = useI18n();
  const { host } = usePlatform();
  const { user, loading } = useAuth();
  const { openHelp } = useHelp();

  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('home.pageTitle')}`;
  }, [t]);

  const learnMore = () => document.getElementById('features')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <div className="home-page">
      <section className="home-hero" aria-labelledby="home-title">
        <div className="home-hero-help">
          <HelpButton topic="home" />
        </div>
        <h1 id="home-title">{t('home.title')}</h1>
        <p className="home-subtitle">{t('home.subtitle')}</p>
        <div className="home-actions">
          <Link className="button button-primary" to="/workflows/dashboard">
            {t('home.goToDashboard')}
          </Link>
          <a
            className="button"
            href="#features"
            onClick={(event) => {
              event.preventDefault();
              learnMore();
            }}
          >
            {t('home.learnMore')}
          </a>
          {!user && !loading ? (
            <Link className="button" to="/signin">
              {t('home.signIn')}
            </Link>
          ) : null}
        </div>
        <p className="home-mobile-note">
          {t('home.mobileNote')} <Link to="/pwa/install-instructions">{t('home.mobileLink')}</Link>
        </p>
      </section>

      <section id="features" className="home-features" aria-labelledby="features-title" tabIndex={-1}>
        <h2 id="features-title">{t('home.featuresTitle')}</h2>
        <div className="card-grid">
          <article className="card" aria-labelledby="voice-title">
            <h3 id="voice-title">{t('home.voiceTitle')}</h3>
            <p>{t('home.voiceBody')}</p>
            <button type="button" className="link-button" onClick={() => openHelp('voice')}>
              {t('home.voiceHowTo')}
            </button>
          </article>
          <article className="card" aria-labelledby="industries-title">
            <h3 id="industries-title">{t('home.industriesTitle')}</h3>
            <p>{t('home.industriesBody')}</p>
            <ul className="industry-links">
              {INDUSTRIES.map((industry) => (
                <li key={industry.id}>
                  <Link to={`/workflows?industry=${industry.id}`}>{t(industry.key)}</Link>
                </li>
              ))}
            </ul>
          </article>
        </div>
      </section>

      {/* Which host mounted the page is for tests and support (data-host), never shown: a reader sees who is signed in, a guest nothing. */}
      <p className="muted home-host" data-testid="host-name" data-host={host}>
        {user ? t('common.signedInAs', { name: user.displayName ?? user.email ?? user.uid }) : null}
      </p>
    </div>
  );
}
