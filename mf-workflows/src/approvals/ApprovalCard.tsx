// One approval waiting in the inbox: which workflow, what is being approved
// (the step's message), the data the step shows, who is waiting and since
// when, who may decide, and the decision itself: a comment, one optional
// file (uploaded through the files API first, then sent as the decision's
// fileId) and Approve / Reject on the run's decide route. The card is busy
// on its own while its decision goes; the others stay usable.
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, Link, fileErrorMessage, useI18n } from '@agentflow/shared';
import { APPROVAL_LIMITS, type ApprovalDecision, type ApprovalItem } from '@agentflow/shared/approvals';
import { formatBytes } from '@agentflow/shared/files';
import type { RunsClient } from '../api/runs';
import { checkFile } from '../runs/files/fileChecks';
import { isFileRefusal } from '../runs/files/fileRefusals';
import { useFileTexts } from '../runs/files/fileTexts';
import { usePlanFileLimit } from '../runs/files/usePlanFileLimit';
import { useStagedUploads } from '../runs/files/useStagedUploads';
import type { ApprovalsClient } from './api';
import { roleName } from './approverLabels';
import { ShownData } from './ShownData';

const I = 'approvals.item.';

/** Where the inbox links a run (the run view of mf-workflows). */
export const runViewPath = (item: Pick<ApprovalItem, 'workflowId' | 'runId'>) => `/workflows/${encodeURIComponent(item.workflowId)}/runs/${encodeURIComponent(item.runId)}`;

export interface ApprovalCardProps {
  item: ApprovalItem;
  client: ApprovalsClient;
  runs: RunsClient;
  /** The decision was recorded: the inbox drops the item and says so. */
  onDecided: (item: ApprovalItem, decision: ApprovalDecision) => void;
  /** The decision failed; `stale` when the item is no longer the caller's to decide (the inbox drops it). */
  onFailed: (item: ApprovalItem, error: unknown, stale: boolean) => void;
  /** Offline: the buttons stay disabled (with the reason shown by the page). */
  offline?: boolean;
  /** The card a notification opened the inbox on: marked, and scrolled into view. */
  target?: boolean;
}

export function ApprovalCard({ item, client, runs, onDecided, onFailed, offline = false, target = false }: ApprovalCardProps) {
  const { t, language } = useI18n();
  const texts = useFileTexts();
  const id = useId();
  const [comment, setComment] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState<ApprovalDecision | null>(null);
  const maxBytes = usePlanFileLimit();
  const uploads = useStagedUploads(runs.files);
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (target) card.current?.scrollIntoView?.({ block: 'start' });
  }, [target]);
  const requested = new Date(item.requestedAt);
  const since = Number.isNaN(requested.getTime()) ? null : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(requested);

  const pick = (picked: File | undefined) => {
    setFileError(null);
    if (!picked) return;
    const problem = checkFile(picked, { accept: [], maxBytes });
    if (problem) {
      setFileError(`${picked.name}: ${texts.problem(problem, [])}`);
      return;
    }
    if (file) uploads.forget(file);
    setFile(picked);
  };

  const decide = async (decision: ApprovalDecision) => {
    setBusy(decision);
    setFileError(null);
    try {
      const refs = file ? await uploads.upload([{ field: 'attachment', file }]) : {};
      const fileId = refs.attachment?.fileId;
      const text = comment.trim();
      await client.decide(item.runId, { decision, nodeId: item.nodeId, ...(text ? { comment: text } : {}), ...(fileId ? { fileId } : {}) });
      uploads.taken();
      onDecided(item, decision);
    } catch (error) {
      if (isFileRefusal(error)) {
        if (file) uploads.forget(file, false);
        setFileError(`${file ? `${file.name}: ` : ''}${fileErrorMessage(t, error, language)}`);
      } else {
        const stale = error instanceof ApiError && (error.status === 409 || error.status === 403 || error.status === 404);
        onFailed(item, error, stale);
      }
    } finally {
      setBusy(null);
    }
  };

  const disabled = busy !== null || offline;
  const people = item.approvers.filter((approver) => approver.kind !== 'role').map((approver) => approver.label || approver.id);
  const roles = item.approvers.filter((approver) => approver.kind === 'role').map((approver) => roleName(t, approver.id, approver.label));

  return (
    <article ref={card} className={target ? 'approval-card approval-card--target' : 'approval-card'} data-testid="approval-item" data-target={target || undefined} aria-labelledby={`${id}-title`} aria-busy={busy !== null}>
      <header className="approval-card-head">
        <h2 id={`${id}-title`} className="approval-card-title">
          {item.workflowName}
        </h2>
        <Link className="approval-card-run" to={runViewPath(item)} aria-describedby={`${id}-title`}>
          {t(`${I}openRun`)}
        </Link>
      </header>
      <p className="approval-card-message" data-testid="approval-message">
        {item.message || t(`${I}noMessage`)}
      </p>
      <p className="approval-card-meta">
        <span>{t(`${I}requestedBy`, { name: item.requestedBy.displayName || t(`${I}someone`) })}</span>
        {since && (
          <>
            {' · '}
            <time dateTime={item.requestedAt}>{t(`${I}waitingSince`, { time: since })}</time>
          </>
        )}
      </p>
      <section className="approval-card-shown" aria-label={t(`${I}shown`)}>
        <h3>{t(`${I}shown`)}</h3>
        <ShownData data={item.shown} />
      </section>
      <p className="approval-card-approvers" data-testid="approval-approvers">
        {t(`${I}approvers`)} {[...roles, ...people].join(', ') || t(`${I}adminsOnly`)}
      </p>
      <div className="approval-card-form">
        <label htmlFor={`${id}-comment`}>{t(`${I}comment`)}</label>
        <textarea id={`${id}-comment`} rows={2} maxLength={APPROVAL_LIMITS.maxCommentLength} value={comment} disabled={busy !== null} onChange={(event) => setComment(event.target.value)} />
        <div className="decision-files">
          <input
            id={`${id}-file`}
            type="file"
            className="visually-hidden file-picker-input"
            disabled={disabled}
            aria-describedby={`${id}-file-hint${fileError ? ` ${id}-file-error` : ''}`}
            onChange={(event) => {
              pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <label htmlFor={`${id}-file`} className="button file-picker-button">
            {t(file ? `${I}replaceFile` : `${I}attach`)}
          </label>
          {file && (
            <span className="file-chip" data-testid="approval-file">
              <span className="file-name" title={file.name}>
                {file.name}
              </span>
              <span className="file-size">{formatBytes(file.size, language)}</span>
              <button
                type="button"
                className="file-remove"
                aria-label={t(`${I}removeFile`, { name: file.name })}
                disabled={busy !== null}
                onClick={() => {
                  uploads.forget(file);
                  setFile(null);
                }}
              >
                ×
              </button>
            </span>
          )}
          <p className="field-hint" id={`${id}-file-hint`}>
            {t(`${I}attachHint`, { size: formatBytes(maxBytes, language) })}
          </p>
          {fileError && (
            <p className="field-error" id={`${id}-file-error`} role="alert" data-testid="approval-file-error">
              {fileError}
            </p>
          )}
        </div>
        <div className="run-actions">
          <button type="button" className="button button-primary" disabled={disabled} onClick={() => void decide('approve')}>
            {busy === 'approve' ? t(`${I}sending`) : t(`${I}approve`)}
          </button>
          <button type="button" className="button button-danger" disabled={disabled} onClick={() => void decide('reject')}>
            {busy === 'reject' ? t(`${I}sending`) : t(`${I}reject`)}
          </button>
        </div>
      </div>
    </article>
  );
}
