// The error trigger's section in the config panel: what starts it, what its
// steps can read, and which of the user's workflows report their failures
// here (those naming this workflow as their error workflow). Lazily loaded:
// only a selected error trigger shows it.
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { useRunnableWorkflows } from '../../api/useRunnableWorkflows';
import { reportingWorkflows } from './errorWorkflowGroups';
import { ERROR_TRIGGER_CATALOGS } from './i18n';

const E = 'workflows.errorTrigger.';

export default function ErrorTriggerNote({ workflowId }: { workflowId: string }) {
  useRemoteCatalogs(ERROR_TRIGGER_CATALOGS);
  const { t } = useI18n();
  const load = useRunnableWorkflows(workflowId);
  const reporting = load.state === 'ready' ? reportingWorkflows(load.workflows, workflowId) : [];
  return (
    <section className="builder-error-trigger" data-testid="error-trigger-note">
      <p>{t(`${E}about`)}</p>
      {load.state === 'loading' && (
        <p className="muted" role="status">
          {t(`${E}loading`)}
        </p>
      )}
      {load.state === 'failed' && (
        <p className="field-error" role="alert">
          {t(`${E}loadFailed`)}
        </p>
      )}
      {load.state === 'ready' && <p>{reporting.length > 0 ? t(`${E}reportsFor`, { list: reporting.join(', ') }) : t(`${E}reportsForNone`)}</p>}
    </section>
  );
}
