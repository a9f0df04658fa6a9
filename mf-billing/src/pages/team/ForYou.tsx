// The invited person's and the member's side of the Team page: invitations
// addressed to the signed-in user (accept / decline) and the team they belong
// to (leave). Accepting or leaving changes the user's plan, so both reload the
// membership (header, entitlements) and every billing view.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useI18n, useMembership, useToast, type ReceivedTeamInvitation } from '@agentflow/shared';
import { ConfirmDialog } from '@agentflow/shared/dialog';
import { billingKeys, useBillingClient } from '../../api/queries';
import { formatDate } from '../../components/messages';
import { ItemAction } from '../../components/ItemAction';
import { ErrorAlert } from '../../components/ReadStates';
import { teamErrorMessage, teamKeys } from './teamApi';

/** After the user's plan changed: the header's membership and every billing view. */
function usePlanChanged() {
  const queryClient = useQueryClient();
  const { refresh } = useMembership();
  return () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: billingKeys.all })]);
}

/** "Invitations for you": shown when there are some, or when the e-mail must be verified to see them. */
export function InvitationsForYou() {
  const { t, language } = useI18n();
  const { toast } = useToast();
  const client = useBillingClient();
  const planChanged = usePlanChanged();
  const queryClient = useQueryClient();
  const received = useQuery({ queryKey: teamKeys.received(), queryFn: () => client.receivedTeamInvitations() });
  const ownerOf = (invitation: ReceivedTeamInvitation) => invitation.ownerEmail ?? t('billing.team.someOwner');

  const accept = useMutation({
    mutationFn: (invitation: ReceivedTeamInvitation) => client.acceptTeamInvitation(invitation.id),
    onSuccess: (_answer, invitation) => {
      toast({ title: t('billing.team.accepted', { owner: ownerOf(invitation) }), variant: 'success' });
      return planChanged();
    },
  });
  const decline = useMutation({
    mutationFn: (invitation: ReceivedTeamInvitation) => client.declineTeamInvitation(invitation.id),
    onSuccess: () => {
      toast({ title: t('billing.team.declined'), variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: teamKeys.received() });
    },
  });
  const failure = accept.error ?? decline.error;
  const busy = accept.isPending || decline.isPending;

  // A failed read hides the section: the rest of the page still works, and the owner's lists say what failed.
  if (!received.data || (received.data.emailVerified && received.data.invitations.length === 0)) return null;
  return (
    <section className="card" aria-labelledby="billing-for-you-title" data-testid="team-for-you">
      <h2 id="billing-for-you-title">{t('billing.team.forYouTitle')}</h2>
      {!received.data.emailVerified ? (
        <p className="muted">{t('billing.team.verifyEmail')}</p>
      ) : (
        <>
          <p className="muted">{t('billing.team.forYouIntro')}</p>
          <ErrorAlert message={failure ? teamErrorMessage(t, failure) : null} />
          <ul className="billing-team-invitations">
            {received.data.invitations.map((invitation) => (
              <li key={invitation.id} className="billing-team-invitation" data-testid={`team-invitation-for-you-${invitation.id}`}>
                <p>{t('billing.team.forYouItem', { owner: ownerOf(invitation), role: t(`billing.roles.${invitation.role}`) })}</p>
                <p className="muted">{t('billing.team.openUntil', { date: formatDate(invitation.expiresAt, language) })}</p>
                <div className="billing-actions">
                  <ItemAction label={t('billing.team.accept')} item={ownerOf(invitation)} variant="primary" disabled={busy} reset={decline.reset} onClick={() => accept.mutate(invitation)} />
                  <ItemAction label={t('billing.team.decline')} item={ownerOf(invitation)} variant="secondary" disabled={busy} reset={accept.reset} onClick={() => decline.mutate(invitation)} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** "Your team": the team the signed-in user belongs to, and leaving it. */
export function YourTeam() {
  const { t } = useI18n();
  const { toast } = useToast();
  const client = useBillingClient();
  const planChanged = usePlanChanged();
  const [confirming, setConfirming] = useState(false);
  const mine = useQuery({ queryKey: teamKeys.membership(), queryFn: () => client.teamMembership() });
  const leave = useMutation({
    mutationFn: () => client.leaveTeam(),
    onSuccess: () => {
      toast({ title: t('billing.team.left'), variant: 'success' });
      setConfirming(false);
      return planChanged();
    },
  });

  const membership = mine.data?.membership;
  if (!membership) return null;
  const owner = membership.ownerEmail ?? t('billing.team.someOwner');
  const plan = t(`billing.roles.${membership.roleAfterLeaving}`);
  return (
    <section className="card" aria-labelledby="billing-your-team-title" data-testid="team-yours">
      <h2 id="billing-your-team-title">{t('billing.team.yourTeamTitle')}</h2>
      <p>{t('billing.team.yourTeamBody', { owner, role: t(`billing.roles.${membership.role}`) })}</p>
      <p className="muted">{t('billing.team.yourTeamLeaving', { plan })}</p>
      <div className="billing-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            leave.reset();
            setConfirming(true);
          }}
        >
          {t('billing.team.leave')}
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('billing.team.leaveTitle', { owner })}
          description={t('billing.team.leaveBody', { plan })}
          confirmLabel={t('billing.team.leaveConfirm')}
          busy={leave.isPending}
          error={leave.isError ? teamErrorMessage(t, leave.error) : null}
          onConfirm={() => leave.mutate()}
          cancelLabel={t('billing.team.cancel')}
          onCancel={() => setConfirming(false)}
          testId="team-leave-dialog"
        />
      ) : null}
    </section>
  );
}
