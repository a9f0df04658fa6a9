// "Invitations you sent": the owner's open and lapsed invitations, each with
// Revoke. Accepting or declining happens on the invited person's side.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useI18n, useToast, type TeamInvitation } from '@agentflow/shared';
import { DataTable } from '@agentflow/shared/ui';
import { useBillingClient } from '../../api/queries';
import { formatDate } from '../../components/messages';
import { ItemAction } from '../../components/ItemAction';
import { ErrorAlert, ReadStates } from '../../components/ReadStates';
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
      <ErrorAlert message={revoke.isError ? teamErrorMessage(t, revoke.error) : null} />
      <ReadStates read={sent} message={teamErrorMessage} loading={t('billing.team.loading')} empty={t('billing.team.sentEmpty')} emptyTestId="team-sent-empty">
        {(list) => (
          <DataTable className="billing-table" testId="team-invitations" columns={[t('billing.team.email'), t('billing.team.role'), t('billing.team.expires'), t('billing.team.actions')]}>
            {list.map((invitation) => (
              <tr key={invitation.id} data-testid={`team-invitation-${invitation.id}`}>
                <th scope="row">
                  {invitation.email}
                  <span className="billing-badge">{t(invitation.status === 'expired' ? 'billing.team.expired' : 'billing.team.pending')}</span>
                </th>
                <td>{t(`billing.roles.${invitation.role}`)}</td>
                <td>{formatDate(invitation.expiresAt, language)}</td>
                <td>
                  <ItemAction label={t('billing.team.revoke')} item={invitation.email} disabled={revoke.isPending} reset={revoke.reset} onClick={() => revoke.mutate(invitation)} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ReadStates>
    </section>
  );
}
