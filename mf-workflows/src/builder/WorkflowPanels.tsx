// The side panels about the whole workflow: its problems (each one selects
// its node) and its settings (name, description, category, industry, visibility).
import { Fragment, useId } from 'react';
import { useI18n } from '@agentflow/shared';
import type { Workflow, WorkflowProblem } from '@agentflow/shared/workflow';
import { FacetOptions, WORKFLOW_FACETS } from '../components/FacetOptions';
import type { BuilderAction } from './builderState';
import type { BuilderWarning } from './LiteralSecretWarning';

const P = 'workflows.builder.';

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
  const { t } = useI18n();
  const nameOf = (id: string) => workflow.nodes.find((n) => n.id === id)?.name ?? id;
  return (
    <section className="builder-panel" data-testid="problems-list" aria-label={t(`${P}problems.title`)}>
      <h2>
        {t(`${P}problems.title`)} ({problems.length})
      </h2>
      {problems.length === 0 ? (
        warnings.length === 0 && <p>{t(`${P}problems.none`)}</p>
      ) : (
        <ul className="builder-problems">
          {problems.map((p, i) => (
            <li key={i}>
              {p.nodeId ? (
                <button type="button" className="builder-problem" onClick={() => dispatch({ type: 'select', nodeId: p.nodeId! })}>
                  <strong>{nameOf(p.nodeId)}</strong>
                  {p.path ? ` (${p.path})` : ''}: {p.message}
                </button>
              ) : (
                <span className="builder-problem">{p.message}</span>
              )}
            </li>
          ))}
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
        <label htmlFor={`${id}-visibility`}>{t(`${P}settings.visibility`)}</label>
        <select id={`${id}-visibility`} value={workflow.visibility} onChange={(e) => set({ visibility: e.target.value as Workflow['visibility'] })}>
          <option value="private">{t(`${P}settings.private`)}</option>
          <option value="organization" disabled={!workflow.organizationId}>
            {t(`${P}settings.organization`)}
          </option>
          {workflow.visibility === 'template' && <option value="template">{t(`${P}settings.template`)}</option>}
        </select>
      </fieldset>
    </section>
  );
}
