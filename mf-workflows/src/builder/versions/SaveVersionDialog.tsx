// The dialog behind "Save version": an optional name (at most
// VERSION_LABEL_MAX characters), Save or Cancel; a failed save says so and
// stays open.
import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogActions } from '@agentflow/shared/dialog';
import { useI18n } from '@agentflow/shared';
import { VERSION_LABEL_MAX } from '@agentflow/shared/workflow';

const V = 'workflows.versions.';

export default function SaveVersionDialog({ onSave, onClose }: { onSave: (label: string) => Promise<boolean>; onClose: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailed(false);
    const saved = await onSave(label);
    // Saved: the dialog is gone (the parent closed it).
    if (!saved) {
      setBusy(false);
      setFailed(true);
    }
  };

  return (
    <Dialog title={t(`${V}dialogTitle`)} description={<p>{t(`${V}dialogBody`)}</p>} onClose={onClose} testId="save-version-dialog">
      <form className="builder-form" onSubmit={(event) => void submit(event)}>
        <label htmlFor={`${id}-label`}>{t(`${V}label`)}</label>
        <input id={`${id}-label`} value={label} maxLength={VERSION_LABEL_MAX} onChange={(e) => setLabel(e.target.value)} aria-describedby={`${id}-hint`} data-autofocus />
        <p id={`${id}-hint`} className="muted">
          {t(`${V}labelHint`, { max: VERSION_LABEL_MAX })}
        </p>
        <DialogActions error={failed ? t(`${V}saveFailed`) : null} cancelLabel={t(`${V}cancel`)} onCancel={onClose} submitLabel={t(`${V}saveVersion`)} busyLabel={t(`${V}saving`)} busy={busy} />
      </form>
    </Dialog>
  );
}
