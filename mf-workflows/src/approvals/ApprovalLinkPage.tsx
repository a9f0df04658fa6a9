// The one-click landing page (/workflows/approvals/decide?token=…), where an
// e-mail, Slack or Teams notification's Approve / Reject link leads. It
// shows what the link decides (GET, readable signed out), asks the approver
// to sign in when the workspace demands it, confirms with one button (POST:
// a link never decides on opening, so a mail scanner that follows links
// decides nothing), and says in words when it is done, expired, used or not
// a link at all.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, Link, signInPathFor, useAuth, useI18n, useLocation, useSearchParams } from '@agentflow/shared';
import { APPROVAL_ERROR_CODES, APPROVAL_INBOX_PATH, type ApprovalDecision, type ApprovalLinkView } from '@agentflow/shared/approvals';
import { PageLoading } from '../components/PageLoading';
import type { ApprovalsClient } from './api';
import { ShownData } from './ShownData';
import './approvals.css';

const L = 'approvals.link.';

/** Why a link cannot decide, as the page words it. */
export type LinkProblem = 'invalid' | 'expired' | 'used' | 'signIn' | 'wrongUser' | 'notApprover' | 'failed';

/** Problems said beside the request (the reader can still act: sign in, or as someone else); the rest replace it. */
const SHOWN_WITH_REQUEST: ReadonlySet<LinkProblem> = new Set(['signIn', 'wrongUser', 'notApprover']);

export function linkProblemOf(error: unknown): LinkProblem {
  if (!(error instanceof ApiError)) return 'failed';
  switch (error.code) {
    case APPROVAL_ERROR_CODES.linkInvalid:
      return 'invalid';
    case APPROVAL_ERROR_CODES.linkExpired:
      return 'expired';
    case APPROVAL_ERROR_CODES.linkUsed:
    case APPROVAL_ERROR_CODES.notWaiting:
      return 'used';
    case APPROVAL_ERROR_CODES.linkSignInRequired:
      return 'signIn';
    case APPROVAL_ERROR_CODES.linkWrongUser:
      return 'wrongUser';
    case APPROVAL_ERROR_CODES.notApprover:
      return 'notApprover';
    default:
      if (error.status === 404 || error.status === 400) return 'invalid';
      if (error.status === 401) return 'signIn';
      if (error.status === 410) return 'expired';
      return 'failed';
  }
}

export function ApprovalLinkPage({ client }: { client: ApprovalsClient }) {
  const { t, language } = useI18n();
  const { user, loading: authLoading } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [sending, setSending] = useState<ApprovalDecision | null>(null);
  const [done, setDone] = useState<ApprovalDecision | null>(null);
  const [problem, setProblem] = useState<LinkProblem | null>(null);
  const view = useQuery({
    queryKey: ['approvals', 'link', token, user?.uid ?? null],
    queryFn: () => client.linkView(token),
    enabled: token !== '' && !authLoading,
    retry: false,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    document.title = `${t('common.appName')} · ${t(`${L}title`)}`;
  }, [t]);

  const signIn = signInPathFor(`${location.pathname}${location.search}`);

  const decide = async (decision: ApprovalDecision) => {
    setSending(decision);
    setProblem(null);
    try {
      await client.decideLink(token, { decision });
      setDone(decision);
    } catch (error) {
      setProblem(linkProblemOf(error));
    } finally {
      setSending(null);
    }
  };

  let body;
  const shownProblem: LinkProblem | null = !token ? 'invalid' : view.isError ? linkProblemOf(view.error) : problem;
  if (done) {
    body = (
      <div className="approval-link-result" role="status" data-testid="approval-link-done">
        <p className="approval-link-outcome">{t(done === 'approve' ? `${L}doneApprove` : `${L}doneReject`)}</p>
        {user && <Link to={APPROVAL_INBOX_PATH}>{t(`${L}openInbox`)}</Link>}
      </div>
    );
  } else if (token && (authLoading || view.isPending)) {
    body = <PageLoading label={t(`${L}loading`)} />;
  } else if (shownProblem && (!view.data || !SHOWN_WITH_REQUEST.has(shownProblem))) {
    body = <Problem problem={shownProblem} signIn={signIn} onRetry={() => void view.refetch()} />;
  } else if (view.data) {
    body = <Decide view={view.data} language={language} signedIn={user !== null} signIn={signIn} sending={sending} problem={shownProblem} onDecide={decide} />;
  } else {
    body = <Problem problem="failed" signIn={signIn} onRetry={() => void view.refetch()} />;
  }

  return (
    <section className="approval-link-page" data-testid="approval-link-page" aria-labelledby="approval-link-title">
      <h1 id="approval-link-title">{t(`${L}title`)}</h1>
      {body}
    </section>
  );
}

function Problem({ problem, signIn, onRetry }: { problem: LinkProblem; signIn: string; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div className="approval-link-result" role="alert" data-testid={`approval-link-${problem}`}>
      <p className="approval-link-outcome">{t(`${L}problems.${problem}`)}</p>
      {problem === 'failed' ? (
        <button type="button" className="button" onClick={onRetry}>
          {t(`${L}retry`)}
        </button>
      ) : problem === 'signIn' ? (
        <Link className="button button-primary" to={signIn}>
          {t(`${L}signIn`)}
        </Link>
      ) : (
        <Link to={APPROVAL_INBOX_PATH}>{t(`${L}openInbox`)}</Link>
      )}
    </div>
  );
}

interface DecideProps {
  view: ApprovalLinkView;
  language: string;
  signedIn: boolean;
  signIn: string;
  sending: ApprovalDecision | null;
  problem: LinkProblem | null;
  onDecide: (decision: ApprovalDecision) => void;
}

function Decide({ view, language, signedIn, signIn, sending, problem, onDecide }: DecideProps) {
  const { t } = useI18n();
  const expires = new Date(view.expiresAt);
  const needsSignIn = (view.requiresSignIn && !signedIn) || problem === 'signIn';
  const decisions: ApprovalDecision[] = view.decision ? [view.decision] : ['approve', 'reject'];
  return (
    <div className="approval-link-card" data-testid="approval-link-view">
      <p className="approval-link-what">
        <strong>{view.workflowName}</strong>
      </p>
      <p className="approval-card-message">{view.message}</p>
      <ShownData data={view.shown} />
      <p className="approval-link-decides" data-testid="approval-link-decides">
        {t(view.decision === 'approve' ? `${L}decidesApprove` : view.decision === 'reject' ? `${L}decidesReject` : `${L}decidesEither`)}
      </p>
      {Number.isNaN(expires.getTime()) ? null : (
        <p className="muted">
          {t(`${L}expires`, { time: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(expires) })}
        </p>
      )}
      {problem === 'wrongUser' || problem === 'notApprover' ? (
        <p className="form-alert" role="alert" data-testid={`approval-link-${problem}`}>
          {t(`${L}problems.${problem}`, { email: view.recipientEmail ?? '' })}
        </p>
      ) : null}
      {needsSignIn ? (
        <div className="approval-link-signin" data-testid="approval-link-signin">
          <p>{view.recipientEmail ? t(`${L}signInAs`, { email: view.recipientEmail }) : t(`${L}signInNeeded`)}</p>
          <Link className="button button-primary" to={signIn}>
            {t(`${L}signIn`)}
          </Link>
        </div>
      ) : (
        <div className="run-actions">
          {decisions.map((decision) => (
            <button
              key={decision}
              type="button"
              className={decision === 'approve' ? 'button button-primary' : 'button button-danger'}
              disabled={sending !== null}
              onClick={() => onDecide(decision)}
            >
              {sending === decision ? t(`${L}sending`) : t(decision === 'approve' ? `${L}confirmApprove` : `${L}confirmReject`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
