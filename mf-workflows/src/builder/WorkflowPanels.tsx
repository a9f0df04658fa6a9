// The side panels about the whole workflow: its problems, in the reader's
// language (each one selects its node and focuses the field it is about) and its settings (name, description, category, industry, its workspace,
// its error workflow, offered to MCP clients).
import { Fragment, Suspense, lazy, useId } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import type { Workflow, WorkflowProblem } from '@agentflow/shared/workflow';
import { FacetOptions, WORKFLOW_FACETS } from '../components/FacetOptions';
import type { BuilderAction } from './builderState';
import type { BuilderWarning } from './LiteralSecretWarning';
import { PROBLEMS_CATALOGS } from './problems/i18n';
import { problemText } from './problems/problemText';
import { problemFieldLabel } from './problems/problemField';
import { focusProblemField } from './problems/focusField';
import { WorkspaceLine } from '../sharing/WorkspaceLine';
import { McpSettings } from './mcp/McpSettings';

const P = 'workflows.builder.';
const R = 'workflows.problems.';
// The error workflow picker reads the user's workflows: loaded with the settings panel, not with the builder.
const ErrorWorkflowPicker = lazy(() => import(/* webpackChunkName: "node-settings" */ './settings/ErrorWorkflowPicker'));

export function ProblemsList({
  problems,
  warnings = [],
  workflow,
  dispatch,
}: {
  problems: WorkflowProblem[];
  /** Shown after the problems and not counted: the workflow still saves and runs. */
  warnings?: BuilderWarning[];
  workflow: Workflow;
  dispatch: (a: BuilderAction) => void;
}) {
  useRemoteCatalogs(PROBLEMS_CATALOGS);
  const { t } = useI18n();
  const nodeOf = (id: string) => workflow.nodes.find((n) => n.id === id);
  const nameOf = (id: string) => nodeOf(id)?.name ?? id;
  // Selects the node, then focuses the field the problem is about (the panel shows the node after this render).
  const goTo = (problem: WorkflowProblem) => {
    if (!problem.nodeId) return;
    dispatch({ type: 'select', nodeId: problem.nodeId });
    focusProblemField(problem, nodeOf(problem.nodeId)?.type, t);
  };
  return (
    <section className="builder-panel" data-testid="problems-list" aria-label={t(`${P}problems.title`)}>
      <h2>
        {t(`${P}problems.title`)} ({problems.length})
      </h2>
      {problems.length === 0 ? (
        warnings.length === 0 && <p>{t(`${P}problems.none`)}</p>
      ) : (
        <ul className="builder-problems">
          {problems.map((p, i) => {
            const node = p.nodeId ? nodeOf(p.nodeId) : undefined;
            const field = node && p.path ? problemFieldLabel(t, node.type, p) : null;
            const text = problemText(t, p);
            return (
              <li key={i} data-testid="problem" data-code={p.code} data-reason={p.reason}>
                {p.nodeId ? (
                  <button type="button" className="builder-problem" onClick={() => goTo(p)}>
                    <strong>{nameOf(p.nodeId)}</strong>
                    {field ? ` – ${field}` : ''}: {text}
                  </button>
                ) : (
                  <span className="builder-problem">
                    <strong>{t(p.edgeId ? `${R}list.connection` : `${R}list.workflow`)}</strong>: {text}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {warnings.length > 0 && (
        <ul className="builder-problems" data-testid="warnings-list">
          {warnings.map((w) => (
            <li key={`${w.nodeId}:${w.path}`}>
              <button type="button" className="builder-problem builder-problem--warning" onClick={() => dispatch({ type: 'select', nodeId: w.nodeId })}>
                <strong>{t(`${P}secrets.warningLabel`)}</strong> – <strong>{nameOf(w.nodeId)}</strong> ({w.path}): {w.message}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SettingsPanel({ workflow, dispatch, readOnly }: { workflow: Workflow; dispatch: (a: BuilderAction) => void; readOnly: boolean }) {
  const { t } = useI18n();
  const id = useId();
  const set = (settings: Partial<Workflow>) => dispatch({ type: 'updateSettings', settings });
  return (
    <section className="builder-panel" data-testid="settings-panel" aria-label={t(`${P}settings.title`)}>
      <h2>{t(`${P}settings.title`)}</h2>
      <fieldset disabled={readOnly} className="builder-form">
        <label htmlFor={`${id}-name`}>{t(`${P}settings.name`)}</label>
        <input id={`${id}-name`} value={workflow.name} maxLength={120} onChange={(e) => set({ name: e.target.value })} />
        <label htmlFor={`${id}-description`}>{t(`${P}settings.description`)}</label>
        <textarea id={`${id}-description`} rows={3} maxLength={2000} value={workflow.description} onChange={(e) => set({ description: e.target.value })} />
        {WORKFLOW_FACETS.map((facet) => (
          <Fragment key={facet}>
            <label htmlFor={`${id}-${facet}`}>{t(`${P}settings.${facet}`)}</label>
            <select id={`${id}-${facet}`} value={workflow[facet]} onChange={(e) => set({ [facet]: e.target.value } as Partial<Workflow>)}>
              <FacetOptions facet={facet} />
            </select>
          </Fragment>
        ))}
        {/* Which workspace it is in, and Share… (people, moving): platform-api's to change, not a saved field. */}
        {/* After a move the builder's copy follows, so its next save does not name the old workspace. */}
        <WorkspaceLine workflow={workflow} onMoved={(organizationId) => set({ organizationId, visibility: organizationId ? 'organization' : 'private' })} />
        {workflow.visibility !== 'template' && (
          <Suspense fallback={null}>
            <ErrorWorkflowPicker workflow={workflow} readOnly={readOnly} onChange={(errorWorkflowId) => set({ errorWorkflowId })} />
          </Suspense>
        )}
        {workflow.visibility !== 'template' && <McpSettings workflow={workflow} readOnly={readOnly} onChange={(mcp) => set({ mcp })} />}
      </fieldset>
    </section>
  );
}
