// The history panel: the workflow's version snapshots (named ones by their
// name), who saved each and when, which one is what the builder shows now,
// and Restore — after a confirmation, with Undo offered right after (not while
// a save is running, nor in a template).
import { lazy, Suspense, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useAuth, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';
import type { WorkflowDocs, WorkflowVersion } from '../api/workflowDocs';
import { VERSIONS_CATALOGS } from './versions/i18n';
import { snapshotKey } from './versions/snapshotPolicy';
import type { VersionActions } from './versions/useVersionActions';
import './versions/versions.css';

const P = 'workflows.builder.';
const V = 'workflows.versions.';

// Only a restore needs it (and Radix Dialog with it).
const ConfirmDialog = lazy(() => import('@agentflow/shared/dialog').then((m) => ({ default: m.ConfirmDialog })));

export function HistoryPanel({ docs, workflow, versions: actions, readOnly }: { docs: WorkflowDocs; workflow: Workflow; versions: VersionActions; readOnly: boolean }) {
  useRemoteCatalogs(VERSIONS_CATALOGS);
  const { t, language } = useI18n();
  const { user } = useAuth();
  const [versions, setVersions] = useState<WorkflowVersion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The version the confirmation asks about. */
  const [confirming, setConfirming] = useState<WorkflowVersion | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [undone, setUndone] = useState(false);
  // An effect event: worded in the language of the moment the read fails, and a new language does not read again.
  const listFailed = useEffectEvent(() => setError(t(`${P}history.failed`)));

  useEffect(() => {
    let live = true;
    docs.listVersions(workflow.id).then(
      (list) => {
        if (live) {
          setVersions(list);
          setError(null);
        }
      },
      () => live && listFailed(),
    );
    return () => {
      live = false;
    };
  }, [docs, workflow.id, actions.tick]);

  // The newest snapshot with what the builder shows now is "current" (nothing to restore there).
  const currentKey = useMemo(() => snapshotKey(workflow), [workflow]);
  const currentVersion = useMemo(() => versions?.find((v) => snapshotKey(v) === currentKey)?.version ?? null, [versions, currentKey]);

  const restore = async (version: number) => {
    setConfirmError(null);
    setUndone(false);
    if (await actions.restore(version)) setConfirming(null);
    else setConfirmError(t(`${P}history.restoreFailed`));
  };

  const undo = async () => {
    setError(null);
    if (await actions.undoRestore()) setUndone(true);
    else setError(t(`${V}undoFailed`));
  };

  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(language) : t(`${P}history.pending`));
  const who = (v: WorkflowVersion) => (v.savedBy === user?.uid ? t(`${P}history.you`) : v.savedByName || t(`${P}history.someone`));
  return (
    <section className="builder-panel" data-testid="history-panel" aria-label={t(`${P}history.title`)}>
      <h2>{t(`${P}history.title`)}</h2>
      {actions.restored ? (
        <div className="builder-restored" role="status" data-testid="restored-banner">
          <span>{t(`${V}restored`, { version: actions.restored.version })}</span>
          <button type="button" className="button button-secondary" onClick={() => void undo()} disabled={actions.busy}>
            {t(actions.busy ? `${V}undoing` : `${V}undo`)}
          </button>
          <button type="button" className="button button-ghost" onClick={actions.dismissRestored}>
            {t(`${V}dismiss`)}
          </button>
        </div>
      ) : undone ? (
        <p role="status">{t(`${V}undone`)}</p>
      ) : null}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {versions && versions.length === 0 && <p>{t(`${P}history.empty`)}</p>}
      <ul className="builder-versions">
        {versions?.map((v) => (
          <li key={v.version} data-testid="version-row" data-version={v.version}>
            <span>
              <strong>{v.label ?? t(`${P}history.version`, { version: v.version })}</strong>
              {v.label ? ` · ${t(`${P}history.version`, { version: v.version })}` : ''}
              {v.version === currentVersion ? <span className="builder-version-current"> · {t(`${V}current`)}</span> : null}
              <br />
              <span className="muted">
                {when(v.savedAt)} · {t(`${P}history.savedBy`, { who: who(v) })}
              </span>
            </span>
            <button
              type="button"
              disabled={readOnly || actions.busy || v.version === currentVersion}
              onClick={() => {
                setConfirmError(null);
                setConfirming(v);
              }}
            >
              {t(`${P}history.restore`)}
            </button>
          </li>
        ))}
      </ul>
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            testId="restore-dialog"
            title={t(`${V}restoreTitle`, { version: confirming.version })}
            description={
              <p>
                {confirming.label ? <strong>{confirming.label}</strong> : null}
                {confirming.label ? ' · ' : ''}
                {when(confirming.savedAt)} · {t(`${P}history.savedBy`, { who: who(confirming) })}
                <br />
                {t(`${V}restoreBody`, { version: confirming.version })}
              </p>
            }
            confirmLabel={t(actions.busy ? `${V}restoring` : `${V}restoreConfirm`, { version: confirming.version })}
            cancelLabel={t(`${V}cancel`)}
            busy={actions.busy}
            error={confirmError}
            onConfirm={() => void restore(confirming.version)}
            onCancel={() => setConfirming(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
