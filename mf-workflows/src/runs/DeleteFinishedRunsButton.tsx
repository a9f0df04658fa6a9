// Clearing a workflow's run history: every finished run, with its steps and
// files, after asking (it cannot be undone). Runs still going are kept, and
// the toast says so (platform-api's DELETE /api/workflows/:id/runs).
import { useQueryClient } from '@tanstack/react-query';
import { useI18n, useToast } from '@agentflow/shared';
import type { RunsClient } from '../api/runs';
import { ConfirmedDeleteButton } from './ConfirmedDeleteButton';
import { runsKeys } from './queries';

const D = 'workflows.runs.deleteHistory.';

export function DeleteFinishedRunsButton({ client, workflowId, disabled }: { client: RunsClient; workflowId: string; disabled: boolean }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return (
    <ConfirmedDeleteButton
      testId="runs-delete-finished"
      disabled={disabled}
      texts={{ action: t(`${D}action`), title: t(`${D}title`), body: t(`${D}body`), confirm: t(`${D}confirm`), keep: t(`${D}keep`) }}
      onDelete={async () => {
        const { deleted, kept } = await client.removeFinished(workflowId);
        await queryClient.invalidateQueries({ queryKey: runsKeys.list(workflowId) });
        toast({ title: t(`${D}done`, { count: deleted }), description: kept > 0 ? t(`${D}kept`, { count: kept }) : undefined, variant: 'success' });
      }}
    />
  );
}
