import { useI18n } from '@agentflow/shared';
import type { RunStatus, StepStatus } from '@agentflow/shared/workflow';

/** A run's or a step's status as a coloured, translated badge ('canceled' and the rest share run.status keys). */
export function StatusBadge({ status }: { status: RunStatus | StepStatus }) {
  const { t } = useI18n();
  return (
    <span className={`run-badge run-badge--${status}`} data-status={status}>
      {t(`workflows.runs.status.${status}`)}
    </span>
  );
}
