// The sub-workflow step's form: a picker of the workflows the user may run
// (theirs and their organizations', from the catalogue source the builder
// already uses; those with a manual trigger, not in the trash, not this one),
// then one mapped field per input field of the chosen workflow's manual
// trigger (a template each, with the field picker, as issue 19's forms).
import { useId, useMemo } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import type { InputField, Workflow, WorkflowNode, WorkflowProblem } from '@agentflow/shared/workflow';
import { useRunnableWorkflows } from '../../api/useRunnableWorkflows';
import { MappedInput } from '../mapping/MappedInput';
import { problemLine } from '../editors/ParamField';
import { FLOW_STEPS_CATALOGS } from './i18n';
import { PROBLEMS_CATALOGS } from '../problems/i18n';
import './flowSteps.css';

const S = 'workflows.flow.sub.';

export interface SubworkflowFormProps {
  /** The workflow being edited (never offered: a workflow calling itself is refused at the depth limit). */
  workflowId: string;
  node: WorkflowNode;
  problems: readonly WorkflowProblem[];
  onParams: (params: Record<string, unknown>) => void;
}

/** A workflow that may be run as a sub-workflow: its manual trigger's input fields. */
export interface CallableWorkflow {
  id: string;
  name: string;
  fields: InputField[];
}

/** Of the workflows the user may run (already each once, by name, without `exceptId`): those with a manual trigger, with its input fields. */
function withManualTrigger(runnable: readonly Workflow[]): CallableWorkflow[] {
  return runnable.flatMap((workflow) => {
    const trigger = workflow.nodes.find((node) => node.type === 'trigger.manual');
    if (!trigger) return [];
    const fields = Array.isArray(trigger.params.inputSchema) ? (trigger.params.inputSchema as InputField[]) : [];
    return [{ id: workflow.id, name: workflow.name, fields }];
  });
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; workflows: CallableWorkflow[] };

export default function SubworkflowForm({ workflowId, node, problems, onParams }: SubworkflowFormProps) {
  useRemoteCatalogs(FLOW_STEPS_CATALOGS);
  useRemoteCatalogs(PROBLEMS_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const runnable = useRunnableWorkflows(workflowId);
  const load = useMemo<Load>(() => (runnable.state === 'ready' ? { state: 'ready', workflows: withManualTrigger(runnable.workflows) } : runnable), [runnable]);

  const chosenId = typeof node.params.workflowId === 'string' ? node.params.workflowId : '';
  const input = (node.params.input && typeof node.params.input === 'object' ? node.params.input : {}) as Record<string, string>;
  const chosen = load.state === 'ready' ? (load.workflows.find((w) => w.id === chosenId) ?? null) : null;
  const errorsAt = (path: string) => problems.filter((p) => p.path === path || p.path?.startsWith(`${path}.`)).map((p) => problemLine(p, path, t));

  const choose = (nextId: string) => {
    const next = load.state === 'ready' ? load.workflows.find((w) => w.id === nextId) : undefined;
    // What was mapped to a field the next workflow also has is kept.
    const kept = Object.fromEntries(Object.entries(input).filter(([key]) => next?.fields.some((f) => f.key === key)));
    onParams({ ...node.params, workflowId: nextId, input: kept, wait: true });
  };
  const setInput = (key: string, value: string) => {
    const nextInput = { ...input, [key]: value };
    if (value === '') delete nextInput[key];
    onParams({ ...node.params, input: nextInput });
  };

  const workflowErrors = errorsAt('workflowId');
  return (
    <div className="flow-step-form" data-testid="subworkflow-form">
      <label htmlFor={`${id}-workflow`}>{t(`${S}workflow`)}</label>
      {load.state === 'loading' && <p className="muted" role="status">{t(`${S}loading`)}</p>}
      {load.state === 'failed' && (
        <p className="field-error" role="alert">
          {t(`${S}loadFailed`)}
        </p>
      )}
      {load.state === 'ready' && (
        <select id={`${id}-workflow`} value={chosen ? chosenId : ''} onChange={(e) => choose(e.target.value)} aria-invalid={workflowErrors.length > 0 || undefined}>
          <option value="">{t(`${S}choose`)}</option>
          {load.workflows.map((workflow) => (
            <option key={workflow.id} value={workflow.id}>
              {workflow.name}
            </option>
          ))}
        </select>
      )}
      {load.state === 'ready' && load.workflows.length === 0 && <p className="field-hint">{t(`${S}none`)}</p>}
      {load.state === 'ready' && chosenId !== '' && !chosen && (
        <p className="field-error" role="alert">
          {t(`${S}notListed`)}
        </p>
      )}
      {/* An empty id breaks several rules of an id: the first says it all ("required"). */}
      {workflowErrors.length > 0 && chosenId === '' && load.state === 'ready' && (
        <p className="field-error" role="alert">
          {workflowErrors[0]}
        </p>
      )}
      <p className="field-hint">{t(`${S}note`)}</p>
      {chosen && (
        <fieldset className="flow-step-inputs" data-testid="subworkflow-inputs">
          <legend>{t(`${S}inputs`, { name: chosen.name })}</legend>
          {chosen.fields.length === 0 && <p className="muted">{t(`${S}noInputs`, { name: chosen.name })}</p>}
          {chosen.fields.map((field) => {
            const fieldId = `${id}-input-${field.key}`;
            const errors = errorsAt(`input.${field.key}`);
            return (
              <div key={field.key} className="flow-step-input">
                <label htmlFor={fieldId}>
                  {field.label || field.key}
                  {field.required && <span className="muted"> ({t(`${S}required`)})</span>}
                </label>
                <MappedInput
                  mode="template"
                  value={input[field.key] ?? ''}
                  onChange={(value) => setInput(field.key, value)}
                  common={{ id: fieldId, 'aria-required': field.required || undefined, ...(errors.length > 0 ? { 'aria-invalid': true, 'aria-describedby': `${fieldId}-error` } : {}) }}
                />
                {errors.length > 0 && (
                  <p className="field-error" role="alert" id={`${fieldId}-error`}>
                    {errors.join(' ')}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
