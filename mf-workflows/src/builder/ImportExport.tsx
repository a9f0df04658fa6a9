// Import / export: the workflow as JSON (downloaded and shown), and a pasted
// JSON graph replacing the current one, with the problems it brings.
import { useId, useState } from 'react';
import { useI18n } from '@agentflow/shared';
import { NODE_TYPES, validateWorkflow, type Workflow, type WorkflowEdge, type WorkflowNode, type WorkflowProblem } from '@agentflow/shared/workflow';
import type { BuilderAction } from './builderState';

const P = 'workflows.builder.';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The nodes and edges of a JSON value shaped like a workflow, or null. */
export function workflowGraphOf(value: unknown): { nodes: WorkflowNode[]; edges: WorkflowEdge[]; name?: string; description?: string } | null {
  if (!isRecord(value) || !Array.isArray(value.nodes) || !Array.isArray(value.edges)) return null;
  const nodesOk = value.nodes.every(
    (n) =>
      isRecord(n) &&
      typeof n.id === 'string' &&
      typeof n.name === 'string' &&
      (NODE_TYPES as readonly unknown[]).includes(n.type) &&
      isRecord(n.position) &&
      typeof n.position.x === 'number' &&
      typeof n.position.y === 'number' &&
      isRecord(n.params),
  );
  const edgesOk = value.edges.every(
    (e) => isRecord(e) && typeof e.id === 'string' && typeof e.source === 'string' && typeof e.target === 'string' && (e.sourceHandle === undefined || typeof e.sourceHandle === 'string'),
  );
  if (!nodesOk || !edgesOk) return null;
  return {
    nodes: value.nodes as WorkflowNode[],
    edges: value.edges as WorkflowEdge[],
    ...(typeof value.name === 'string' && value.name.trim() !== '' ? { name: value.name } : {}),
    ...(typeof value.description === 'string' ? { description: value.description } : {}),
  };
}

export function ImportExport({ workflow, dispatch, readOnly }: { workflow: Workflow; dispatch: (a: BuilderAction) => void; readOnly: boolean }) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const [report, setReport] = useState<{ error?: string; problems?: WorkflowProblem[] } | null>(null);

  const exportJson = () => {
    const { id: _id, ...rest } = workflow;
    const json = JSON.stringify({ id: workflow.id, ...rest }, null, 2);
    setText(json);
    setReport(null);
    if (typeof URL.createObjectURL === 'function') {
      const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${(workflow.name || 'workflow').replace(/[^A-Za-z0-9_-]+/g, '-')}.json`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    }
  };

  const importJson = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      setReport({ error: t(`${P}io.invalidJson`, { message: (error as Error).message }) });
      return;
    }
    const graph = workflowGraphOf(parsed);
    if (!graph) {
      setReport({ error: t(`${P}io.notWorkflow`) });
      return;
    }
    const { nodes, edges, ...settings } = graph;
    dispatch({ type: 'replaceGraph', nodes, edges, settings });
    setReport({ problems: validateWorkflow({ ...workflow, ...settings, nodes, edges }) });
  };

  return (
    <section className="builder-panel" data-testid="import-export" aria-label={t(`${P}io.title`)}>
      <h2>{t(`${P}io.title`)}</h2>
      <div className="builder-io-actions">
        <button type="button" data-testid="export-json" onClick={exportJson}>
          {t(`${P}actions.exportJson`)}
        </button>
        <button type="button" data-testid="import-json" onClick={importJson} disabled={readOnly || text.trim() === ''}>
          {t(`${P}actions.importJson`)}
        </button>
      </div>
      <label htmlFor={`${id}-json`}>{t(`${P}io.label`)}</label>
      <textarea id={`${id}-json`} className="json-field" rows={8} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />
      {report?.error && (
        <p className="field-error" role="alert" data-testid="import-report">
          {report.error}
        </p>
      )}
      {report?.problems && (
        <div role="status" data-testid="import-report">
          {report.problems.length === 0 ? (
            <p>{t(`${P}io.importedClean`)}</p>
          ) : (
            <>
              <p>{t(`${P}io.imported`)}</p>
              <ul>
                {report.problems.map((p, i) => (
                  <li key={i}>
                    {p.nodeId ? `${p.nodeId}: ` : ''}
                    {p.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
