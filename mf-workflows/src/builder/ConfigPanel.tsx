// The selected node's form: its name and key, its params by node type, errors
// next to each field (nodeProblems() paths), and its outgoing connections (a
// way to connect without dragging: keyboard and touch). Expression and template
// fields offer the fields available at the node (MappingContext); JSON-shaped
// params have structured editors with an "Edit as JSON" view.
import { Fragment, Suspense, lazy, useId, useMemo, useState } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { InputFieldsEditor } from './InputFieldsEditor';
import { expressionKindAt, nodeProblems, type Workflow, type WorkflowNode, type WorkflowProblem } from '@agentflow/shared/workflow';
import { NODE_FIELDS, NODE_TYPE_KEYS, getPath, problemAtField, setPath, type FieldSpec } from './fields';
import { MappingContext } from './mapping/context';
import { mappingModeOf } from './mapping/insert';
import { NodeKeyField } from './mapping/NodeKeyField';
import { ParamField, problemLine } from './editors/ParamField';
import { StructuredField } from './editors/StructuredField';
import { problemText } from './problems/problemText';
import { useInvalidJsonProblems } from './problems/localProblems';
import { PROBLEMS_CATALOGS } from './problems/i18n';
import { CANVAS_CATALOGS } from './canvas/i18n';
import { MAPPING_CATALOGS } from './mapping/i18n';
import { structuredKindOf } from './editors/kinds';
import { acceptsInput, connectionError, sourceHandlesOf, type BuilderAction } from './builderState';
import { AiProviderHint } from '../runs/AiProviderHint';
import { AgentModelFields } from '../credentials/AgentModelFields';
import { HttpCredentialFields } from './HttpCredentialFields';
import { AgentToolSecrets } from './AgentToolSecrets';
import { WEBHOOK_PANEL_PATHS, WebhookTriggerSection } from './webhook/WebhookTriggerSection';
import { ScheduleTriggerSection } from './triggers/ScheduleTriggerSection';
import { AppStepForm, appProblemPlaced } from '../connectors/AppStepForm';
import { PollStatusNote } from '../connectors/PollStatusNote';
import { AppToolsEditor } from '../connectors/AppToolsEditor';
import { TestStepSection } from './testStep/TestStepSection';
// Retries and on error: loaded when a node's panel opens, not with the builder.
const NodeSettingsSection = lazy(() => import(/* webpackChunkName: "node-settings" */ './settings/NodeSettingsSection'));
import { FlowStepForm, hasFlowStepForm } from './subworkflow/FlowStepForms';
import { AgentKnowledgeBases, KnowledgeBasePicker } from './knowledge/KnowledgeForms';
import { AgentMcpTools } from './mcp/AgentMcpTools';
// A code step's form (and, from there, its editor): loaded when a code step's panel opens.
const CodeField = lazy(() => import(/* webpackChunkName: "code-field" */ './code/CodeField').then((m) => ({ default: m.CodeField })));
// What starts an error trigger and who reports to it: loaded when one is selected.
const ErrorTriggerNote = lazy(() => import(/* webpackChunkName: "error-trigger" */ './errorTrigger/ErrorTriggerNote'));

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
  // The webhook trigger's answer settings show their problems in its panel.
  const webhookPlaced = (p: WorkflowProblem) => node.type === 'trigger.webhook' && WEBHOOK_PANEL_PATHS.some((path) => problemAtField(p, path));
  const unplaced = problems.filter((p) => !fields.some((f) => problemAtField(p, f.path)) && !(app && appProblemPlaced(p)) && !webhookPlaced(p) && !hasFlowStepForm(node) && !(node.type === 'knowledge' && p.path === 'knowledgeBaseId'));
  const setParam = (path: string, value: unknown) => dispatch({ type: 'updateNode', id: node.id, params: setPath(node.params, path, value) });
  const setParams = (params: Record<string, unknown>) => dispatch({ type: 'updateNode', id: node.id, params });
  // JSON views whose text does not parse (not saved: the panel says how many).
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const pendingAt = (path: string) => (on: boolean) =>
    setPending((was) => {
      if (was.has(path) === on) return was;
      const next = new Set(was);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });
  // ...and counted in Problems while they do not parse.
  useInvalidJsonProblems(node.id, pending);
  // MAPPING: the structured fields' titles are read here, before StructuredField (which registers them too) renders.
  useRemoteCatalogs(PROBLEMS_CATALOGS, MAPPING_CATALOGS);
  const scope = useMemo(() => ({ workflow, nodeId: node.id }), [workflow, node.id]);
  const at = (path: string) => problems.filter((p) => problemAtField(p, path));

  const editorOf = (field: FieldSpec) => {
    const value = getPath(node.params, field.path);
    const jsonLabel = t(`${P}fields.${field.label}`);
    // The manual trigger's input fields: a form per field (the run form is made from them), or JSON.
    if (node.type === 'trigger.manual' && field.path === 'inputSchema') {
      return (
        <StructuredField
          kind={{ form: <InputFieldsEditor path={field.path} value={value} problems={at(field.path)} onChange={(v) => setParam(field.path, v)} /> }}
          title=""
          jsonLabel={jsonLabel}
          value={value}
          onChange={(v) => setParam(field.path, v)}
          errors={[]}
          onPending={pendingAt(field.path)}
        />
      );
    }
    // A code step's JavaScript: a code editor (loaded when this form opens).
    if (node.type === 'code' && field.path === 'code') {
      return (
        <Suspense fallback={null}>
          <CodeField workflow={workflow} node={node} value={value} problems={at(field.path)} onChange={(v) => setParam(field.path, v)} readOnly={readOnly} />
        </Suspense>
      );
    }
    const kind = field.kind === 'json' ? structuredKindOf(node.type, field.path) : null;
    if (!kind) return <ParamField field={field} value={value} problems={at(field.path)} onChange={(v) => setParam(field.path, v)} mapping={mappingModeOf(expressionKindAt(node.type, field.path))} />;
    // The tools' form and JSON keep http tools and delegates; app tools have their editor below and are kept as they are.
    const tools = kind === 'tools';
    const fieldProblems = tools ? at(field.path).filter((p) => !problemAtField(p, 'tools.connectors')) : at(field.path);
    return (
      <StructuredField
        kind={kind}
        title={t(`workflows.mapping.editors.${kind === 'outputSchema' ? 'schema' : kind}.title`)}
        jsonLabel={jsonLabel}
        value={tools ? withoutAppTools(value) : value}
        onChange={(v) => setParam(field.path, tools ? withAppTools(v, value) : v)}
        errors={fieldProblems.map((p) => problemLine(p, field.path, t))}
        onPending={pendingAt(field.path)}
      />
    );
  };

  return (
    <section className="builder-panel" data-testid="config-panel" aria-label={t(`${P}config.title`)}>
      <h2>
        {t(`${P}config.title`)}: {t(`${P}nodeTypes.${NODE_TYPE_KEYS[node.type]}`)}
      </h2>
      {pending.size > 0 && (
        <p className="config-pending" role="status" data-testid="config-pending">
          ⚠ {t('workflows.mapping.editors.pending', { count: pending.size })}
        </p>
      )}
      <MappingContext.Provider value={scope}>
      <fieldset disabled={readOnly} className="builder-form">
        <label htmlFor={`${id}-name`}>{t(`${P}config.name`)}</label>
        <input id={`${id}-name`} value={node.name} onChange={(e) => dispatch({ type: 'updateNode', id: node.id, name: e.target.value })} />
        {node.name.trim() === '' && (
          <p className="field-error" role="alert">
            {t('workflows.problems.reasons.required')}
          </p>
        )}
        <NodeKeyField workflow={workflow} node={node} dispatch={dispatch} />
        {node.type === 'knowledge' && <KnowledgeBasePicker workflow={workflow} node={node} problems={problems} onParams={setParams} readOnly={readOnly} />}
        {fields.map((field) => (
          <Fragment key={field.path}>
            {editorOf(field)}
            {/* A tool's literal secret right under the tools it is in; the app tools after them. */}
            {node.type === 'agent' && field.path === 'tools' && <AgentToolSecrets node={node} onParams={setParams} />}
            {node.type === 'agent' && field.path === 'tools' && <AppToolsEditor node={node} problems={problems.filter((p) => problemAtField(p, 'tools.connectors'))} onParams={setParams} />}
            {node.type === 'agent' && field.path === 'tools' && <AgentKnowledgeBases workflow={workflow} node={node} onParams={setParams} readOnly={readOnly} />}
            {node.type === 'agent' && field.path === 'tools' && <AgentMcpTools workflow={workflow} node={node} onParams={setParams} readOnly={readOnly} />}
          </Fragment>
        ))}
        {app && <AppStepForm node={node} problems={problems} onParams={setParams} />}
        {node.type === 'trigger.poll' && <PollStatusNote workflowId={workflow.id} nodeId={node.id} />}
        {node.type === 'agent' && <AgentModelFields params={node.params} onParams={setParams} />}
        {node.type === 'http' && <HttpCredentialFields node={node} onParams={setParams} />}
        <FlowStepForm workflow={workflow} node={node} problems={problems} onParams={setParams} />
        {unplaced.length > 0 && (
          <ul className="field-error" role="alert">
            {unplaced.map((p, i) => (
              <li key={i}>{problemText(t, p)}</li>
            ))}
          </ul>
        )}
      </fieldset>
      </MappingContext.Provider>
      {node.type === 'agent' && <AiProviderHint />}
      {node.type === 'trigger.webhook' && <WebhookTriggerSection workflow={workflow} node={node} dispatch={dispatch} problems={problems} readOnly={readOnly} />}
      {node.type === 'trigger.schedule' && <ScheduleTriggerSection params={node.params} active={workflow.active !== false} />}
      {node.type === 'trigger.error' && (
        <Suspense fallback={null}>
          <ErrorTriggerNote workflowId={workflow.id} />
        </Suspense>
      )}
      <Connections workflow={workflow} node={node} dispatch={dispatch} readOnly={readOnly} />
      <Suspense fallback={null}>
        <NodeSettingsSection node={node} readOnly={readOnly ?? false} onSettings={(settings) => dispatch({ type: 'updateNode', id: node.id, settings })} />
      </Suspense>
      <TestStepSection workflow={workflow} node={node} dispatch={dispatch} readOnly={readOnly} />
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

function Connections({ workflow, node, dispatch, readOnly }: ConfigPanelProps & { node: WorkflowNode }) {
  useRemoteCatalogs(CANVAS_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const handles = sourceHandlesOf(node.type, node.settings);
  const [target, setTarget] = useState('');
  const [handle, setHandle] = useState<string>(handles[0] ?? '');
  if (handles.length === 0) return null;
  const outgoing = workflow.edges.filter((e) => e.source === node.id);
  // Steps already connected from the chosen branch are not offered again (a new step often
  // arrives connected: placement.ts).
  const connected = new Set(outgoing.filter((e) => (e.sourceHandle ?? '') === (handle ?? '')).map((e) => e.target));
  const candidates = workflow.nodes.filter((n) => n.id !== node.id && acceptsInput(n.type) && !connected.has(n.id));
  const nameOf = (nodeId: string) => workflow.nodes.find((n) => n.id === nodeId)?.name ?? nodeId;
  const blocked = !target || connectionError(workflow, node.id, target, handle || null) !== null;
  // A branch by its name on the card (Yes/No, For each item/Done, Success/Error), never its stored id.
  const branchText = (h: string | null | undefined) => t(`workflows.canvas.branch.${h || 'main'}`);
  return (
    <div className="builder-connections">
      <h3>{t(`${P}config.outgoing`)}</h3>
      <ul>
        {outgoing.map((e) => (
          <li key={e.id}>
            {e.sourceHandle || handles.length > 1 ? `${branchText(e.sourceHandle)} → ` : '→ '}
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
                  {branchText(h)}
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
