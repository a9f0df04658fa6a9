// /admin/access/workspace (issue 21): the current workspace's members, their
// roles and its invitations, for every member; those whose role manages
// members (manage_members) change roles, remove members, invite by e-mail
// and withdraw invitations. Seats come from the owner's plan; past them the
// service refuses with seat_limit_reached and the plan that has more, which
// this page names with a link to it. Any signed-in user may open it (no
// console permission): it also lists the invitations addressed to them.
// Those who manage members also set the workspace's settings here (approval
// links that require sign-in), the personal workspace's owner included.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, Link, PageHeader, PERMISSIONS, useAuth, useWorkspace } from '@agentflow/shared';
import { WORKSPACE_ROLE_PERMISSIONS, type WorkspaceRoleId } from '@agentflow/shared/workspaces';
import type { WorkspaceMember } from '@agentflow/shared/workspaces';
import { InviteForm } from './InviteForm';
import { ReceivedInvitationList } from './ReceivedInvitations';
import { WorkspaceSettingsForm } from './WorkspaceSettingsForm';
import { ASSIGNABLE_ROLES, useWorkspaceTexts } from './useWorkspaceTexts';
import { useWorkspaceClient, workspaceErrorKey } from './workspaceClient';
import '../../components/sections.css';
import './workspacePages.css';

type Status = { kind: 'done' | 'failed'; text: string } | null;

export function WorkspaceMembersPage() {
  const { t, roleName, planName, date } = useWorkspaceTexts();
  const { user } = useAuth();
  const { current, currentId, organizationId, refresh: refreshWorkspaces } = useWorkspace();
  const client = useWorkspaceClient();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const name = current?.name ?? '';

  useEffect(() => {
    document.title = `${t('common.appName')} · ${organizationId ? t('workspacePages.members.title', { name }) : t('workspacePages.members.personalTitle')}`;
  }, [t, organizationId, name]);

  const received = useQuery({ queryKey: ['workspace', 'received', user?.uid ?? null], queryFn: () => client.received(), enabled: user !== null });
  const members = useQuery({ queryKey: ['workspace', 'members', currentId], queryFn: () => client.members(currentId), enabled: organizationId !== null });
  const manages = current !== null && WORKSPACE_ROLE_PERMISSIONS[current.roleId].includes(PERMISSIONS.manageMembers);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['workspace'] });

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setStatus(null);
    try {
      setStatus({ kind: 'done', text: await work() });
    } catch (error) {
      setStatus({ kind: 'failed', text: t(workspaceErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  };

  const personName = (member: WorkspaceMember) => member.displayName || member.email || member.uid;
  const changeRole = (member: WorkspaceMember, roleId: WorkspaceRoleId) =>
    act(async () => {
      await client.changeRole(currentId, member.uid, roleId);
      await reload();
      return t('workspacePages.members.roleChanged', { name: personName(member), role: roleName(roleId) });
    });
  const remove = (member: WorkspaceMember) =>
    act(async () => {
      await client.removeMember(currentId, member.uid);
      if (member.uid === user?.uid) {
        await refreshWorkspaces();
        return t('workspacePages.members.left', { name });
      }
      await reload();
      return t('workspacePages.members.removed', { name: personName(member) });
    });

  const invitationsForMe = received.data ?? [];

  return (
    <section className="workspace-page" data-testid="workspace-members-page">
      <PageHeader
        title={organizationId ? t('workspacePages.members.title', { name }) : t('workspacePages.members.personalTitle')}
        subtitle={organizationId ? t('workspacePages.members.subtitle') : undefined}
      />
      {invitationsForMe.length > 0 ? (
        <section aria-labelledby="workspace-received-title" className="workspace-section">
          <h2 id="workspace-received-title">{t('workspacePages.received.heading')}</h2>
          <ReceivedInvitationList invitations={invitationsForMe} onAnswered={() => void reload()} />
        </section>
      ) : null}

      {organizationId === null ? (
        <p className="workspace-personal-note" data-testid="workspace-personal-note">
          {t('workspacePages.members.personalBody')}
        </p>
      ) : members.isPending ? (
        <p className="muted" role="status">
          {t('workspacePages.members.loading')}
        </p>
      ) : members.isError ? (
        <div className="form-alert" role="alert">
          <p>{members.error instanceof ApiError && members.error.code ? t(workspaceErrorKey(members.error)) : t('workspacePages.members.loadFailed')}</p>
          <button type="button" className="button" onClick={() => void members.refetch()}>
            {t('workspacePages.members.retry')}
          </button>
        </div>
      ) : (
        <>
          {current ? (
            <p className="workspace-seats" data-testid="workspace-seats">
              {current.seats.limit === null
                ? t('workspacePages.members.seatsUnlimited', { used: current.seats.used, plan: planName(current.plan) })
                : t('workspacePages.members.seats', { used: current.seats.used, limit: current.seats.limit, plan: planName(current.plan) })}
            </p>
          ) : null}
          <div className="table-scroll">
            <table className="access-table workspace-table" aria-label={t('workspacePages.members.tableLabel')} data-testid="workspace-members">
              <thead>
                <tr>
                  <th scope="col">{t('workspacePages.members.name')}</th>
                  <th scope="col">{t('workspacePages.members.email')}</th>
                  <th scope="col">{t('workspacePages.members.role')}</th>
                  <th scope="col">{t('workspacePages.members.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {members.data.members.map((member) => {
                  const self = member.uid === user?.uid;
                  const owner = member.roleId === 'workspace_owner';
                  return (
                    <tr key={member.uid} data-testid="workspace-member">
                      <td>
                        {personName(member)}
                        {self ? <span className="muted"> {t('workspacePages.members.you')}</span> : null}
                      </td>
                      <td>{member.email ?? ''}</td>
                      <td>
                        {manages && !owner && !self ? (
                          <select aria-label={t('workspacePages.members.roleOf', { name: personName(member) })} value={member.roleId} disabled={busy} onChange={(event) => void changeRole(member, event.target.value as WorkspaceRoleId)}>
                            {ASSIGNABLE_ROLES.map((roleId) => (
                              <option key={roleId} value={roleId}>
                                {roleName(roleId)}
                              </option>
                            ))}
                          </select>
                        ) : (
                          roleName(member.roleId)
                        )}
                      </td>
                      <td>
                        {owner ? null : self ? (
                          <button type="button" className="button button-ghost" disabled={busy} onClick={() => void remove(member)}>
                            {t('workspacePages.members.leave')}
                          </button>
                        ) : manages ? (
                          <button type="button" className="button button-ghost" disabled={busy} aria-label={t('workspacePages.members.removeLabel', { name: personName(member) })} onClick={() => void remove(member)}>
                            {t('workspacePages.members.remove')}
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>

          <section aria-labelledby="workspace-invitations-title" className="workspace-section">
            <h2 id="workspace-invitations-title">{t('workspacePages.invitations.heading')}</h2>
            {members.data.invitations.length === 0 ? (
              <p className="muted">{t('workspacePages.invitations.none')}</p>
            ) : (
              <div className="table-scroll">
                <table className="access-table workspace-table" aria-label={t('workspacePages.invitations.tableLabel')} data-testid="workspace-invitations">
                  <thead>
                    <tr>
                      <th scope="col">{t('workspacePages.members.email')}</th>
                      <th scope="col">{t('workspacePages.members.role')}</th>
                      <th scope="col">{t('workspacePages.invitations.status')}</th>
                      <th scope="col">{t('workspacePages.invitations.expires')}</th>
                      {manages ? <th scope="col">{t('workspacePages.members.actions')}</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {members.data.invitations.map((invitation) => (
                      <tr key={invitation.id} data-testid="workspace-invitation">
                        <td>{invitation.email}</td>
                        <td>{roleName(invitation.roleId)}</td>
                        <td>{t(`workspacePages.invitations.${invitation.status}`)}</td>
                        <td>{date(invitation.expiresAt)}</td>
                        {manages ? (
                          <td>
                            <button
                              type="button"
                              className="button button-ghost"
                              disabled={busy}
                              aria-label={t('workspacePages.invitations.withdrawLabel', { email: invitation.email })}
                              onClick={() =>
                                void act(async () => {
                                  await client.withdraw(currentId, invitation.id);
                                  await reload();
                                  return t('workspacePages.invitations.withdrawn', { email: invitation.email });
                                })
                              }
                            >
                              {t('workspacePages.invitations.withdraw')}
                            </button>
                          </td>
                        ) : null}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {manages && current ? <InviteForm workspace={current} onInvited={() => void Promise.all([reload(), refreshWorkspaces()])} /> : null}
          </section>
        </>
      )}
      {manages && current ? <WorkspaceSettingsForm key={current.id} workspace={current} onSaved={refreshWorkspaces} /> : null}
      <p className={status?.kind === 'failed' ? 'form-alert' : 'workspace-status'} role={status?.kind === 'failed' ? 'alert' : 'status'}>
        {status?.text ?? ''}
      </p>
      {organizationId === null ? null : (
        <p>
          <Link to="/workflows">{t('workspacePages.invitation.openWorkflows')}</Link>
        </p>
      )}
    </section>
  );
}
