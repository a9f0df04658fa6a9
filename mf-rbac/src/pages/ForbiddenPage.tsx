import { Link, useI18n } from '@agentflow/shared';

/**
 * The 403 page: for a signed-in user without the permission a part of the
 * console needs. As the whole page (no tab allowed) its heading is the h1;
 * inside the console, under the tabs, an h2.
 */
export function ForbiddenPage({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { t } = useI18n();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="card access-forbidden" data-testid="access-forbidden" aria-labelledby="access-forbidden-title">
      <p className="access-forbidden-code">{t('rbac.forbidden.code')}</p>
      <Heading id="access-forbidden-title">{t('rbac.forbidden.title')}</Heading>
      <p>{t('rbac.forbidden.body')}</p>
      <Link to="/" className="button button-primary">
        {t('rbac.forbidden.home')}
      </Link>
    </section>
  );
}
