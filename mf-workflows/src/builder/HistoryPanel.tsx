// The history panel: the saved versions of the workflow, each one
// restorable (not while a save is running, nor in a template).
import { useEffect, useEffectEvent, useState } from 'react';
import { useAuth, useI18n } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';
import type { WorkflowDocs, WorkflowVersion } from '../api/workflowDocs';

const P = 'workflows.builder.';

export function HistoryPanel({
  docs,
  workflow,
  tick,
  busy,
  onRestored,
  readOnly,
}: {
  docs: WorkflowDocs;
  workflow: Workflow;
  tick: number;
  busy: { current: boolean };
  onRestored: (w: Workflow) => void;
  readOnly: boolean;
}) {
  const { t, language } = useI18n();
  const { user } = useAuth();
  const [versions, setVersions] = useState<WorkflowVersion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
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
  }, [docs, workflow.id, tick]);

  const restore = async (version: number) => {
    if (busy.current) return;
    setRestoring(version);
    try {
      onRestored(await docs.restore(workflow.id, version, workflow));
      setError(null);
    } catch {
      setError(t(`${P}history.restoreFailed`));
    } finally {
      setRestoring(null);
    }
  };

  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(language) : t(`${P}history.pending`));
  return (
    <section className="builder-panel" data-testid="history-panel" aria-label={t(`${P}history.title`)}>
      <h2>{t(`${P}history.title`)}</h2>
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
              <strong>{t(`${P}history.version`, { version: v.version })}</strong> · {when(v.savedAt)} ·{' '}
              {t(`${P}history.savedBy`, { who: v.savedBy === user?.uid ? t(`${P}history.you`) : v.savedByName || t(`${P}history.someone`) })}
            </span>
            <button type="button" disabled={readOnly || restoring !== null || v.version === workflow.version} onClick={() => void restore(v.version)}>
              {t(`${P}history.restore`)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
