import { Link, useI18n } from '@agentflow/shared';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <section className="centered-page" data-testid="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className="button button-primary" to="/">
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
