// Deleting a finished run from its page: asked first (the run, its steps and
// its files go, which cannot be undone), then back to the workflow's runs.
// platform-api deletes the files with the run (DELETE /api/runs/:id).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { serviceErrorMessage, useI18n, useNavigate, useToast } from '@agentflow/shared';
import { ConfirmDialog } from '@agentflow/shared/dialog';
import type { WorkflowRun } from '@agentflow/shared/workflow';
import type { RunsClient } from '../api/runs';
import { runsKeys } from './queries';

export function DeleteRunButton({ client, run, workflowId, disabled }: { client: RunsClient; run: Pick<WorkflowRun, 'id'>; workflowId: string; disabled: boolean }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await client.remove(run.id);
      void queryClient.invalidateQueries({ queryKey: runsKeys.list(workflowId) });
      toast({ title: t('workflows.runs.toasts.deleted'), variant: 'success' });
      void navigate('..', { relative: 'path' });
    } catch (failure) {
      setError(serviceErrorMessage(t, failure));
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="button button-ghost" data-testid="run-delete" disabled={disabled} onClick={() => setAsking(true)}>
        {t('workflows.runs.actions.delete')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('workflows.runs.deleteRun.title')}
          description={t('workflows.runs.deleteRun.body')}
          confirmLabel={t('workflows.runs.deleteRun.confirm')}
          cancelLabel={t('workflows.runs.deleteRun.keep')}
          busy={busy}
          error={error}
          onConfirm={() => void remove()}
          onCancel={() => {
            setAsking(false);
            setError(null);
          }}
          testId="run-delete-dialog"
        />
      )}
    </>
  );
}
