// The builder toolbar's Run (opens the run form) and Runs (the history) links.
// Templates cannot run, so a template's builder shows neither.
import { Link, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { RUNS_CATALOGS } from './i18n';

export function BuilderRunActions({ template }: { template: boolean }) {
  useRemoteCatalogs(RUNS_CATALOGS);
  const { t } = useI18n();
  if (template) return null;
  return (
    <>
      <Link to="runs?run=1" className="button button-primary builder-run" data-testid="builder-run">
        {t('workflows.runs.actions.run')}
      </Link>
      <Link to="runs" className="button builder-runs" data-testid="builder-runs">
        {t('workflows.runs.actions.runs')}
      </Link>
    </>
  );
}
