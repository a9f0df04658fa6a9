// A run's trigger as the history and the run view show it: its type, then the
// name of the trigger node that fired ("Webhook · New order"), since a
// workflow may have several triggers of one type.
import { useI18n } from '@agentflow/shared';
import type { RunTriggerType } from '@agentflow/shared/workflow';

export function TriggerText({ type, name }: { type: RunTriggerType; name: string | null | undefined }) {
  const { t } = useI18n();
  return (
    <>
      {t(`workflows.runs.triggers.${type}`)}
      {name ? <span className="run-trigger-name"> · {name}</span> : null}
    </>
  );
}
