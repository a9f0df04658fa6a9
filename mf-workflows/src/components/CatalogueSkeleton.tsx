import { useI18n } from '@agentflow/shared';

/** Placeholder cards while workflows load (aria-busy, with a status text for screen readers). */
export function CatalogueSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useI18n();
  return (
    <div className="catalogue-loading" data-testid="catalogue-loading" aria-busy="true">
      <p className="visually-hidden" role="status">
        {t('workflows.catalogue.loading')}
      </p>
      <div className="card-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className="card workflow-card workflow-card-skeleton">
            <span className="skeleton-line skeleton-title" />
            <span className="skeleton-line" />
            <span className="skeleton-line" />
            <span className="skeleton-line skeleton-short" />
          </div>
        ))}
      </div>
    </div>
  );
}
