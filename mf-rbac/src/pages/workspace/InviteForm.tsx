// "Invite by e-mail" on the members page: an address and a role. Past the
// owner's plan's seats the service answers seat_limit_reached with the
// cheapest plan that has more: said in the reader's language, with a link to
// that plan on the plans page.
import { useId, useState, type FormEvent } from 'react';
import { ApiError, Link, type WorkspaceSummary } from '@agentflow/shared';
import { type WorkspaceRoleId } from '@agentflow/shared/workspaces';
import { ASSIGNABLE_ROLES, useWorkspaceTexts } from './useWorkspaceTexts';
import { useWorkspaceClient, workspaceErrorKey } from './workspaceClient';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Outcome = { kind: 'sent'; email: string } | { kind: 'seats'; plan: string } | { kind: 'failed'; key: string } | null;

export function InviteForm({ workspace, onInvited }: { workspace: WorkspaceSummary; onInvited: () => void }) {
  const { t, roleName, planName } = useWorkspaceTexts();
  const client = useWorkspaceClient();
  const ids = useId();
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState<WorkspaceRoleId>('workspace_editor');
  const [emailError, setEmailError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setEmailError(true);
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      await client.invite(workspace.id, address, roleId);
      setEmail('');
      setOutcome({ kind: 'sent', email: address });
      onInvited();
    } catch (error) {
      const plan = error instanceof ApiError && error.code === 'seat_limit_reached' && typeof error.details.plan === 'string' ? error.details.plan : null;
      setOutcome(plan ? { kind: 'seats', plan } : { kind: 'failed', key: workspaceErrorKey(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="workspace-invite" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${ids}-title`} data-testid="workspace-invite">
      <h3 id={`${ids}-title`}>{t('workspacePages.invitations.inviteHeading')}</h3>
      <div className="workspace-invite-fields">
        <div className="form-field">
          <label htmlFor={`${ids}-email`}>{t('workspacePages.invitations.emailLabel')}</label>
          <input
            id={`${ids}-email`}
            type="email"
            autoComplete="email"
            value={email}
            aria-invalid={emailError || undefined}
            aria-describedby={emailError ? `${ids}-email-error` : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailError(false);
            }}
          />
          {emailError ? (
            <p id={`${ids}-email-error`} className="field-error" role="alert">
              {t('workspacePages.invitations.emailInvalid')}
            </p>
          ) : null}
        </div>
        <div className="form-field">
          <label htmlFor={`${ids}-role`}>{t('workspacePages.invitations.roleLabel')}</label>
          <select id={`${ids}-role`} value={roleId} onChange={(event) => setRoleId(event.target.value as WorkspaceRoleId)}>
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {roleName(role)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={busy} data-testid="workspace-invite-submit">
          {busy ? t('workspacePages.invitations.inviting') : t('workspacePages.invitations.invite')}
        </button>
      </div>
      {outcome?.kind === 'sent' ? (
        <p className="workspace-status" role="status">
          {t('workspacePages.invitations.invited', { email: outcome.email })}
        </p>
      ) : outcome?.kind === 'seats' ? (
        <div className="form-alert" role="alert" data-testid="seat-limit">
          <p>{t('workspacePages.invitations.seatLimit', { current: planName(workspace.plan), plan: planName(outcome.plan) })}</p>
          <Link className="button" to={`/billing/plans?plan=${encodeURIComponent(outcome.plan)}`}>
            {t('workspacePages.invitations.seePlan', { plan: planName(outcome.plan) })}
          </Link>
        </div>
      ) : outcome?.kind === 'failed' ? (
        <p className="form-alert" role="alert">
          {t(outcome.key)}
        </p>
      ) : null}
    </form>
  );
}
