// Import / export: the workflow as JSON (downloaded and shown), and a pasted
// JSON workflow imported as a NEW workflow that then opens (never over the
// open one). The file format and its decoder live in lifecycle/workflowFile,
// shared with the catalogue's "Import a file".
import { useId, useState } from 'react';
import { useAuth, useI18n, useNavigate, useRemoteCatalogs } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';
import type { BuilderAction } from './builderState';
import { useCatalogueSourceOrDefault } from '../components/CatalogueSourceContext';
import { LIFECYCLE_CATALOGS } from '../lifecycle/i18n';
import { fileProblemText } from '../lifecycle/fileProblemText';
import { downloadWorkflow, readWorkflowFile, workflowJson } from '../lifecycle/workflowFile';

export { workflowGraphOf } from '../lifecycle/workflowFile';

const P = 'workflows.builder.';

export interface ImportExportProps {
  workflow: Workflow;
  /** Kept for the builder's call site: importing no longer changes the open workflow. */
  dispatch?: (a: BuilderAction) => void;
  readOnly: boolean;
}

export function ImportExport({ workflow }: ImportExportProps) {
  useRemoteCatalogs(LIFECYCLE_CATALOGS);
  const { t } = useI18n();
  const { user } = useAuth();
  const source = useCatalogueSourceOrDefault();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const exportJson = () => {
    const json = workflowJson(workflow);
    setText(json);
    setError(null);
    downloadWorkflow(workflow, json);
  };

  const importJson = async () => {
    const result = readWorkflowFile(text, t('workflows.lifecycle.import.importedName'));
    if (!result.ok) {
      setError(fileProblemText(t, result));
      return;
    }
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      const created = await source.createWorkflow(result.workflow, { uid: user.uid, name: user.displayName || user.email || '' });
      // A sibling of this builder's route: /workflows/<new id>.
      void navigate(`../${encodeURIComponent(created)}`, { relative: 'path' });
    } catch {
      setError(t('workflows.lifecycle.import.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="builder-panel" data-testid="import-export" aria-label={t(`${P}io.title`)}>
      <h2>{t(`${P}io.title`)}</h2>
      <div className="builder-io-actions">
        <button type="button" data-testid="export-json" onClick={exportJson}>
          {t(`${P}actions.exportJson`)}
        </button>
        <button type="button" data-testid="import-json" onClick={() => void importJson()} disabled={busy || !user || text.trim() === ''} aria-busy={busy || undefined}>
          {t(`${P}actions.importJson`)}
        </button>
      </div>
      <label htmlFor={`${id}-json`}>{t(`${P}io.label`)}</label>
      <textarea id={`${id}-json`} className="json-field" rows={8} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />
      {error ? (
        <p className="field-error" role="alert" data-testid="import-report">
          {error}
        </p>
      ) : null}
    </section>
  );
}
