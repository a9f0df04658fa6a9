// Clearing a workflow's run history: every finished run, with its steps and
// files, after asking (it cannot be undone). Runs still going are kept, and
// the toast says so (platform-api's DELETE /api/workflows/:id/runs).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { serviceErrorMessage, useI18n, useToast } from '@agentflow/shared';
import { ConfirmDialog } from '@agentflow/shared/dialog';
import type { RunsClient } from '../api/runs';
import { runsKeys } from './queries';

const D = 'workflows.runs.deleteHistory.';

export function DeleteFinishedRunsButton({ client, workflowId, disabled }: { client: RunsClient; workflowId: string; disabled: boolean }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      const { deleted, kept } = await client.removeFinished(workflowId);
      await queryClient.invalidateQueries({ queryKey: runsKeys.list(workflowId) });
      toast({ title: t(`${D}done`, { count: deleted }), description: kept > 0 ? t(`${D}kept`, { count: kept }) : undefined, variant: 'success' });
      setAsking(false);
    } catch (failure) {
      setError(serviceErrorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="button button-ghost" data-testid="runs-delete-finished" disabled={disabled} onClick={() => setAsking(true)}>
        {t(`${D}action`)}
      </button>
      {asking && (
        <ConfirmDialog
          title={t(`${D}title`)}
          description={t(`${D}body`)}
          confirmLabel={t(`${D}confirm`)}
          cancelLabel={t(`${D}keep`)}
          busy={busy}
          error={error}
          onConfirm={() => void remove()}
          onCancel={() => {
            setAsking(false);
            setError(null);
          }}
          testId="runs-delete-finished-dialog"
        />
      )}
    </>
  );
}
