// The share dialog (loaded on first use, from a card's ⋯ menu or the
// builder's toolbar): who has access to this one workflow (add by e-mail with
// a share role, change, remove) and moving it to another workspace. Every
// decision is platform-api's; the dialog shows its answer or its refusal.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useI18n, useRemoteCatalogs, useWorkspace } from '@agentflow/shared';
import { SHARE_ROLE_IDS, PERSONAL_WORKSPACE, type ShareRoleId } from '@agentflow/shared/workspaces';
import { Dialog } from '@agentflow/shared/dialog';
import { EMAIL_ROLE_FORM_CATALOGS, EmailRoleForm } from '@agentflow/shared/ui';
import type { WorkflowShare } from '@agentflow/shared/workspaces';
import { SHARING_CATALOGS } from './i18n';
import { shareErrorKey, useSharingClient } from './sharingClient';
import { useWorkspaceLabel, workspaceIdOf } from './workspaceLabel';
import './sharing.css';

const D = 'workflows.sharing.dialog.';

export interface ShareTarget {
  id: string;
  name: string;
  organizationId?: string | null;
}

type Status = { kind: 'done' | 'failed'; text: string } | null;

export function ShareDialog({ workflow, onClose, onMoved }: { workflow: ShareTarget; onClose: () => void; onMoved?: (organizationId: string | null) => void }) {
  useRemoteCatalogs(SHARING_CATALOGS, EMAIL_ROLE_FORM_CATALOGS);
  const { t } = useI18n();
  const client = useSharingClient();
  const { workspaces } = useWorkspace();
  const labelOf = useWorkspaceLabel();
  const ids = useId();
  const [shares, setShares] = useState<WorkflowShare[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [workspaceId, setWorkspaceId] = useState(() => workspaceIdOf(workflow.organizationId));
  const [moveTo, setMoveTo] = useState('');

  useEffect(() => {
    let current = true;
    client.list(workflow.id).then(
      (list) => {
        if (!current) return;
        setShares(list);
        setLoadFailed(false);
      },
      () => {
        if (current) setLoadFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [client, workflow.id, attempt]);

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setStatus(null);
    try {
      setStatus({ kind: 'done', text: await work() });
    } catch (error) {
      setStatus({ kind: 'failed', text: t(shareErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  };

  const change = (share: WorkflowShare, next: ShareRoleId) =>
    act(async () => {
      setShares(await client.share(workflow.id, share.email ?? '', next));
      return t(`${D}added`, { email: share.email ?? share.displayName ?? share.uid });
    });

  const remove = (share: WorkflowShare) =>
    act(async () => {
      setShares(await client.remove(workflow.id, share.uid));
      return t(`${D}removed`);
    });

  const destinations = workspaces.filter((workspace) => workspace.id !== workspaceId);
  const move = (event: FormEvent) => {
    event.preventDefault();
    const target = destinations.find((workspace) => workspace.id === moveTo) ?? destinations[0];
    if (!target) return;
    void act(async () => {
      const moved = await client.move(workflow.id, target.id);
      setWorkspaceId(workspaceIdOf(moved.organizationId));
      setMoveTo('');
      onMoved?.(moved.organizationId);
      return t(`${D}moved`, { name: labelOf(target) });
    });
  };

  const current = workspaces.find((workspace) => workspace.id === workspaceId) ?? null;
  const personName = (share: WorkflowShare) => share.displayName || share.email || share.uid;

  return (
    <Dialog
      title={t(`${D}title`, { name: workflow.name })}
      description={<p>{t(`${D}inWorkspace`, { name: current ? labelOf(current) : workspaceId === PERSONAL_WORKSPACE ? t('workflows.sharing.personal') : workspaceId })}</p>}
      onClose={onClose}
      testId="share-dialog"
    >
      <section className="share-section" aria-labelledby={`${ids}-people`}>
        <h3 id={`${ids}-people`}>{t(`${D}peopleHeading`)}</h3>
        {loadFailed ? (
          <p className="form-alert" role="alert">
            {t(`${D}loadFailed`)}{' '}
            <button type="button" className="link-button" onClick={() => setAttempt((count) => count + 1)}>
              {t(`${D}retry`)}
            </button>
          </p>
        ) : shares === null ? (
          <p className="muted" role="status">
            {t(`${D}loading`)}
          </p>
        ) : shares.length === 0 ? (
          <p className="muted">{t(`${D}none`)}</p>
        ) : (
          <ul className="share-list" data-testid="share-list">
            {shares.map((share) => (
              <li key={share.uid} className="share-person">
                <span className="share-person-name">
                  <strong>{personName(share)}</strong>
                  {share.displayName && share.email ? <span className="muted"> {share.email}</span> : null}
                </span>
                <select
                  aria-label={t(`${D}roleOf`, { name: personName(share) })}
                  value={share.roleId}
                  disabled={busy}
                  onChange={(event) => void change(share, event.target.value as ShareRoleId)}
                >
                  {SHARE_ROLE_IDS.map((role) => (
                    <option key={role} value={role}>
                      {t(`workflows.sharing.roles.${role}`)}
                    </option>
                  ))}
                </select>
                <button type="button" className="button button-ghost" disabled={busy} aria-label={t(`${D}removeLabel`, { name: personName(share) })} onClick={() => void remove(share)}>
                  {t(`${D}remove`)}
                </button>
              </li>
            ))}
          </ul>
        )}
        <EmailRoleForm
          t={t}
          autoFocus
          className="share-email-role"
          submitTestId="share-submit"
          roles={SHARE_ROLE_IDS}
          roleName={(role) => t(`workflows.sharing.roles.${role}`)}
          initialRole="workspace_runner"
          roleLabel={t(`${D}roleLabel`)}
          submitLabel={t(`${D}add`)}
          submittingLabel={t(`${D}adding`)}
          disabled={busy}
          onSubmit={async (email, roleId) => {
            setShares(await client.share(workflow.id, email, roleId));
            return t(`${D}added`, { email });
          }}
          errorKey={shareErrorKey}
        />
      </section>
      {destinations.length > 0 ? (
        <section className="share-section" aria-labelledby={`${ids}-move`}>
          <h3 id={`${ids}-move`}>{t(`${D}moveHeading`)}</h3>
          <p className="muted">{t(`${D}moveHint`)}</p>
          <form className="share-add" onSubmit={move}>
            <div className="form-field">
              <label htmlFor={`${ids}-destination`}>{t(`${D}moveLabel`)}</label>
              <select id={`${ids}-destination`} value={moveTo || destinations[0]?.id} onChange={(event) => setMoveTo(event.target.value)} data-testid="move-destination">
                {destinations.map((workspace) => (
                  <option key={workspace.id} value={workspace.id}>
                    {labelOf(workspace)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button" disabled={busy} data-testid="move-submit">
              {busy ? t(`${D}moving`) : t(`${D}move`)}
            </button>
          </form>
        </section>
      ) : null}
      <p className={status?.kind === 'failed' ? 'form-alert' : 'share-status'} role={status?.kind === 'failed' ? 'alert' : 'status'}>
        {status?.text ?? ''}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t(`${D}close`)}
        </button>
      </div>
    </Dialog>
  );
}
