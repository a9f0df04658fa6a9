import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TEAM_ROLE, TEAM_ROLES, teamRolesFor, useI18n, useMembership, useToast, type MembershipRole, type TeamMember, type TeamRole } from '@agentflow/shared';
import { useBillingClient } from '../api/queries';
import { ConfirmDialog } from '@agentflow/shared/dialog';
import { DataTable } from '@agentflow/shared/ui';
import { formatDate } from '../components/messages';
import { ItemAction } from '../components/ItemAction';
import { ErrorAlert, ReadStates } from '../components/ReadStates';
import { InvitationsForYou, YourTeam } from './team/ForYou';
import { SentInvitations } from './team/SentInvitations';
import { teamErrorMessage, teamKeys } from './team/teamApi';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The signed-in owner's own plan, which caps the roles they may give: not a
 * role another team grants them (billing-api refuses that too). Null until known.
 */
function useOwnPlan(): MembershipRole | null {
  const { membership } = useMembership();
  const client = useBillingClient();
  const mine = useQuery({ queryKey: teamKeys.membership(), queryFn: () => client.teamMembership() });
  if (!membership || mine.isPending) return null;
  return mine.data?.membership?.roleAfterLeaving ?? membership.role;
}

/**
 * /billing/team: invitations addressed to the signed-in user and the team
 * they belong to; then their own team: invite (by e-mail; the person joins
 * only by accepting), members (change role, remove after confirming) and the
 * invitations they sent (revoke).
 */
export function TeamPage() {
  const { t } = useI18n();
  const client = useBillingClient();
  const members = useQuery({ queryKey: teamKeys.members(), queryFn: () => client.listTeamMembers() });
  const plan = useOwnPlan();
  // The roles the owner may give, lowest first; every team role before the plan is known (billing-api refuses more anyway).
  const roles = plan ? teamRolesFor(plan) : TEAM_ROLES;
  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('billing.team.title')}`;
  }, [t]);

  return (
    <>
      <InvitationsForYou />
      <YourTeam />
      <InviteForm plan={plan} roles={roles} />
      <section className="card" aria-labelledby="billing-members-title">
        <h2 id="billing-members-title">{t('billing.team.membersTitle')}</h2>
        <p className="muted">{t('billing.team.intro')}</p>
        <ReadStates read={members} message={teamErrorMessage} loading={t('billing.team.loading')} empty={t('billing.team.empty')} emptyTestId="team-empty">
          {(list) => <MemberTable members={list} roles={roles} />}
        </ReadStates>
      </section>
      <SentInvitations />
    </>
  );
}

function InviteForm({ plan, roles }: { plan: MembershipRole | null; roles: readonly TeamRole[] }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const client = useBillingClient();
  const queryClient = useQueryClient();
  const emailId = useId();
  const roleId = useId();
  const errorId = useId();
  const limitId = useId();
  const [email, setEmail] = useState('');
  // null: the default (basic, or the highest the owner's plan allows when that is lower).
  const [chosen, setChosen] = useState<TeamRole | null>(null);
  const role: TeamRole = chosen && roles.includes(chosen) ? chosen : roles.includes(DEFAULT_TEAM_ROLE) ? DEFAULT_TEAM_ROLE : (roles[roles.length - 1] ?? 'free');
  const [invalid, setInvalid] = useState(false);
  const invite = useMutation({
    mutationFn: (input: { email: string; role: TeamRole }) => client.inviteTeamMember(input),
    onSuccess: (_answer, input) => {
      toast({ title: t('billing.team.invited', { email: input.email }), variant: 'success' });
      setEmail('');
      setChosen(null);
      return queryClient.invalidateQueries({ queryKey: teamKeys.sent() });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    invite.mutate({ email: address, role });
  };

  return (
    <section className="card" aria-labelledby="billing-invite-title">
      <h2 id="billing-invite-title">{t('billing.team.inviteTitle')}</h2>
      <p className="muted">{t('billing.team.inviteIntro')}</p>
      <form className="billing-invite" onSubmit={submit} noValidate data-testid="team-invite">
        <div className="form-field">
          <label htmlFor={emailId}>{t('billing.team.email')}</label>
          <input
            id={emailId}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={invalid}
            aria-describedby={invalid ? errorId : undefined}
          />
          {invalid ? (
            <p className="field-error" id={errorId}>
              {t('billing.team.emailInvalid')}
            </p>
          ) : null}
        </div>
        <div className="form-field">
          <label htmlFor={roleId}>{t('billing.team.role')}</label>
          <select id={roleId} value={role} onChange={(event) => setChosen(event.target.value as TeamRole)} aria-describedby={plan ? limitId : undefined}>
            {roles.map((value) => (
              <option key={value} value={value}>
                {t(`billing.roles.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={invite.isPending} aria-busy={invite.isPending}>
          {t('billing.team.invite')}
        </button>
      </form>
      {plan ? (
        <p className="muted" id={limitId} data-testid="team-role-limit">
          {t('billing.team.roleLimit', { plan: t(`billing.roles.${plan}`), role: t(`billing.roles.${roles[roles.length - 1] ?? 'free'}`) })}
        </p>
      ) : null}
      {invite.isError ? (
        <div className="form-alert" role="alert" style={{ marginTop: '1rem' }}>
          {teamErrorMessage(t, invite.error)}
        </div>
      ) : null}
    </section>
  );
}

function MemberTable({ members, roles }: { members: readonly TeamMember[]; roles: readonly TeamRole[] }) {
  const { t, language } = useI18n();
  const { toast } = useToast();
  const client = useBillingClient();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const refreshTeam = () => queryClient.invalidateQueries({ queryKey: teamKeys.members() });

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: TeamMember; role: TeamRole }) => client.updateTeamMember(member.id, { role }),
    onSuccess: (_answer, { member, role }) => {
      toast({ title: t('billing.team.roleChanged', { email: member.email, role: t(`billing.roles.${role}`) }), variant: 'success' });
      return refreshTeam();
    },
  });
  const remove = useMutation({
    mutationFn: (member: TeamMember) => client.removeTeamMember(member.id),
    onSuccess: (_answer, member) => {
      toast({ title: t('billing.team.removed', { email: member.email }), variant: 'success' });
      setRemoving(null);
      return refreshTeam();
    },
  });

  return (
    <>
      <ErrorAlert message={changeRole.isError ? teamErrorMessage(t, changeRole.error) : null} />
      <DataTable className="billing-table" testId="team-members" columns={[t('billing.team.email'), t('billing.team.role'), t('billing.team.added'), t('billing.team.actions')]}>
        {members.map((member) => (
          <tr key={member.id} data-testid={`team-member-${member.id}`}>
            <th scope="row">{member.email}</th>
            <td>
              <select
                aria-label={t('billing.team.roleOf', { email: member.email })}
                value={member.role}
                disabled={changeRole.isPending}
                onChange={(event) => {
                  changeRole.reset();
                  changeRole.mutate({ member, role: event.target.value as TeamRole });
                }}
              >
                {/* The member's role stays listed even when the owner's plan no longer allows it. */}
                {(roles.includes(member.role) ? roles : [...roles, member.role]).map((value) => (
                  <option key={value} value={value}>
                    {t(`billing.roles.${value}`)}
                  </option>
                ))}
              </select>
            </td>
            <td>{formatDate(member.createdAt, language)}</td>
            <td>
              <ItemAction label={t('billing.team.remove')} item={member.email} reset={remove.reset} onClick={() => setRemoving(member)} />
            </td>
          </tr>
        ))}
      </DataTable>
      {removing ? (
        <ConfirmDialog
          title={t('billing.team.removeTitle', { email: removing.email })}
          description={t('billing.team.removeBody')}
          confirmLabel={t('billing.team.removeConfirm')}
          busy={remove.isPending}
          error={remove.isError ? teamErrorMessage(t, remove.error) : null}
          onConfirm={() => remove.mutate(removing)}
          cancelLabel={t('billing.team.cancel')}
          onCancel={() => setRemoving(null)}
          testId="team-remove-dialog"
        />
      ) : null}
    </>
  );
}
