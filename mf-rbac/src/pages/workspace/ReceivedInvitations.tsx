// The invitations addressed to the signed-in user (GET /api/invitations),
// each with Accept and Decline. Accepting makes the workspace the current one.
import { useState } from 'react';
import { useWorkspace, type WorkspaceSummary } from '@agentflow/shared';
import type { ReceivedInvitation } from '@agentflow/shared/workspaces';
import { useWorkspaceTexts } from './useWorkspaceTexts';
import { useWorkspaceClient, workspaceErrorKey } from './workspaceClient';

export type InvitationAnswer = { kind: 'accepted'; workspace: WorkspaceSummary; name: string } | { kind: 'declined'; name: string };

export function ReceivedInvitationList({ invitations, onAnswered }: { invitations: readonly ReceivedInvitation[]; onAnswered: (answer: InvitationAnswer) => void }) {
  const { t, roleName, date } = useWorkspaceTexts();
  const client = useWorkspaceClient();
  const { refresh, select } = useWorkspace();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const answer = async (invitation: ReceivedInvitation, accept: boolean) => {
    setBusy(invitation.id);
    setFailure(null);
    try {
      if (accept) {
        const workspace = await client.accept(invitation.id);
        await refresh();
        select(workspace.id);
        onAnswered({ kind: 'accepted', workspace, name: invitation.workspaceName });
      } else {
        await client.decline(invitation.id);
        onAnswered({ kind: 'declined', name: invitation.workspaceName });
      }
    } catch (error) {
      setFailure(t(workspaceErrorKey(error)));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ul className="workspace-received" data-testid="received-invitations">
        {invitations.map((invitation) => {
          const values = { inviter: invitation.invitedByName ?? '', workspace: invitation.workspaceName, role: roleName(invitation.roleId) };
          return (
            <li key={invitation.id} className="workspace-received-item card">
              <p>{t(invitation.invitedByName ? 'workspacePages.received.line' : 'workspacePages.received.lineNoInviter', values)}</p>
              <p className="muted">{t('workspacePages.received.expires', { date: date(invitation.expiresAt) })}</p>
              <div className="workspace-received-actions">
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy !== null}
                  aria-label={t('workspacePages.received.acceptLabel', { workspace: invitation.workspaceName })}
                  onClick={() => void answer(invitation, true)}
                >
                  {t('workspacePages.received.accept')}
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={busy !== null}
                  aria-label={t('workspacePages.received.declineLabel', { workspace: invitation.workspaceName })}
                  onClick={() => void answer(invitation, false)}
                >
                  {t('workspacePages.received.decline')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {failure ? (
        <p className="form-alert" role="alert">
          {failure}
        </p>
      ) : null}
    </>
  );
}
