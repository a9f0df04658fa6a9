// A delete that asks first: the button, the confirmation and the refusal said
// in the dialog in the user's words. The run view's Delete run and the runs
// page's Delete finished runs differ only in their texts and what they call.
import { useState } from 'react';
import { serviceErrorMessage, useI18n } from '@agentflow/shared';
import { ConfirmDialog } from '@agentflow/shared/dialog';

export interface ConfirmedDeleteTexts {
  action: string;
  title: string;
  body: string;
  confirm: string;
  keep: string;
}

export function ConfirmedDeleteButton({ texts, onDelete, disabled, testId }: { texts: ConfirmedDeleteTexts; onDelete: () => Promise<void>; disabled: boolean; testId: string }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await onDelete();
      setAsking(false);
    } catch (failure) {
      setError(serviceErrorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="button button-ghost" data-testid={testId} disabled={disabled} onClick={() => setAsking(true)}>
        {texts.action}
      </button>
      {asking && (
        <ConfirmDialog
          title={texts.title}
          description={texts.body}
          confirmLabel={texts.confirm}
          cancelLabel={texts.keep}
          busy={busy}
          error={error}
          onConfirm={() => void remove()}
          onCancel={() => {
            setAsking(false);
            setError(null);
          }}
          testId={`${testId}-dialog`}
        />
      )}
    </>
  );
}
