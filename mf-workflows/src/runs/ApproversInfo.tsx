// Who may decide a waiting approval step, under the step in the run view.
// platform-api (runs/access.ts mayDecide) lets decide: users named by id or
// verified e-mail, holders of a named role (globally or in the run's
// organization), and global administrators. The run's owner is not
// implicitly an approver, so an owner who cannot decide is told how to get
// the role or change the approvers, instead of waiting for nobody.
import { useContext, useEffect } from 'react';
import { Link, PERMISSIONS, RBACContext, useAuth, useI18n, type AuthUser, type RBACContextValue, type Role } from '@agentflow/shared';
import { BUILT_IN_ROLES } from '@agentflow/shared/rbac';
import type { WorkflowRun } from '@agentflow/shared/workflow';

const V = 'workflows.runs.view.';

export interface ApproverGroups {
  /** Approvers that name a known role, with its name. */
  roles: { id: string; name: string }[];
  /** Everything else, shown as written: user ids and e-mail addresses. */
  people: string[];
}

/** The approvers a run's approval node names (from the run's snapshot of the workflow). */
export function approversOfNode(run: WorkflowRun, nodeId: string): string[] {
  const approvers = (run.snapshot?.nodes.find((node) => node.id === nodeId)?.params as { approvers?: unknown } | undefined)?.approvers;
  return Array.isArray(approvers) ? approvers.filter((a): a is string => typeof a === 'string') : [];
}

/** Splits approvers into roles (named from `roles`, then the built-in list) and people. */
export function groupApprovers(approvers: readonly string[], roles: readonly Role[] = []): ApproverGroups {
  const names = new Map<string, string>();
  for (const role of [...BUILT_IN_ROLES, ...roles]) names.set(role.id, role.name);
  const groups: ApproverGroups = { roles: [], people: [] };
  for (const approver of approvers) {
    const name = names.get(approver);
    if (name !== undefined) groups.roles.push({ id: approver, name });
    else groups.people.push(approver);
  }
  return groups;
}

/** True when `user` is one of the step's approvers as far as the browser can tell. */
export function isApprover(user: AuthUser, approvers: readonly string[], run: WorkflowRun, rbac: RBACContextValue | undefined): boolean {
  const email = user.email?.toLowerCase();
  if (approvers.some((a) => a === user.uid || (email !== undefined && a.toLowerCase() === email))) return true;
  if (!rbac) return false;
  const scope = run.organizationId ?? null;
  if (rbac.userRoles.some((a) => approvers.includes(a.roleId) && (a.organizationId == null || a.organizationId === scope))) return true;
  return rbac.hasPermission(PERMISSIONS.manageAll);
}

export function ApproversInfo({ run, nodeId }: { run: WorkflowRun; nodeId: string }) {
  const { t } = useI18n();
  const { user } = useAuth();
  const rbac = useContext(RBACContext);
  const approvers = approversOfNode(run, nodeId);
  const isOwner = user?.uid === run.ownerId;
  // The access provider is lazy: read the owner's roles only when they matter.
  useEffect(() => {
    if (isOwner) rbac?.activate();
  }, [isOwner, rbac]);
  const { roles, people } = groupApprovers(approvers, rbac?.roles);
  const ownerCannotDecide = isOwner && user !== null && !(rbac?.loading ?? false) && !isApprover(user, approvers, run, rbac);
  return (
    <div className="run-approvers" data-testid="run-approvers">
      <h3>{t(`${V}approversTitle`)}</h3>
      {roles.length > 0 && (
        <p data-testid="run-approver-roles">
          {t(`${V}approverRoles`)} {roles.map((role) => role.name).join(', ')}
        </p>
      )}
      {people.length > 0 && (
        <p data-testid="run-approver-people">
          {t(`${V}approverPeople`)} {people.join(', ')}
        </p>
      )}
      <p>{t(`${V}adminsAlways`)}</p>
      {ownerCannotDecide && (
        <p data-testid="run-owner-hint">
          {t(`${V}ownerHint`)}{' '}
          <Link to={`/workflows/${encodeURIComponent(run.workflowId)}`}>{t(`${V}openBuilder`)}</Link>
        </p>
      )}
    </div>
  );
}
