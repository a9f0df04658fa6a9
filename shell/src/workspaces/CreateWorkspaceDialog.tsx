// "New workspace" (from the header's switcher; loaded on first use): a name
// and an optional description, POST /api/workspaces. The new workspace becomes
// the current one and its members page opens, so the next step (inviting) is
// in front of the user.
import { useId, useState, type FormEvent } from 'react';
import { ApiError, createApiClient, useAuth, useI18n, useNavigate, usePlatform, useWorkspace } from '@agentflow/shared';
import { Dialog, DialogActions } from '@agentflow/shared/dialog';
import { WORKSPACE_DESCRIPTION_MAX, WORKSPACE_NAME_MAX, WORKSPACES_API, type WorkspaceCreated } from '@agentflow/shared/workspaces';

const D = 'workspaceSwitcher.createDialog.';

export function CreateWorkspaceDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const { getIdToken } = useAuth();
  const { config } = usePlatform();
  const { refresh, select } = useWorkspace();
  const navigate = useNavigate();
  const ids = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setNameError(t(`${D}nameRequired`));
    if (trimmed.length > WORKSPACE_NAME_MAX) return setNameError(t(`${D}nameTooLong`, { max: WORKSPACE_NAME_MAX }));
    setBusy(true);
    setFailure(null);
    try {
      const call = createApiClient({ baseUrl: config.apis.platform, getIdToken });
      const created = await call<WorkspaceCreated>('POST', WORKSPACES_API.workspaces, { body: { name: trimmed, description: description.trim() } });
      await refresh();
      select(created.workspace.id);
      void navigate('/admin/access/workspace');
      onClose();
    } catch (error) {
      setBusy(false);
      setFailure(t(error instanceof ApiError && error.status === 403 ? `${D}forbidden` : `${D}failed`));
    }
  };

  return (
    <Dialog title={t(`${D}title`)} description={<p>{t(`${D}description`)}</p>} onClose={onClose} testId="create-workspace-dialog">
      <form className="workspace-create-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="form-field">
          <label htmlFor={`${ids}-name`}>{t(`${D}nameLabel`)}</label>
          <input
            id={`${ids}-name`}
            data-autofocus
            value={name}
            maxLength={WORKSPACE_NAME_MAX}
            autoComplete="organization"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${ids}-name-error` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
          />
          {nameError ? (
            <p id={`${ids}-name-error`} className="field-error" role="alert">
              {nameError}
            </p>
          ) : null}
        </div>
        <div className="form-field">
          <label htmlFor={`${ids}-description`}>{t(`${D}descriptionLabel`)}</label>
          <textarea id={`${ids}-description`} rows={3} value={description} maxLength={WORKSPACE_DESCRIPTION_MAX} onChange={(event) => setDescription(event.target.value)} />
        </div>
        <DialogActions
          error={failure}
          cancelLabel={t(`${D}cancel`)}
          onCancel={onClose}
          submitLabel={t(`${D}submit`)}
          busyLabel={t(`${D}creating`)}
          busy={busy}
          submitTestId="create-workspace-submit"
        />
      </form>
    </Dialog>
  );
}
