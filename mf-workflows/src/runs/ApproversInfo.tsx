// Who may decide a waiting approval step, and whether the signed-in user may,
// under the step in the run view. The decision is the shared one platform-api
// makes (mayDecideApproval): users named by id or e-mail, holders of a named
// role in the run's workspace (a named workspace role admits higher ones
// too), and global administrators. The run's owner is not an approver for
// being it. One verdict drives the whole panel, so it never says "waiting for
// your approval" to someone it also tells "you are not an approver".
import { useContext, useEffect } from 'react';
import { Link, PERMISSIONS, RBACContext, grantsFor, useAuth, useI18n, type AuthUser, type Grant, type RBACContextValue, type Role } from '@agentflow/shared';
import { approverKind, mayDecideApproval } from '@agentflow/shared/workspaces';
import { APPROVAL_INBOX_PATH } from '@agentflow/shared/approvals';
import { BUILT_IN_ROLES } from '@agentflow/shared/rbac';
import type { WorkflowRun } from '@agentflow/shared/workflow';
import { roleName } from '../approvals/approverLabels';

const P = 'approvals.panel.';

export interface ApproverGroups {
  /** Approvers that name a known role, with its (stored) name. */
  roles: { id: string; name: string }[];
  /** Everything else, shown as written: user ids and e-mail addresses. */
  people: string[];
}

/** 'checking' while the user's roles load; then whether they may decide. */
export type ApprovalVerdict = 'checking' | 'may' | 'mayNot';

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
    if (name !== undefined && approverKind(approver, new Set(names.keys())) === 'role') groups.roles.push({ id: approver, name });
    else groups.people.push(approver);
  }
  return groups;
}

/** The user's grants as the browser knows them (their assignments, and manage_all when they hold it). */
function grantsOf(rbac: RBACContextValue | undefined): Grant[] {
  if (!rbac) return [];
  const roles = new Map<string, Pick<Role, 'permissions'>>([...BUILT_IN_ROLES, ...rbac.roles].map((role) => [role.id, role]));
  const grants = grantsFor(rbac.userRoles, roles);
  if (rbac.hasPermission(PERMISSIONS.manageAll)) grants.push({ roleId: 'manage_all', organizationId: null, permissions: [PERMISSIONS.manageAll] });
  return grants;
}

/** May `user` decide the step naming `approvers` in `run`? The shared rule, on what the browser knows. */
export function mayDecide(user: AuthUser, approvers: readonly string[], run: WorkflowRun, rbac: RBACContextValue | undefined): boolean {
  const organizationId = run.organizationId ?? null;
  return mayDecideApproval(
    { uid: user.uid, verifiedEmail: user.email, grants: grantsOf(rbac) },
    { ownerId: run.ownerId, organizationId, visibility: organizationId ? 'organization' : 'private' },
    approvers,
  );
}

/** The panel's verdict for the signed-in user on `nodeId`'s approval. */
export function useApprovalVerdict(run: WorkflowRun, nodeId: string): ApprovalVerdict {
  const { user } = useAuth();
  const rbac = useContext(RBACContext);
  // The access provider is lazy: the verdict needs the user's roles.
  useEffect(() => {
    rbac?.activate();
  }, [rbac]);
  if (!user) return 'mayNot';
  if (rbac?.loading) return 'checking';
  return mayDecide(user, approversOfNode(run, nodeId), run, rbac) ? 'may' : 'mayNot';
}

export function ApproversInfo({ run, nodeId, verdict, verdictId }: { run: WorkflowRun; nodeId: string; verdict: ApprovalVerdict; verdictId: string }) {
  const { t } = useI18n();
  const { user } = useAuth();
  const rbac = useContext(RBACContext);
  const approvers = approversOfNode(run, nodeId);
  const isOwner = user?.uid === run.ownerId;
  const { roles, people } = groupApprovers(approvers, rbac?.roles);
  const personName = (person: string) => (person === user?.uid || (user?.email && person.toLowerCase() === user.email.toLowerCase()) ? `${person} (${t(`${P}you`)})` : person);
  return (
    <div className="run-approvers" data-testid="run-approvers">
      <p id={verdictId} className={`run-approval-verdict run-approval-verdict--${verdict}`} data-testid="run-approval-verdict" role="status">
        {t(verdict === 'checking' ? `${P}checking` : verdict === 'may' ? `${P}youMay` : `${P}youMayNot`)}
      </p>
      <h3>{t(`${P}whoMay`)}</h3>
      {roles.length > 0 && (
        <p data-testid="run-approver-roles">
          {t(`${P}roles`)} {roles.map((role) => roleName(t, role.id, role.name)).join(', ')}
        </p>
      )}
      {people.length > 0 && (
        <p data-testid="run-approver-people">
          {t(`${P}people`)} {people.map(personName).join(', ')}
        </p>
      )}
      <p>{t(`${P}adminsAlways`)}</p>
      {verdict === 'mayNot' && isOwner && (
        <p data-testid="run-owner-hint">
          {t(`${P}ownerHint`)} <Link to={`/workflows/${encodeURIComponent(run.workflowId)}`}>{t(`${P}openBuilder`)}</Link>
        </p>
      )}
      {verdict === 'may' && (
        <p>
          <Link to={APPROVAL_INBOX_PATH}>{t(`${P}openInbox`)}</Link>
        </p>
      )}
    </div>
  );
}
