// The selected node's form: its name, its params by node type, errors next to
// each field (nodeProblems() paths), and its outgoing connections (a way to
// connect without dragging: keyboard and touch).
import { Fragment, useEffect, useEffectEvent, useId, useMemo, useState } from 'react';
import { useI18n } from '@agentflow/shared';
import { InputFieldsEditor } from './InputFieldsEditor';
import { nodeProblems, type Workflow, type WorkflowNode, type WorkflowProblem } from '@agentflow/shared/workflow';
import { NODE_FIELDS, NODE_TYPE_KEYS, getPath, problemAtField, setPath, type FieldSpec } from './fields';
import { acceptsInput, connectionError, sourceHandlesOf, type BuilderAction } from './builderState';
import { AiProviderHint } from '../runs/AiProviderHint';
import { AgentModelFields } from '../credentials/AgentModelFields';
import { HttpCredentialFields } from './HttpCredentialFields';
import { AgentToolSecrets } from './AgentToolSecrets';
import { WebhookPanel } from '../runs/WebhookPanel';
import { CheckboxEditor, LinesEditor, fileProblemText } from './FileParamEditors';
import { AppStepForm, appProblemPlaced } from '../connectors/AppStepForm';
import { PollStatusNote } from '../connectors/PollStatusNote';
import { AppToolsEditor } from '../connectors/AppToolsEditor';

const P = 'workflows.builder.';

interface ConfigPanelProps {
  workflow: Workflow;
  node: WorkflowNode | null;
  dispatch: (action: BuilderAction) => void;
  readOnly?: boolean;
}

export function ConfigPanel({ workflow, node, dispatch, readOnly }: ConfigPanelProps) {
  const { t } = useI18n();
  if (!node) {
    return (
      <section className="builder-panel" data-testid="config-panel" aria-label={t(`${P}config.title`)}>
        <h2>{t(`${P}config.title`)}</h2>
        <p>{t(`${P}config.empty`)}</p>
      </section>
    );
  }
  return <NodeForm key={node.id} workflow={workflow} node={node} dispatch={dispatch} readOnly={readOnly} />;
}

function NodeForm({ workflow, node, dispatch, readOnly }: ConfigPanelProps & { node: WorkflowNode }) {
  const { t } = useI18n();
  const id = useId();
  const problems = useMemo(() => nodeProblems(node, workflow.nodes), [node, workflow.nodes]);
  const fields = NODE_FIELDS[node.type].filter((f) => !f.when || f.when(node.params));
  const app = node.type === 'connector' || node.type === 'trigger.poll';
  const unplaced = problems.filter((p) => !fields.some((f) => problemAtField(p, f.path)) && !(app && appProblemPlaced(p)));
  const setParam = (path: string, value: unknown) => dispatch({ type: 'updateNode', id: node.id, params: setPath(node.params, path, value) });
  const setParams = (params: Record<string, unknown>) => dispatch({ type: 'updateNode', id: node.id, params });

  return (
    <section className="builder-panel" data-testid="config-panel" aria-label={t(`${P}config.title`)}>
      <h2>
        {t(`${P}config.title`)}: {t(`${P}nodeTypes.${NODE_TYPE_KEYS[node.type]}`)}
      </h2>
      <fieldset disabled={readOnly} className="builder-form">
        <label htmlFor={`${id}-name`}>{t(`${P}config.name`)}</label>
        <input id={`${id}-name`} value={node.name} onChange={(e) => dispatch({ type: 'updateNode', id: node.id, name: e.target.value })} />
        {node.name.trim() === '' && <p className="field-error" role="alert">is required</p>}
        {fields.map((field) => (
          <Fragment key={field.path}>
            {/* The manual trigger's input fields: a form per field, not JSON (the run form is made from them). */}
            {node.type === 'trigger.manual' && field.path === 'inputSchema' ? (
              <InputFieldsEditor
                path={field.path}
                value={getPath(node.params, field.path)}
                problems={problems.filter((p) => problemAtField(p, field.path))}
                onChange={(value) => setParam(field.path, value)}
              />
            ) : node.type === 'agent' && field.path === 'tools' ? (
              // The JSON keeps http tools and delegates; app tools have their editor below and are kept as they are.
              <ParamField
                id={`${id}-${field.path}`}
                field={field}
                value={withoutAppTools(getPath(node.params, field.path))}
                problems={problems.filter((p) => problemAtField(p, field.path) && !problemAtField(p, 'tools.connectors'))}
                onChange={(value) => setParam(field.path, withAppTools(value, getPath(node.params, field.path)))}
              />
            ) : (
              <ParamField
                id={`${id}-${field.path}`}
                field={field}
                value={getPath(node.params, field.path)}
                problems={problems.filter((p) => problemAtField(p, field.path))}
                onChange={(value) => setParam(field.path, value)}
              />
            )}
            {/* A tool's literal secret right under the tools it is in; the app tools after them. */}
            {node.type === 'agent' && field.path === 'tools' && <AgentToolSecrets node={node} onParams={setParams} />}
            {node.type === 'agent' && field.path === 'tools' && <AppToolsEditor node={node} problems={problems.filter((p) => problemAtField(p, 'tools.connectors'))} onParams={setParams} />}
          </Fragment>
        ))}
        {app && <AppStepForm node={node} problems={problems} onParams={setParams} />}
        {node.type === 'trigger.poll' && <PollStatusNote workflowId={workflow.id} />}
        {node.type === 'agent' && <AgentModelFields params={node.params} onParams={setParams} />}
        {node.type === 'http' && <HttpCredentialFields node={node} onParams={setParams} />}
        {unplaced.length > 0 && (
          <ul className="field-error" role="alert">
            {unplaced.map((p, i) => (
              <li key={i}>{p.path ? `${p.path}: ${p.message}` : p.message}</li>
            ))}
          </ul>
        )}
      </fieldset>
      {node.type === 'agent' && <AiProviderHint />}
      {node.type === 'trigger.webhook' && <WebhookPanel workflowId={workflow.id} template={workflow.visibility === 'template'} />}
      <Connections workflow={workflow} node={node} dispatch={dispatch} readOnly={readOnly} />
    </section>
  );
}

/** The agent's tools without its app tools (the JSON field's part). */
function withoutAppTools(tools: unknown): unknown {
  if (!tools || typeof tools !== 'object' || Array.isArray(tools)) return tools;
  const { connectors: _apps, ...rest } = tools as Record<string, unknown>;
  return rest;
}

/** The JSON field's new tools with the app tools put back (a `connectors` typed in the JSON is ignored). */
function withAppTools(edited: unknown, current: unknown): unknown {
  const apps = current && typeof current === 'object' ? (current as Record<string, unknown>).connectors : undefined;
  if (!edited || typeof edited !== 'object' || Array.isArray(edited)) return edited;
  const { connectors: _typed, ...rest } = edited as Record<string, unknown>;
  return apps === undefined ? rest : { ...rest, connectors: apps };
}

function ParamField({ id, field, value, problems, onChange }: { id: string; field: FieldSpec; value: unknown; problems: WorkflowProblem[]; onChange: (value: unknown) => void }) {
  const { t } = useI18n();
  const [jsonError, setJsonError] = useState(false);
  const label = t(`${P}fields.${field.label}`);
  const errorId = `${id}-error`;
  const invalid = problems.length > 0 || jsonError;
  const common = { id, 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? errorId : undefined };
  const text = (raw: string) => onChange(field.optional && raw === '' ? undefined : raw);

  let editor;
  switch (field.kind) {
    case 'select':
      editor = (
        <select {...common} value={typeof value === 'string' ? value : (field.defaultValue ?? '')} onChange={(e) => onChange(e.target.value)}>
          {field.options!.map((o) => (
            <option key={o} value={o}>
              {field.path === 'output.type' ? t(`${P}outputTypes.${o}`) : field.optionsKey ? t(`${P}${field.optionsKey}.${o}`) : o}
            </option>
          ))}
        </select>
      );
      break;
    case 'number':
      editor = (
        <input
          {...common}
          type="number"
          inputMode="numeric"
          value={typeof value === 'number' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
      );
      break;
    case 'textarea':
      editor = <textarea {...common} rows={4} value={typeof value === 'string' ? value : ''} onChange={(e) => text(e.target.value)} />;
      break;
    case 'list':
      editor = (
        <input
          {...common}
          value={Array.isArray(value) ? value.join(', ') : ''}
          onChange={(e) => onChange(e.target.value.split(',').map((s) => s.trim()).filter((s) => s !== ''))}
        />
      );
      break;
    case 'lines':
      editor = <LinesEditor common={common} value={value} onChange={onChange} />;
      break;
    case 'checkbox':
      editor = <CheckboxEditor common={common} value={value} checkedValue={field.checkedValue ?? 'true'} onChange={onChange} />;
      break;
    case 'json':
      editor = <JsonEditor common={common} value={value} onChange={onChange} onValidity={(ok) => setJsonError(!ok)} />;
      break;
    default:
      editor = <input {...common} value={typeof value === 'string' ? value : ''} onChange={(e) => text(e.target.value)} />;
  }

  return (
    <div className="builder-field">
      <label htmlFor={id}>{label}</label>
      {editor}
      {field.kind === 'list' && <p className="field-hint">{t(`${P}config.listHint`)}</p>}
      {field.hint && <p className="field-hint" data-testid="field-hint">{t(`${P}config.${field.hint}`)}</p>}
      {invalid && (
        <div id={errorId} className="field-error" role="alert">
          {jsonError && <p>{t(`${P}config.invalidJson`)}</p>}
          {problems.map((p, i) => (
            <p key={i}>{fileProblemText(p, t) ?? (p.path && p.path !== field.path ? `${p.path.slice(field.path.length + 1)}: ${p.message}` : p.message)}</p>
          ))}
        </div>
      )}
    </div>
  );
}

/** A JSON text area: keeps the text while it does not parse; stores the value when it does. */
function JsonEditor({ common, value, onChange, onValidity }: { common: object; value: unknown; onChange: (v: unknown) => void; onValidity: (ok: boolean) => void }) {
  const format = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));
  const [text, setText] = useState(() => format(value));
  // Follow outside changes (undo, import) when the text is not mid-edit: while rendering the new
  // value (state that follows a prop), compared by content, since an equal value may be a new object.
  const serialized = JSON.stringify(value);
  const [followed, setFollowed] = useState(serialized);
  if (followed !== serialized) {
    setFollowed(serialized);
    setText((current) => {
      try {
        if (JSON.stringify(JSON.parse(current)) === serialized) return current;
      } catch {
        /* keep going */
      }
      return format(value);
    });
  }
  // The field's error state lives in the parent: reset it after each new value is shown (an effect
  // event, so a new callback from the parent does not count as a new value).
  const valueShown = useEffectEvent(() => onValidity(true));
  useEffect(() => {
    valueShown();
  }, [serialized]);
  return (
    <textarea
      {...common}
      rows={5}
      spellCheck={false}
      className="json-field"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        try {
          const parsed: unknown = JSON.parse(e.target.value);
          onValidity(true);
          onChange(parsed);
        } catch {
          onValidity(false);
        }
      }}
    />
  );
}

function Connections({ workflow, node, dispatch, readOnly }: ConfigPanelProps & { node: WorkflowNode }) {
  const { t } = useI18n();
  const id = useId();
  const handles = sourceHandlesOf(node.type);
  const [target, setTarget] = useState('');
  const [handle, setHandle] = useState<string>(handles[0] ?? '');
  if (handles.length === 0) return null;
  const outgoing = workflow.edges.filter((e) => e.source === node.id);
  const candidates = workflow.nodes.filter((n) => n.id !== node.id && acceptsInput(n.type));
  const nameOf = (nodeId: string) => workflow.nodes.find((n) => n.id === nodeId)?.name ?? nodeId;
  const blocked = !target || connectionError(workflow, node.id, target, handle || null) !== null;
  return (
    <div className="builder-connections">
      <h3>{t(`${P}config.outgoing`)}</h3>
      <ul>
        {outgoing.map((e) => (
          <li key={e.id}>
            {e.sourceHandle ? `${e.sourceHandle} → ` : '→ '}
            {nameOf(e.target)}{' '}
            <button type="button" disabled={readOnly} aria-label={`${t(`${P}config.removeEdge`)}: ${nameOf(e.target)}`} onClick={() => dispatch({ type: 'deleteElements', edgeIds: [e.id] })}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <fieldset disabled={readOnly} className="builder-connect-row">
        {handles.length > 1 && (
          <>
            <label htmlFor={`${id}-handle`}>{t(`${P}config.branch`)}</label>
            <select id={`${id}-handle`} value={handle} onChange={(e) => setHandle(e.target.value)}>
              {handles.map((h) => (
                <option key={h ?? ''} value={h ?? ''}>
                  {h}
                </option>
              ))}
            </select>
          </>
        )}
        <label htmlFor={`${id}-target`}>{t(`${P}config.connectTo`)}</label>
        <select id={`${id}-target`} value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="">{t(`${P}config.choose`)}</option>
          {candidates.map((n) => (
            <option key={n.id} value={n.id}>
              {n.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={blocked}
          onClick={() => {
            dispatch({ type: 'connect', source: node.id, target, sourceHandle: handle || null });
            setTarget('');
          }}
        >
          {t(`${P}config.connect`)}
        </button>
      </fieldset>
    </div>
  );
}
