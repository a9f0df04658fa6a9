// /admin/access/invitations/:invitationId: where the invitation e-mail's link
// lands (signed in first, RequireAuth). It shows the invitation if it is one
// of the caller's (GET /api/invitations: those sent to their verified e-mail)
// with Accept and Decline; accepted, the workspace becomes the current one.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, PageHeader, useAuth, useParams } from '@agentflow/shared';
import { ReceivedInvitationList, type InvitationAnswer } from './ReceivedInvitations';
import { useWorkspaceTexts } from './useWorkspaceTexts';
import { useWorkspaceClient, workspaceErrorKey } from './workspaceClient';
import './workspacePages.css';

export function InvitationPage() {
  const { t } = useWorkspaceTexts();
  const { invitationId = '' } = useParams();
  const { user } = useAuth();
  const client = useWorkspaceClient();
  const [answer, setAnswer] = useState<InvitationAnswer | null>(null);
  const received = useQuery({ queryKey: ['workspace', 'received', user?.uid ?? null], queryFn: () => client.received(), enabled: user !== null });
  const invitation = received.data?.find((each) => each.id === invitationId) ?? null;

  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('workspacePages.invitation.title')}`;
  }, [t]);

  return (
    <section className="workspace-page" data-testid="invitation-page">
      <PageHeader title={t('workspacePages.invitation.title')} />
      {answer?.kind === 'accepted' ? (
        <div role="status" className="workspace-section">
          <p>{t('workspacePages.invitation.accepted', { workspace: answer.name })}</p>
          <p className="workspace-received-actions">
            <Link className="button button-primary" to="/workflows">
              {t('workspacePages.invitation.openWorkflows')}
            </Link>
            <Link className="button" to="/admin/access/workspace">
              {t('workspacePages.invitation.openMembers')}
            </Link>
          </p>
        </div>
      ) : answer?.kind === 'declined' ? (
        <p role="status">{t('workspacePages.invitation.declined', { workspace: answer.name })}</p>
      ) : received.isPending ? (
        <p className="muted" role="status">
          {t('workspacePages.invitation.loading')}
        </p>
      ) : received.isError ? (
        <div className="form-alert" role="alert">
          <p>{t(workspaceErrorKey(received.error))}</p>
          <button type="button" className="button" onClick={() => void received.refetch()}>
            {t('workspacePages.members.retry')}
          </button>
        </div>
      ) : invitation ? (
        <ReceivedInvitationList invitations={[invitation]} onAnswered={setAnswer} />
      ) : (
        <p className="form-alert" role="alert" data-testid="invitation-not-found">
          {t('workspacePages.invitation.notFound')}
        </p>
      )}
    </section>
  );
}
