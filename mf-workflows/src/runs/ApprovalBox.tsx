// The waiting approval's panel in the run view: the step's message, who may
// decide and whether the signed-in user may (platform-api's verdict, one for
// the whole panel: it never says both), a comment, and files the approver attaches to the decision (a
// signed form, a photo: at most DECISION_ATTACHMENT_LIMIT, each within the
// plan's file size). Someone who may not decide sees the form disabled with
// the reason. Approve or Reject uploads the files first, then sends the
// decision with their FileRefs as `attachments`; a refused file is explained
// under the picker in the user's words, and the decision is not sent.
import { useId, useState } from 'react';
import { Link, fileErrorMessage, isStorageFull, refusedField, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { formatBytes } from '@agentflow/shared/files';
import type { RunStep, WorkflowRun } from '@agentflow/shared/workflow';
import { DECISION_ATTACHMENT_LIMIT } from '../api/files';
import { PLANS_PAGE } from '../api/refusals';
import type { DecisionRequest, RunsClient } from '../api/runs';
import { APPROVALS_CATALOGS } from '../approvals/i18n';
import { ApproversInfo, useRunApproval } from './ApproversInfo';
import { checkFile } from './files/fileChecks';
import { isFileRefusal, uploadUseless } from './files/fileRefusals';
import { FT, useFileTexts } from './files/fileTexts';
import { usePlanFileLimit } from './files/usePlanFileLimit';
import { useStagedUploads } from './files/useStagedUploads';
import './files/files.css';

const V = 'workflows.runs.view.';

/** Runs a decision; `onError` may take a failure over (true: handled, no toast). */
export type RunAction = (action: () => Promise<unknown>, done: string, onError?: (error: unknown) => boolean) => Promise<void>;

export function ApprovalBox({ run, step, client, busy: acting, act }: { run: WorkflowRun; step: RunStep; client: RunsClient; busy: boolean; act: RunAction }) {
  useRemoteCatalogs(APPROVALS_CATALOGS);
  const { t, language } = useI18n();
  const texts = useFileTexts();
  const id = useId();
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<{ message: string; plans: boolean } | null>(null);
  const maxBytes = usePlanFileLimit();
  const uploads = useStagedUploads(client.files);
  // Only an approval step names approvers (and is asked about); another waiting step keeps the plain buttons.
  const approval = useRunApproval(client, run, step.nodeId, step.type === 'approval');
  const verdict = step.type === 'approval' ? approval.verdict : 'may';
  const verdictId = `${id}-verdict`;
  const busy = acting || verdict !== 'may';
  const reason = verdict === 'may' ? undefined : verdictId;
  const message = (step.input && typeof step.input === 'object' && typeof (step.input as { message?: unknown }).message === 'string' ? (step.input as { message: string }).message : null) ??
    (run.snapshot?.nodes.find((n) => n.id === step.nodeId)?.params as { message?: string } | undefined)?.message;

  const add = (picked: File[]) => {
    setFileError(null);
    const room = DECISION_ATTACHMENT_LIMIT - files.length;
    const tooBig = picked.find((file) => checkFile(file, { accept: [], maxBytes }) !== null);
    if (tooBig) {
      setFileError({ message: `${tooBig.name}: ${texts.problem({ code: 'tooLarge', maxBytes }, [])}`, plans: false });
      return;
    }
    if (picked.length > room) setFileError({ message: t('errors.files.too_many_files', { max: DECISION_ATTACHMENT_LIMIT }), plans: false });
    setFiles((current) => [...current, ...picked.slice(0, Math.max(0, room))]);
  };

  const remove = (file: File) => {
    uploads.forget(file);
    setFiles((current) => current.filter((f) => f !== file));
    setFileError(null);
  };

  const decide = (approved: boolean) => {
    const parts = files.map((file, index) => ({ field: `attachments.${index}`, file }));
    const onError = (error: unknown) => {
      if (!isFileRefusal(error)) return false;
      // The service names the refused file (attachments.<n>): say which, and upload it again next time.
      const index = Number(/^attachments\.(\d+)$/.exec(refusedField(error) ?? '')?.[1] ?? -1);
      const file = files[index];
      if (file && !isStorageFull(error)) uploads.forget(file, uploadUseless(error));
      setFileError({ message: `${file ? `${file.name}: ` : ''}${fileErrorMessage(t, error, language)}`, plans: isStorageFull(error) });
      return true;
    };
    return act(
      async () => {
        setFileError(null);
        const refs = parts.length > 0 ? await uploads.upload(parts) : {};
        const attachments = parts.map((part) => refs[part.field]!);
        const body: DecisionRequest = { stepId: step.id, ...(comment.trim() ? { comment: comment.trim() } : {}), ...(attachments.length > 0 ? { attachments } : {}) };
        await (approved ? client.approve(run.id, body) : client.reject(run.id, body));
        uploads.taken();
        setFiles([]);
      },
      approved ? 'approved' : 'rejected',
      onError,
    );
  };

  const full = files.length >= DECISION_ATTACHMENT_LIMIT;
  return (
    <section className={verdict === 'may' ? 'run-approval form-status' : 'run-approval form-status run-approval--readonly'} data-testid="run-approval" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('approvals.panel.title', { step: step.name })}</h2>
      {message && <p>{message}</p>}
      {step.type === 'approval' && <ApproversInfo run={run} nodeId={step.nodeId} state={approval} verdictId={verdictId} />}
      <label htmlFor={`${id}-comment`}>{t(`${V}comment`)}</label>
      <textarea id={`${id}-comment`} rows={2} maxLength={1000} value={comment} disabled={verdict !== 'may'} aria-describedby={reason} onChange={(event) => setComment(event.target.value)} />
      <div className="decision-files" data-testid="decision-files">
        <input
          id={`${id}-files`}
          type="file"
          multiple
          className="visually-hidden file-picker-input"
          disabled={busy || full}
          aria-describedby={`${id}-files-hint${fileError ? ` ${id}-files-error` : ''}`}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <label htmlFor={`${id}-files`} className="button file-picker-button">
          {t(`${FT}attach`)}
        </label>
        {files.length > 0 && (
          <ul className="file-chips" aria-label={t(`${FT}attachments`)}>
            {files.map((file, index) => (
              <li key={`${index}-${file.name}`} className="file-chip" data-testid="decision-file">
                <span className="file-name" title={file.name}>
                  {file.name}
                </span>
                <span className="file-size">{formatBytes(file.size, language)}</span>
                <button type="button" className="file-remove" aria-label={t(`${FT}removeLabel`, { name: file.name })} disabled={busy} onClick={() => remove(file)}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="field-hint" id={`${id}-files-hint`}>
          {t(`${FT}attachHint`, { count: DECISION_ATTACHMENT_LIMIT, size: formatBytes(maxBytes, language) })}
        </p>
        {fileError && (
          <p className="field-error" id={`${id}-files-error`} role="alert" data-testid="decision-file-error">
            {fileError.message}
            {fileError.plans && (
              <>
                {' '}
                <Link to={PLANS_PAGE}>{t(`${FT}seePlans`)}</Link>
              </>
            )}
          </p>
        )}
      </div>
      <div className="run-actions">
        <button type="button" className="button button-primary" data-testid="run-approve" disabled={busy} aria-describedby={reason} onClick={() => void decide(true)}>
          {t('workflows.runs.actions.approve')}
        </button>
        <button type="button" className="button button-danger" data-testid="run-reject" disabled={busy} aria-describedby={reason} onClick={() => void decide(false)}>
          {t('workflows.runs.actions.reject')}
        </button>
      </div>
    </section>
  );
}
