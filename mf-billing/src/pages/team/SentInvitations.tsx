// "Invitations you sent": the owner's open and lapsed invitations, each with
// Revoke. Accepting or declining happens on the invited person's side.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useI18n, useToast, type TeamInvitation } from '@agentflow/shared';
import { useBillingClient } from '../../api/queries';
import { formatDate } from '../../components/messages';
import { teamErrorMessage, teamKeys } from './teamApi';

export function SentInvitations() {
  const { t, language } = useI18n();
  const { toast } = useToast();
  const client = useBillingClient();
  const queryClient = useQueryClient();
  const sent = useQuery({ queryKey: teamKeys.sent(), queryFn: () => client.listTeamInvitations() });
  const revoke = useMutation({
    mutationFn: (invitation: TeamInvitation) => client.revokeTeamInvitation(invitation.id),
    onSuccess: (_answer, invitation) => {
      toast({ title: t('billing.team.revoked', { email: invitation.email }), variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: teamKeys.sent() });
    },
  });

  return (
    <section className="card" aria-labelledby="billing-sent-title">
      <h2 id="billing-sent-title">{t('billing.team.sentTitle')}</h2>
      {revoke.isError ? (
        <div className="form-alert" role="alert">
          {teamErrorMessage(t, revoke.error)}
        </div>
      ) : null}
      {sent.isError ? (
        <div className="form-alert billing-error" role="alert">
          <span>{teamErrorMessage(t, sent.error)}</span>
          <button type="button" className="button button-secondary" onClick={() => void sent.refetch()}>
            {t('billing.errors.retry')}
          </button>
        </div>
      ) : sent.isPending ? (
        <p className="muted" role="status">
          {t('billing.team.loading')}
        </p>
      ) : sent.data.length === 0 ? (
        <p className="muted" data-testid="team-sent-empty">
          {t('billing.team.sentEmpty')}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="billing-table" data-testid="team-invitations">
            <thead>
              <tr>
                <th scope="col">{t('billing.team.email')}</th>
                <th scope="col">{t('billing.team.role')}</th>
                <th scope="col">{t('billing.team.expires')}</th>
                <th scope="col">{t('billing.team.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {sent.data.map((invitation) => (
                <tr key={invitation.id} data-testid={`team-invitation-${invitation.id}`}>
                  <th scope="row">
                    {invitation.email}
                    <span className="billing-badge">{t(invitation.status === 'expired' ? 'billing.team.expired' : 'billing.team.pending')}</span>
                  </th>
                  <td>{t(`billing.roles.${invitation.role}`)}</td>
                  <td>{formatDate(invitation.expiresAt, language)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button-ghost"
                      disabled={revoke.isPending}
                      onClick={() => {
                        revoke.reset();
                        revoke.mutate(invitation);
                      }}
                    >
                      {t('billing.team.revoke')}
                      <span className="visually-hidden"> {invitation.email}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
