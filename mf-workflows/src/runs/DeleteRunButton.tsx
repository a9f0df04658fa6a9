// Deleting a finished run from its page: asked first (the run, its steps and
// its files go, which cannot be undone), then back to the workflow's runs.
// platform-api deletes the files with the run (DELETE /api/runs/:id).
import { useQueryClient } from '@tanstack/react-query';
import { useI18n, useNavigate, useToast } from '@agentflow/shared';
import type { WorkflowRun } from '@agentflow/shared/workflow';
import type { RunsClient } from '../api/runs';
import { ConfirmedDeleteButton } from './ConfirmedDeleteButton';
import { runsKeys } from './queries';

export function DeleteRunButton({ client, run, workflowId, disabled }: { client: RunsClient; run: Pick<WorkflowRun, 'id'>; workflowId: string; disabled: boolean }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const D = 'workflows.runs.deleteRun.';
  return (
    <ConfirmedDeleteButton
      testId="run-delete"
      disabled={disabled}
      texts={{ action: t('workflows.runs.actions.delete'), title: t(`${D}title`), body: t(`${D}body`), confirm: t(`${D}confirm`), keep: t(`${D}keep`) }}
      onDelete={async () => {
        await client.remove(run.id);
        void queryClient.invalidateQueries({ queryKey: runsKeys.list(workflowId) });
        toast({ title: t('workflows.runs.toasts.deleted'), variant: 'success' });
        void navigate('..', { relative: 'path' });
      }}
    />
  );
}
