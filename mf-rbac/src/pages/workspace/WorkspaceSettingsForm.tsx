// "Approval links require sign-in" on the workspace page, for those who manage
// its members (the service decides: PATCH WORKSPACES_API.settings answers 403
// to anyone else). Saved as soon as it is ticked or cleared, with a status
// line; a refusal puts the box back and says why, translated by its code.
import { useId, useState } from 'react';
import { ApiError, type WorkspaceSummary } from '@agentflow/shared';
import { useWorkspaceTexts } from './useWorkspaceTexts';
import { useWorkspaceClient, workspaceErrorKey } from './workspaceClient';

type Outcome = { kind: 'saved'; on: boolean } | { kind: 'failed'; key: string } | null;

const S = 'workspacePages.settings.';

/** The text of a failed save: the workspace codes, and a settings-specific text for a refused body. */
function settingsErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return `${S}invalid`;
  return workspaceErrorKey(error);
}

export function WorkspaceSettingsForm({ workspace, onSaved }: { workspace: WorkspaceSummary; onSaved: () => Promise<unknown> | void }) {
  const { t } = useWorkspaceTexts();
  const client = useWorkspaceClient();
  const ids = useId();
  const [requireSignIn, setRequireSignIn] = useState(workspace.settings?.approvalLinksRequireSignIn ?? true);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const save = async (on: boolean) => {
    const before = requireSignIn;
    setRequireSignIn(on);
    setBusy(true);
    setOutcome(null);
    try {
      const saved = await client.updateSettings(workspace.id, { approvalLinksRequireSignIn: on });
      setRequireSignIn(saved.approvalLinksRequireSignIn);
      setOutcome({ kind: 'saved', on: saved.approvalLinksRequireSignIn });
      await onSaved();
    } catch (error) {
      setRequireSignIn(before);
      setOutcome({ kind: 'failed', key: settingsErrorKey(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="workspace-section workspace-settings" aria-labelledby={`${ids}-title`} data-testid="workspace-settings">
      <h2 id={`${ids}-title`}>{t(`${S}heading`)}</h2>
      <div className="workspace-setting">
        <input id={`${ids}-sign-in`} type="checkbox" checked={requireSignIn} disabled={busy} aria-describedby={`${ids}-sign-in-help`} onChange={(event) => void save(event.target.checked)} />
        <label htmlFor={`${ids}-sign-in`}>{t(`${S}approvalLinksRequireSignIn`)}</label>
      </div>
      <p id={`${ids}-sign-in-help`} className="workspace-setting-help">
        {t(`${S}approvalLinksRequireSignInHelp`)}
      </p>
      {outcome?.kind === 'failed' ? (
        <p className="form-alert" role="alert">
          {t(outcome.key)}
        </p>
      ) : (
        <p className="workspace-status" role="status">
          {outcome?.kind === 'saved' ? t(outcome.on ? `${S}savedOn` : `${S}savedOff`) : ''}
        </p>
      )}
    </section>
  );
}
