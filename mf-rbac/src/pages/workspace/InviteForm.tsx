// "Invite by e-mail" on the members page: the shared e-mail and role form
// (EmailRoleForm) with the roles an invitation may give. Past the owner's
// plan's seats the service answers seat_limit_reached with the cheapest plan
// that has more: said in the reader's language, with a link to that plan on
// the plans page.
import { ApiError, Link, useRemoteCatalogs, type WorkspaceSummary } from '@agentflow/shared';
import { EMAIL_ROLE_FORM_CATALOGS, EmailRoleForm } from '@agentflow/shared/ui';
import { ASSIGNABLE_ROLES, useWorkspaceTexts } from './useWorkspaceTexts';
import { useWorkspaceClient, workspaceErrorKey } from './workspaceClient';

/** The plan a seat refusal names, or null for any other refusal. */
function seatPlan(error: unknown): string | null {
  return error instanceof ApiError && error.code === 'seat_limit_reached' && typeof error.details.plan === 'string' ? error.details.plan : null;
}

export function InviteForm({ workspace, onInvited }: { workspace: WorkspaceSummary; onInvited: () => void }) {
  useRemoteCatalogs(EMAIL_ROLE_FORM_CATALOGS);
  const { t, roleName, planName } = useWorkspaceTexts();
  const client = useWorkspaceClient();
  return (
    <EmailRoleForm
      t={t}
      className="workspace-invite"
      testId="workspace-invite"
      submitTestId="workspace-invite-submit"
      heading={t('workspacePages.invitations.inviteHeading')}
      roles={ASSIGNABLE_ROLES}
      roleName={roleName}
      initialRole="workspace_editor"
      roleLabel={t('workspacePages.invitations.roleLabel')}
      submitLabel={t('workspacePages.invitations.invite')}
      submittingLabel={t('workspacePages.invitations.inviting')}
      onSubmit={async (email, roleId) => {
        await client.invite(workspace.id, email, roleId);
        onInvited();
        return t('workspacePages.invitations.invited', { email });
      }}
      errorKey={workspaceErrorKey}
      renderError={(error) => {
        const plan = seatPlan(error);
        return plan ? (
          <div className="form-alert" role="alert" data-testid="seat-limit">
            <p>{t('workspacePages.invitations.seatLimit', { current: planName(workspace.plan), plan: planName(plan) })}</p>
            <Link className="button" to={`/billing/plans?plan=${encodeURIComponent(plan)}`}>
              {t('workspacePages.invitations.seePlan', { plan: planName(plan) })}
            </Link>
          </div>
        ) : null;
      }}
    />
  );
}
