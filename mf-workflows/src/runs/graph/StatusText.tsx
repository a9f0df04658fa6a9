// A run node's status as icon and words (never colour alone): the run graph,
// its details and Test step's result show it.
import { useI18n } from '@agentflow/shared';
import { STATUS_ICONS, type GraphStatus } from './runGraphModel';

export function StatusText({ status }: { status: GraphStatus }) {
  const { t } = useI18n();
  return (
    <span className={`run-node-status run-node-status--${status}`} data-status={status}>
      <span aria-hidden="true" className="run-node-icon">
        {STATUS_ICONS[status]}
      </span>{' '}
      {t(`workflows.runGraph.status.${status}`)}
    </span>
  );
}
