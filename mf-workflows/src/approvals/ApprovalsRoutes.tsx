// The approval pages' routes, one lazily loaded chunk (WorkflowsApp): the
// inbox (/workflows/approvals, signed in) and the one-click landing page
// (/workflows/approvals/decide, open signed out: the link's GET says what it
// decides, and the service says when a sign-in is needed).
import { RequireAuth, useRemoteCatalogs } from '@agentflow/shared';
import { useRunsClient } from '../runs/RunsClientContext';
import { ApprovalInbox } from './ApprovalInbox';
import { ApprovalLinkPage } from './ApprovalLinkPage';
import { useApprovalsClient } from './ApprovalsClientContext';
import { APPROVALS_CATALOGS } from './i18n';

function InboxLoader() {
  const client = useApprovalsClient();
  const runs = useRunsClient();
  return <ApprovalInbox client={client} runs={runs} />;
}

export function ApprovalInboxRoute() {
  return (
    <RequireAuth>
      <InboxLoader />
    </RequireAuth>
  );
}

export function ApprovalLinkRoute() {
  useRemoteCatalogs(APPROVALS_CATALOGS);
  const client = useApprovalsClient();
  return <ApprovalLinkPage client={client} />;
}
