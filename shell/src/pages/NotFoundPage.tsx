import { HelpButton, Link, useI18n } from '@agentflow/shared';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <section className="centered-page" data-testid="not-found">
      <div className="page-header-top">
        <h1>{t('notFound.title')}</h1>
        <HelpButton topic="home" />
      </div>
      <p>{t('notFound.body')}</p>
      <Link className="button button-primary" to="/">
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
