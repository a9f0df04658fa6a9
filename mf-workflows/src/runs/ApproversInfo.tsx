// Who may decide a waiting approval step, and whether the signed-in user may,
// under the step in the run view. The verdict is platform-api's (GET
// /api/runs/:runId/approvals): the decide route's own rule on the workflow as
// stored, shares included, so the panel never offers what the service would
// refuse nor refuses what it would accept. Asked again whenever the run's
// status or its waiting steps change. Until it answers the panel says it is
// checking; if it cannot answer the panel says so: the buttons stay disabled
// either way, never enabled on a guess. One verdict drives the whole panel,
// so it never says "you may decide" to someone it also tells "you may not".
import { useQuery } from '@tanstack/react-query';
import { Link, useAuth, useI18n } from '@agentflow/shared';
import { APPROVAL_INBOX_PATH, type ApproverView } from '@agentflow/shared/approvals';
import { BUILT_IN_ROLES } from '@agentflow/shared/rbac';
import type { WorkflowRun } from '@agentflow/shared/workflow';
import type { RunsClient } from '../api/runs';
import { roleName } from '../approvals/approverLabels';

const P = 'approvals.panel.';

export interface ApproverGroups {
  /** Approvers that name a role, with its (stored) name. */
  roles: { id: string; name: string }[];
  /** Everything else: people, by name or as written (user ids and e-mail addresses). */
  people: { id: string; label: string }[];
}

/** 'checking' until the service answers; 'failed' when it could not; then whether the user may decide. */
export type ApprovalVerdict = 'checking' | 'failed' | 'may' | 'mayNot';

/** The approvers a run's approval node names (from the run's snapshot of the workflow). */
export function approversOfNode(run: WorkflowRun, nodeId: string): string[] {
  const approvers = (run.snapshot?.nodes.find((node) => node.id === nodeId)?.params as { approvers?: unknown } | undefined)?.approvers;
  return Array.isArray(approvers) ? approvers.filter((a): a is string => typeof a === 'string') : [];
}

const BUILT_IN_NAMES = new Map(BUILT_IN_ROLES.map((role) => [role.id, role.name]));

/** Before the service has answered: the snapshot's approvers, built-in roles by name, the rest as written. */
export function groupApprovers(approvers: readonly string[]): ApproverGroups {
  const groups: ApproverGroups = { roles: [], people: [] };
  for (const approver of approvers) {
    const name = BUILT_IN_NAMES.get(approver);
    if (name !== undefined) groups.roles.push({ id: approver, name });
    else groups.people.push({ id: approver, label: approver });
  }
  return groups;
}

/** As the service named them (custom roles by their stored names, people by display name). */
export function groupApproverViews(approvers: readonly ApproverView[]): ApproverGroups {
  return {
    roles: approvers.filter((approver) => approver.kind === 'role').map((approver) => ({ id: approver.id, name: approver.label })),
    people: approvers.filter((approver) => approver.kind !== 'role').map((approver) => ({ id: approver.id, label: approver.label || approver.id })),
  };
}

/** React Query key of a run's approval verdicts: a new status or another waiting step asks again. */
export const runApprovalsKey = (run: WorkflowRun) =>
  ['runs', 'approvals', run.id, run.status, run.steps.filter((step) => step.type === 'approval' && step.status === 'waiting').map((step) => step.id).join(',')] as const;

export interface RunApprovalState {
  verdict: ApprovalVerdict;
  /** The approvers as the service named them, once it has answered. */
  approvers: ApproverGroups | null;
  retry: () => void;
}

/** The service's verdict for the signed-in user on `nodeId`'s approval (`enabled`: an approval step is waiting). */
export function useRunApproval(client: RunsClient, run: WorkflowRun, nodeId: string, enabled = true): RunApprovalState {
  const query = useQuery({ queryKey: runApprovalsKey(run), queryFn: () => client.approvals(run.id), enabled, retry: 1, staleTime: 0 });
  const retry = () => void query.refetch();
  if (query.isError) return { verdict: 'failed', approvers: null, retry };
  if (!query.data) return { verdict: 'checking', approvers: null, retry };
  const mine = query.data.approvals.find((approval) => approval.nodeId === nodeId);
  // Not among the steps the service sees waiting (decided meanwhile): nothing to decide.
  if (!mine) return { verdict: 'mayNot', approvers: null, retry };
  return { verdict: mine.mayDecide ? 'may' : 'mayNot', approvers: groupApproverViews(mine.approvers), retry };
}

export function ApproversInfo({ run, nodeId, state, verdictId }: { run: WorkflowRun; nodeId: string; state: RunApprovalState; verdictId: string }) {
  const { t } = useI18n();
  const { user } = useAuth();
  const { verdict } = state;
  const isOwner = user?.uid === run.ownerId;
  const { roles, people } = state.approvers ?? groupApprovers(approversOfNode(run, nodeId));
  const isMe = (person: { id: string }) => person.id === user?.uid || (!!user?.email && person.id.toLowerCase() === user.email.toLowerCase());
  const personName = (person: { id: string; label: string }) => (isMe(person) ? `${person.label} (${t(`${P}you`)})` : person.label);
  const verdictText = { checking: `${P}checking`, failed: `${P}failed`, may: `${P}youMay`, mayNot: `${P}youMayNot` }[verdict];
  return (
    <div className="run-approvers" data-testid="run-approvers">
      <p id={verdictId} className={`run-approval-verdict run-approval-verdict--${verdict}`} data-testid="run-approval-verdict" role={verdict === 'failed' ? 'alert' : 'status'}>
        {t(verdictText)}
      </p>
      {verdict === 'failed' && (
        <button type="button" className="button" data-testid="run-approval-retry" onClick={state.retry}>
          {t(`${P}retry`)}
        </button>
      )}
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
