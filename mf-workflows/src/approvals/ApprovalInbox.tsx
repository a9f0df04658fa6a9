// The approval inbox (/workflows/approvals): every approval waiting for the
// signed-in user's decision, across the workflows they can see, newest first,
// each a card they decide on the spot (ApprovalCard). The list stays live
// (useApprovals); a decision recorded drops its card and says so in a toast;
// a card that is no longer the user's to decide (decided by someone else,
// the run ended, the role was taken away) leaves the list with the reason.
import { useEffect } from 'react';
import { ApiError, Link, NeedsConnectionNote, useI18n, useOnline, useRemoteCatalogs, useSearchParams, useToast } from '@agentflow/shared';
import { APPROVAL_ERROR_CODES, type ApprovalDecision, type ApprovalItem } from '@agentflow/shared/approvals';
import type { RunsClient } from '../api/runs';
import { PageLoading } from '../components/PageLoading';
import type { ApprovalsClient } from './api';
import { ApprovalCard } from './ApprovalCard';
import { APPROVALS_CATALOGS } from './i18n';
import { useApprovals } from './useApprovals';
import './approvals.css';

const A = 'approvals.inbox.';

/** Why a decision did not go, in the reader's words (by the service's code). */
function failureText(t: (key: string, options?: Record<string, unknown>) => string, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === APPROVAL_ERROR_CODES.notWaiting || error.status === 409) return t('approvals.toasts.notWaiting');
    if (error.code === APPROVAL_ERROR_CODES.notApprover || error.status === 403) return t('approvals.toasts.notApprover');
    if (error.status === 404) return t('approvals.toasts.gone');
    if (error.status === 0) return t('approvals.toasts.offline');
  }
  return t('approvals.toasts.tryAgain');
}

export interface ApprovalInboxProps {
  client: ApprovalsClient;
  runs: RunsClient;
  /** How often the list is fetched again while shown (tests shorten it). */
  refreshMs?: number;
}

export function ApprovalInbox({ client, runs, refreshMs }: ApprovalInboxProps) {
  useRemoteCatalogs(APPROVALS_CATALOGS);
  const { t } = useI18n();
  const { toast } = useToast();
  const online = useOnline();
  const approvals = useApprovals(client, null, refreshMs);
  const items = approvals.data ?? [];
  // A notification opens the inbox on its approval (?run=&node=): that card is marked and scrolled to.
  const [params] = useSearchParams();
  const target = { runId: params.get('run'), nodeId: params.get('node') };

  useEffect(() => {
    document.title = `${t('common.appName')} · ${t(`${A}title`)}`;
  }, [t]);

  const decided = (item: ApprovalItem, decision: ApprovalDecision) => {
    approvals.drop(item);
    toast({ title: t(decision === 'approve' ? 'approvals.toasts.approved' : 'approvals.toasts.rejected', { name: item.workflowName }), variant: 'success' });
  };
  const failed = (item: ApprovalItem, error: unknown, stale: boolean) => {
    if (stale) approvals.drop(item);
    toast({ title: t('approvals.toasts.failed'), description: failureText(t, error), variant: 'destructive' });
  };

  return (
    <section className="approvals-page" data-testid="approvals-page" aria-labelledby="approvals-title">
      <header className="approvals-head">
        <h1 id="approvals-title">{t(`${A}title`)}</h1>
        <p className="muted">{t(`${A}subtitle`)}</p>
        {items.length > 0 && (
          <p className="approvals-count" role="status" data-testid="approvals-count">
            {t(`${A}waiting`, { count: items.length })}
          </p>
        )}
      </header>
      {online ? null : <NeedsConnectionNote testId="approvals-offline" />}
      {approvals.isPending ? (
        <PageLoading label={t(`${A}loading`)} />
      ) : approvals.isError && items.length === 0 ? (
        <div className="form-alert" role="alert">
          <p>{t(`${A}failed`)}</p>
          <button type="button" className="button" onClick={() => void approvals.refetch()}>
            {t(`${A}retry`)}
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="approvals-empty" data-testid="approvals-empty">
          <p className="approvals-empty-title">{t(`${A}empty`)}</p>
          <p className="muted">{t(`${A}emptyHint`)}</p>
          <Link to="/workflows">{t(`${A}toWorkflows`)}</Link>
        </div>
      ) : (
        <ul className="approvals-list" aria-labelledby="approvals-title">
          {items.map((item) => (
            <li key={`${item.runId}/${item.nodeId}`}>
              <ApprovalCard item={item} client={client} runs={runs} onDecided={decided} onFailed={failed} offline={!online} target={item.runId === target.runId && (target.nodeId === null || item.nodeId === target.nodeId)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
