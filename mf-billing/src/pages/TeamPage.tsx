import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MEMBERSHIP_ROLES, useI18n, useToast, type MembershipRole, type TeamMember } from '@agentflow/shared';
import { billingKeys, useBillingClient } from '../api/queries';
import { ConfirmDialog } from '@agentflow/shared/dialog';
import { apiErrorMessage, formatDate } from '../components/messages';

/** Roles a team member can be given (admin is granted by the platform, not by a plan owner). */
export const TEAM_ROLES: readonly MembershipRole[] = MEMBERSHIP_ROLES.filter((role) => role !== 'admin');
const DEFAULT_ROLE: MembershipRole = 'basic';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /billing/team: the members of the signed-in user's plan; invite, change role, remove (after confirming). */
export function TeamPage() {
  const { t } = useI18n();
  const client = useBillingClient();
  const members = useQuery({ queryKey: billingKeys.team(), queryFn: () => client.listTeamMembers() });
  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('billing.team.title')}`;
  }, [t]);

  return (
    <>
      <InviteForm />
      <section className="card" aria-labelledby="billing-members-title">
        <h2 id="billing-members-title">{t('billing.team.membersTitle')}</h2>
        <p className="muted">{t('billing.team.intro')}</p>
        {members.isError ? (
          <div className="form-alert billing-error" role="alert">
            <span>{apiErrorMessage(t, members.error)}</span>
            <button type="button" className="button button-secondary" onClick={() => void members.refetch()}>
              {t('billing.errors.retry')}
            </button>
          </div>
        ) : members.isPending ? (
          <p className="muted" role="status">
            {t('billing.team.loading')}
          </p>
        ) : members.data.length === 0 ? (
          <p className="muted" data-testid="team-empty">
            {t('billing.team.empty')}
          </p>
        ) : (
          <MemberTable members={members.data} />
        )}
      </section>
    </>
  );
}

function InviteForm() {
  const { t } = useI18n();
  const { toast } = useToast();
  const client = useBillingClient();
  const queryClient = useQueryClient();
  const emailId = useId();
  const roleId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MembershipRole>(DEFAULT_ROLE);
  const [invalid, setInvalid] = useState(false);
  const invite = useMutation({
    mutationFn: (input: { email: string; role: MembershipRole }) => client.inviteTeamMember(input),
    onSuccess: (_answer, input) => {
      toast({ title: t('billing.team.invited', { email: input.email }), variant: 'success' });
      setEmail('');
      setRole(DEFAULT_ROLE);
      return queryClient.invalidateQueries({ queryKey: billingKeys.team() });
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
          <select id={roleId} value={role} onChange={(event) => setRole(event.target.value as MembershipRole)}>
            {TEAM_ROLES.map((value) => (
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
      {invite.isError ? (
        <div className="form-alert" role="alert" style={{ marginTop: '1rem' }}>
          {apiErrorMessage(t, invite.error)}
        </div>
      ) : null}
    </section>
  );
}

function MemberTable({ members }: { members: readonly TeamMember[] }) {
  const { t, language } = useI18n();
  const { toast } = useToast();
  const client = useBillingClient();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const refreshTeam = () => queryClient.invalidateQueries({ queryKey: billingKeys.team() });

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: TeamMember; role: MembershipRole }) => client.updateTeamMember(member.id, { role }),
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
      {changeRole.isError ? (
        <div className="form-alert" role="alert">
          {apiErrorMessage(t, changeRole.error)}
        </div>
      ) : null}
      <div className="table-scroll">
        <table className="billing-table" data-testid="team-members">
          <thead>
            <tr>
              <th scope="col">{t('billing.team.email')}</th>
              <th scope="col">{t('billing.team.role')}</th>
              <th scope="col">{t('billing.team.added')}</th>
              <th scope="col">{t('billing.team.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.id} data-testid={`team-member-${member.id}`}>
                <th scope="row">
                  {member.email}
                  {member.userId ? null : <span className="billing-badge">{t('billing.team.pending')}</span>}
                </th>
                <td>
                  <select
                    aria-label={t('billing.team.roleOf', { email: member.email })}
                    value={member.role}
                    disabled={changeRole.isPending}
                    onChange={(event) => {
                      changeRole.reset();
                      changeRole.mutate({ member, role: event.target.value as MembershipRole });
                    }}
                  >
                    {(TEAM_ROLES.includes(member.role) ? TEAM_ROLES : [...TEAM_ROLES, member.role]).map((value) => (
                      <option key={value} value={value}>
                        {t(`billing.roles.${value}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>{formatDate(member.createdAt, language)}</td>
                <td>
                  <button
                    type="button"
                    className="button button-ghost"
                    onClick={() => {
                      remove.reset();
                      setRemoving(member);
                    }}
                  >
                    {t('billing.team.remove')}
                    <span className="visually-hidden"> {member.email}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {removing ? (
        <ConfirmDialog
          title={t('billing.team.removeTitle', { email: removing.email })}
          description={t('billing.team.removeBody')}
          confirmLabel={t('billing.team.removeConfirm')}
          busy={remove.isPending}
          error={remove.isError ? apiErrorMessage(t, remove.error) : null}
          onConfirm={() => remove.mutate(removing)}
          cancelLabel={t('billing.team.cancel')}
          onCancel={() => setRemoving(null)}
          testId="team-remove-dialog"
        />
      ) : null}
    </>
  );
}
