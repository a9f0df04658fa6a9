// The workflow builder (lazily loaded by BuilderRoute): loads the workflow,
// edits it through the pure builderReducer, autosaves ~1 s after the last
// change, and shows the canvas, palette, configuration, problems, settings,
// history and import/export.
import '@xyflow/react/dist/style.css';
import './builder.css';
import { useCallback, useEffect, useEffectEvent, useId, useMemo, useReducer, useRef, useState, type DragEvent } from 'react';
import {
  Background,
  Controls,
  Handle,
  Position,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
  type NodeProps,
} from '@xyflow/react';
import { Link, SavedOnDeviceNote, isOnline, useAuth, useI18n, useOnline, useRemoteCatalogs } from '@agentflow/shared';
import {
  NODE_TYPES,
  WORKFLOW_CATEGORIES,
  WORKFLOW_INDUSTRIES,
  validateWorkflow,
  type NodeType,
  type Workflow,
  type WorkflowEdge,
  type WorkflowNode,
  type WorkflowProblem,
} from '@agentflow/shared/workflow';
import type { WorkflowDocs, WorkflowVersion } from '../api/workflowDocs';
import { readDraft, type WorkflowDraft } from '../api/workflowDrafts';
import { SaveIndicator, useAutosave } from './autosave';
import { BUILDER_CATALOGS } from './i18n';
import { acceptsInput, builderReducer, canRedo, canUndo, initialBuilderState, sourceHandlesOf, type BuilderAction, type BuilderState } from './builderState';
import { ConfigPanel } from './ConfigPanel';
import { BuilderRunActions } from '../runs/BuilderRunActions';
import { NODE_TYPE_KEYS } from './fields';

const P = 'workflows.builder.';
export { AUTOSAVE_DELAY_MS } from './autosave';
const DRAG_TYPE = 'application/x-agentflow-node';
/** Phones: the side panels are hidden (builder.css, under 641 px) and open as a bottom sheet. */
export const PHONE_QUERY = '(max-width: 640px)';

/** Whether the media query matches now; follows changes (false where matchMedia is missing). */
function useMediaQuery(query: string): boolean {
  const read = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  const [matches, setMatches] = useState(read);
  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined;
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener?.('change', onChange);
    return () => list.removeEventListener?.('change', onChange);
  }, [query]);
  return matches;
}

export interface BuilderProps {
  workflowId: string;
  docs: WorkflowDocs;
}

type Ready = {
  status: 'ready';
  workflow: Workflow;
  /** Opened from this device's copy (offline): when it was saved there. */
  savedAt: string | null;
  /** An edit kept on this device, not yet on the server: the builder continues from it. */
  draft: WorkflowDraft | null;
};
type LoadState = { status: 'loading' } | { status: 'missing' } | { status: 'failed'; offline: boolean } | Ready;

export default function Builder({ workflowId, docs }: BuilderProps) {
  useRemoteCatalogs(BUILDER_CATALOGS);
  const { t } = useI18n();
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Another workflow, user, store or attempt starts from 'loading': set while rendering that change
  // (state that follows its inputs, as React allows), not by the effect after it.
  const [loadFor, setLoadFor] = useState({ docs, workflowId, attempt, uid });
  if (loadFor.docs !== docs || loadFor.workflowId !== workflowId || loadFor.attempt !== attempt || loadFor.uid !== uid) {
    setLoadFor({ docs, workflowId, attempt, uid });
    setLoad({ status: 'loading' });
  }

  useEffect(() => {
    let live = true;
    const draft = readDraft(uid, workflowId);
    docs.open(workflowId).then(
      (opened) => live && setLoad(opened ? { status: 'ready', workflow: opened.workflow, savedAt: opened.savedAt, draft } : { status: 'missing' }),
      () => {
        if (!live) return;
        // Not readable (offline and not in Firestore's cache): an edit kept here still opens.
        if (draft) setLoad({ status: 'ready', workflow: { ...draft.workflow, version: draft.baseVersion }, savedAt: draft.savedAt, draft });
        else setLoad({ status: 'failed', offline: !isOnline() });
      },
    );
    return () => {
      live = false;
    };
  }, [docs, workflowId, attempt, uid]);

  if (load.status === 'loading') {
    return (
      <p className="page-loading" role="status">
        {t(`${P}loading`)}
      </p>
    );
  }
  if (load.status !== 'ready') {
    const message = load.status === 'missing' ? `${P}notFound` : load.offline ? `${P}offline.notOnDevice` : `${P}loadFailed`;
    return (
      <div className="builder-message" role="alert">
        <p>{t(message)}</p>
        {load.status === 'failed' && (
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
            {t(`${P}retry`)}
          </button>
        )}
        <Link to="/workflows">{t(`${P}back`)}</Link>
      </div>
    );
  }
  // An edit kept here continues from where it was, on the version it started from.
  const initial = load.draft ? { ...load.draft.workflow, version: load.draft.baseVersion } : load.workflow;
  return (
    <ReactFlowProvider>
      <BuilderScreen initial={initial} docs={docs} uid={uid} draft={load.draft} openedSavedAt={load.savedAt} />
    </ReactFlowProvider>
  );
}

interface BuilderScreenProps {
  initial: Workflow;
  docs: WorkflowDocs;
  uid: string;
  draft: WorkflowDraft | null;
  /** Opened from this device's copy: when it was saved there. */
  openedSavedAt: string | null;
}

function BuilderScreen({ initial, docs, uid, draft, openedSavedAt }: BuilderScreenProps) {
  const { t } = useI18n();
  const online = useOnline();
  const [state, dispatch] = useReducer(builderReducer, initial, initialBuilderState);
  const workflow = state.workflow;
  const readOnly = initial.visibility === 'template';
  const problems = useMemo(() => validateWorkflow(workflow), [workflow]);
  const [panelsOpen, setPanelsOpen] = useState(false);
  const phone = useMediaQuery(PHONE_QUERY);
  const sideRef = useRef<HTMLElement>(null);

  const { status, retry, historyTick, markRestored, savingRef, flush, keptAt, conflictView } = useAutosave(state, dispatch, docs, readOnly, { uid, draft });
  // Offline, or with an edit waiting here: say the workflow is this device's copy, and as of when.
  const deviceCopyAt = keptAt ?? (online ? null : openedSavedAt);

  // On a phone the panels are hidden: tapping a node opens them as a sheet (opened while rendering
  // the new selection), scrolled to the top where its configuration is (the effect).
  const [sheetFor, setSheetFor] = useState({ phone, selected: state.selectedNodeId });
  if (sheetFor.phone !== phone || sheetFor.selected !== state.selectedNodeId) {
    setSheetFor({ phone, selected: state.selectedNodeId });
    if (phone && state.selectedNodeId) setPanelsOpen(true);
  }
  useEffect(() => {
    if (!phone || !state.selectedNodeId) return;
    if (sideRef.current) sideRef.current.scrollTop = 0;
  }, [phone, state.selectedNodeId]);

  // Back to the canvas: close the sheet and drop the selection, so tapping the same node opens it again.
  const closeSheet = useCallback(() => {
    setPanelsOpen(false);
    dispatch({ type: 'select', nodeId: null });
  }, []);

  useBuilderShortcuts(dispatch, readOnly);

  const selectedNode = workflow.nodes.find((n) => n.id === state.selectedNodeId) ?? null;

  return (
    <div className={`builder${panelsOpen ? ' builder--panels-open' : ''}`}>
      <header className="builder-toolbar">
        <Link to="/workflows" className="builder-back">
          ← {t(`${P}back`)}
        </Link>
        <h1 className="builder-title">{workflow.name || t(`${P}title`)}</h1>
        <div className="builder-toolbar-actions" role="toolbar" aria-label={t(`${P}title`)}>
          <button type="button" onClick={() => dispatch({ type: 'undo' })} disabled={readOnly || !canUndo(state)} title="Ctrl+Z">
            {t(`${P}actions.undo`)}
          </button>
          <button type="button" onClick={() => dispatch({ type: 'redo' })} disabled={readOnly || !canRedo(state)} title="Ctrl+Shift+Z">
            {t(`${P}actions.redo`)}
          </button>
          <button
            type="button"
            onClick={() => dispatch({ type: 'deleteSelection' })}
            disabled={readOnly || (!state.selectedNodeId && !state.selectedEdgeId)}
            title="Delete"
          >
            {t(`${P}actions.delete`)}
          </button>
          <button type="button" className="builder-panels-toggle" aria-expanded={panelsOpen} onClick={() => setPanelsOpen((o) => !o)}>
            {t(`${P}actions.panels`)}
          </button>
          <SaveIndicator status={readOnly ? 'saved' : status} onRetry={retry} />
          <BuilderRunActions template={readOnly} beforeRun={flush} />
        </div>
      </header>
      {readOnly && (
        <p className="builder-notice" role="note">
          {t(`${P}templateReadOnly`)}
        </p>
      )}
      {deviceCopyAt ? (
        <SavedOnDeviceNote savedAt={deviceCopyAt} testId="builder-offline" className="builder-offline">
          {online ? null : <p>{t(readOnly ? 'offline.indicatorTitle' : `${P}offline.editing`)}</p>}
        </SavedOnDeviceNote>
      ) : null}
      {conflictView}
      <div className="builder-body">
        <Palette dispatch={dispatch} readOnly={readOnly} />
        <Canvas state={state} problems={problems} dispatch={dispatch} readOnly={readOnly} />
        <aside className="builder-side" ref={sideRef} hidden={phone && !panelsOpen} data-testid="builder-side">
          {phone && (
            <button type="button" className="builder-sheet-close" onClick={closeSheet}>
              ← {t(`${P}actions.backToCanvas`)}
            </button>
          )}
          <ConfigPanel workflow={workflow} node={selectedNode} dispatch={dispatch} readOnly={readOnly} />
          <ProblemsList problems={problems} workflow={workflow} dispatch={dispatch} />
          <SettingsPanel workflow={workflow} dispatch={dispatch} readOnly={readOnly} />
          <HistoryPanel docs={docs} workflow={workflow} tick={historyTick} busy={savingRef} onRestored={markRestored} readOnly={readOnly} />
          <ImportExport workflow={workflow} dispatch={dispatch} readOnly={readOnly} />
        </aside>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------- shortcuts

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function useBuilderShortcuts(dispatch: (a: BuilderAction) => void, readOnly: boolean) {
  useEffect(() => {
    if (readOnly) return;
    const onKey = (event: KeyboardEvent) => {
      if (isEditable(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 'z') {
        event.preventDefault();
        dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
      } else if (mod && key === 'y') {
        event.preventDefault();
        dispatch({ type: 'redo' });
      } else if (!mod && (event.key === 'Delete' || event.key === 'Backspace')) {
        event.preventDefault();
        dispatch({ type: 'deleteSelection' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch, readOnly]);
}

// ---------------------------------------------------------------- palette

function Palette({ dispatch, readOnly }: { dispatch: (a: BuilderAction) => void; readOnly: boolean }) {
  const { t } = useI18n();
  return (
    <nav className="builder-palette" aria-label={t(`${P}palette.title`)}>
      <h2>{t(`${P}palette.title`)}</h2>
      <p className="field-hint">{t(`${P}palette.hint`)}</p>
      {NODE_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          className={`builder-palette-item builder-palette-item--${NODE_TYPE_KEYS[type]}`}
          disabled={readOnly}
          draggable={!readOnly}
          onDragStart={(e) => {
            e.dataTransfer.setData(DRAG_TYPE, type);
            e.dataTransfer.effectAllowed = 'copy';
          }}
          onClick={() => dispatch({ type: 'addNode', nodeType: type })}
        >
          {t(`${P}palette.add`, { type: t(`${P}nodeTypes.${NODE_TYPE_KEYS[type]}`) })}
        </button>
      ))}
    </nav>
  );
}

// ---------------------------------------------------------------- canvas

interface NodeData extends Record<string, unknown> {
  name: string;
  nodeType: NodeType;
  problems: number;
  problemText: string;
}
type FlowNode = Node<NodeData, 'builder'>;

function BuilderNode({ id, data, selected }: NodeProps<FlowNode>) {
  const { t } = useI18n();
  const handles = sourceHandlesOf(data.nodeType);
  return (
    <div
      data-testid="builder-node"
      data-node-id={id}
      data-node-type={data.nodeType}
      data-problems={data.problems}
      className={`builder-node builder-node--${NODE_TYPE_KEYS[data.nodeType]}${data.problems > 0 ? ' builder-node--invalid' : ''}${selected ? ' builder-node--selected' : ''}`}
      title={data.problemText || undefined}
    >
      {acceptsInput(data.nodeType) && <Handle type="target" position={Position.Left} />}
      <span className="builder-node-type">{t(`${P}nodeTypes.${NODE_TYPE_KEYS[data.nodeType]}`)}</span>
      <strong className="builder-node-name">{data.name}</strong>
      {data.problems > 0 && (
        <span className="builder-node-badge" aria-label={t(`${P}problems.count`, { count: data.problems })}>
          {data.problems}
        </span>
      )}
      {handles.map((handle, index) => (
        <Handle
          key={handle ?? 'out'}
          type="source"
          position={Position.Right}
          id={handle ?? undefined}
          className={handle ? `builder-handle--${handle}` : undefined}
          style={handles.length > 1 ? { top: `${((index + 1) * 100) / (handles.length + 1)}%` } : undefined}
        >
          {handle && <span className="builder-handle-label">{handle}</span>}
        </Handle>
      ))}
    </div>
  );
}

const NODE_COMPONENTS = { builder: BuilderNode };

function Canvas({ state, problems, dispatch, readOnly }: { state: BuilderState; problems: WorkflowProblem[]; dispatch: (a: BuilderAction) => void; readOnly: boolean }) {
  const { t } = useI18n();
  const { screenToFlowPosition } = useReactFlow();
  const [measured, setMeasured] = useState<Record<string, { width: number; height: number }>>({});
  const { workflow } = state;

  const nodes = useMemo<FlowNode[]>(() => {
    const byNode = new Map<string, WorkflowProblem[]>();
    for (const p of problems) if (p.nodeId) byNode.set(p.nodeId, [...(byNode.get(p.nodeId) ?? []), p]);
    return workflow.nodes.map((n) => ({
      id: n.id,
      type: 'builder',
      position: n.position,
      selected: n.id === state.selectedNodeId,
      measured: measured[n.id],
      data: { name: n.name, nodeType: n.type, problems: byNode.get(n.id)?.length ?? 0, problemText: (byNode.get(n.id) ?? []).map((p) => p.message).join('\n') },
    }));
  }, [workflow.nodes, problems, state.selectedNodeId, measured]);

  const edges = useMemo<Edge[]>(
    () =>
      workflow.edges.map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        sourceHandle: e.sourceHandle ?? null,
        label: e.sourceHandle,
        selected: e.id === state.selectedEdgeId,
        className: problems.some((p) => p.edgeId === e.id) ? 'builder-edge--invalid' : undefined,
      })),
    [workflow.edges, state.selectedEdgeId, problems],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      const sizes: Record<string, { width: number; height: number }> = {};
      for (const change of changes) {
        if (change.type === 'dimensions' && change.dimensions) sizes[change.id] = change.dimensions;
        else if (change.type === 'position' && change.position && !readOnly) dispatch({ type: 'moveNode', id: change.id, position: change.position, transient: true });
        else if (change.type === 'select' && change.selected) dispatch({ type: 'select', nodeId: change.id });
      }
      if (Object.keys(sizes).length > 0) setMeasured((m) => ({ ...m, ...sizes }));
    },
    [dispatch, readOnly],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      for (const change of changes) if (change.type === 'select' && change.selected) dispatch({ type: 'select', nodeId: null, edgeId: change.id });
    },
    [dispatch],
  );

  const onConnect = useCallback(
    (c: Connection) => dispatch({ type: 'connect', source: c.source, target: c.target, sourceHandle: c.sourceHandle }),
    [dispatch],
  );

  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(DRAG_TYPE) as NodeType;
    if (readOnly || !(NODE_TYPES as readonly string[]).includes(type)) return;
    event.preventDefault();
    dispatch({ type: 'addNode', nodeType: type, position: screenToFlowPosition({ x: event.clientX, y: event.clientY }) });
  };

  return (
    <section
      className="builder-canvas"
      data-testid="builder-canvas"
      aria-label={t(`${P}canvas.label`)}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={onDrop}
    >
      <ReactFlow<FlowNode>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_COMPONENTS}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onNodeDragStart={() => dispatch({ type: 'checkpoint' })}
        onPaneClick={() => dispatch({ type: 'select', nodeId: null })}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        deleteKeyCode={null}
        fitView
        minZoom={0.2}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </section>
  );
}

// ---------------------------------------------------------------- problems

function ProblemsList({ problems, workflow, dispatch }: { problems: WorkflowProblem[]; workflow: Workflow; dispatch: (a: BuilderAction) => void }) {
  const { t } = useI18n();
  const nameOf = (id: string) => workflow.nodes.find((n) => n.id === id)?.name ?? id;
  return (
    <section className="builder-panel" data-testid="problems-list" aria-label={t(`${P}problems.title`)}>
      <h2>
        {t(`${P}problems.title`)} ({problems.length})
      </h2>
      {problems.length === 0 ? (
        <p>{t(`${P}problems.none`)}</p>
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
    </section>
  );
}

// ---------------------------------------------------------------- settings

function SettingsPanel({ workflow, dispatch, readOnly }: { workflow: Workflow; dispatch: (a: BuilderAction) => void; readOnly: boolean }) {
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
        <label htmlFor={`${id}-category`}>{t(`${P}settings.category`)}</label>
        <select id={`${id}-category`} value={workflow.category} onChange={(e) => set({ category: e.target.value as Workflow['category'] })}>
          {WORKFLOW_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`workflows.catalogue.categories.${c}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-industry`}>{t(`${P}settings.industry`)}</label>
        <select id={`${id}-industry`} value={workflow.industry} onChange={(e) => set({ industry: e.target.value as Workflow['industry'] })}>
          {WORKFLOW_INDUSTRIES.map((c) => (
            <option key={c} value={c}>
              {t(`workflows.catalogue.industries.${c}`)}
            </option>
          ))}
        </select>
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

// ---------------------------------------------------------------- history

function HistoryPanel({
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

// ---------------------------------------------------------------- import / export

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

function ImportExport({ workflow, dispatch, readOnly }: { workflow: Workflow; dispatch: (a: BuilderAction) => void; readOnly: boolean }) {
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
