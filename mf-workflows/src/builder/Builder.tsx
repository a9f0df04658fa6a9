// The workflow builder (lazily loaded by BuilderRoute): loads the workflow,
// edits it through the pure builderReducer, autosaves ~1 s after the last
// change, and lays out the page under the shell's header: the palette docked
// left, the canvas, the side panels (configuration, problems, settings,
// history and import/export) docked right, each folding away. On a phone: a
// read-only canvas, the step list, and the panels and palette as sheets.
import '@xyflow/react/dist/style.css';
import './builder.css';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { ReactFlowProvider, useReactFlow, useStoreApi } from '@xyflow/react';
import { Link, SavedOnDeviceNote, isOnline, useAuth, useI18n, useOnline, useRemoteCatalogs } from '@agentflow/shared';
import { CONNECTORS_CATALOGS } from '../connectors/i18n';
import { useConnectorSignInResult } from './connectorSignIn';
import type { NodePosition, Workflow } from '@agentflow/shared/workflow';
import type { WorkflowDocs } from '../api/workflowDocs';
import { readDraft, type WorkflowDraft } from '../api/workflowDrafts';
import { SaveIndicator, useAutosave } from './autosave';
import { BeforeLeaveContext } from '../connectors/beforeLeave';
import { BUILDER_CATALOGS } from './i18n';
import { builderReducer, initialBuilderState, type BuilderAction, type BuilderState } from './builderState';
import { ConfigPanel } from './ConfigPanel';
import { BuilderRunActions } from '../runs/BuilderRunActions';
import { LastRunToggle, RunOverlayProvider, useLastRunOverlay } from '../runs/overlay/RunOverlay';
import { PHONE_QUERY, useBuilderShortcuts, useLatest, useMediaQuery } from './builderHooks';
import { Palette, type NewNode } from './Palette';
import { Canvas, FIT_VIEW_OPTIONS } from './Canvas';
import { NODE_TYPE_KEYS } from './fields';
import { CANVAS_CATALOGS } from './canvas/i18n';
import { DockSection, DockToggle, useFoldedDocks } from './canvas/docks';
import { StepList } from './canvas/StepList';
import { CARD, defaultNodeName, placeNewNode } from './canvas/placement';
import { useCanvasClipboard, type ClipboardNote } from './canvas/useCanvasClipboard';
import { CanvasActions, clipboardNoteText } from './canvas/CanvasActions';
import { ProblemsList, SettingsPanel } from './WorkflowPanels';
import { SaveVersionButton } from './versions/SaveVersionButton';
import { ShareButton } from '../sharing/ShareButton';
import { ActiveSwitch } from './triggers/ActiveSwitch';
import { LocalProblemsScope, useBuilderProblems } from './problems/localProblems';
import { useMcpToolProblems } from './mcp/mcpToolProblems';
import { PageLoading } from '../components/PageLoading';
import { useCredentialProblems } from '../credentials/agentCredentials';
import { secretWarnings } from './LiteralSecretWarning';

// History and import/export (the file decoder, the catalogue's writer) load with their panels, not with the canvas.
const HistoryPanel = lazy(() => import('./HistoryPanel').then((module) => ({ default: module.HistoryPanel })));
const ImportExport = lazy(() => import('./ImportExport').then((module) => ({ default: module.ImportExport })));
const P = 'workflows.builder.';
const C = 'workflows.canvas.';
// Off the first view: the shortcuts list opens on demand (the layout library loads on "Tidy up").
const ShortcutsDialog = lazy(() => import('./canvas/ShortcutsDialog'));
export { AUTOSAVE_DELAY_MS } from './autosave';
export { PHONE_QUERY } from './builderHooks';

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
    return <PageLoading label={t(`${P}loading`)} />;
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


/** The builder fills the window under the shell's header: its top, measured, sets its height (builder.css). */
function useFillViewport() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => el.style.setProperty('--builder-top', `${Math.max(0, el.getBoundingClientRect().top + window.scrollY)}px`);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return ref;
}

/** Adding a node: after the selected one and connected from it, named in the user's language. */
function useAddNode(state: BuilderState, dispatch: (a: BuilderAction) => void) {
  const { t } = useI18n();
  const stateRef = useLatest(state);
  return useCallback(
    (node: NewNode, at?: NodePosition) => {
      const { workflow, selectedNodeId } = stateRef.current;
      const name = node.name ?? defaultNodeName(t(`${P}nodeTypes.${NODE_TYPE_KEYS[node.nodeType]}`), workflow.nodes);
      const placement = at ? { position: at } : placeNewNode(node.nodeType, workflow.nodes, workflow.edges, selectedNodeId);
      dispatch({ type: 'addNode', nodeType: node.nodeType, ...(node.params ? { params: node.params } : {}), name, ...placement });
      return placement.position;
    },
    [dispatch, t, stateRef],
  );
}

function BuilderScreen({ initial, docs, uid, draft, openedSavedAt }: BuilderScreenProps) {
  useRemoteCatalogs(CANVAS_CATALOGS);
  const { t } = useI18n();
  const online = useOnline();
  const [state, dispatch] = useReducer(builderReducer, initial, initialBuilderState);
  const workflow = state.workflow;
  const readOnly = initial.visibility === 'template';
  // "Show last run": the canvas marks each node with the newest run's status (read when switched on).
  const lastRun = useLastRunOverlay(workflow.id);
  // The domain's checks, plus agents whose credential the user no longer has (the service refuses those runs).
  const credentialProblems = useCredentialProblems(workflow);
  // ...agents' MCP tools their servers no longer list...
  const mcpProblems = useMcpToolProblems(workflow);
  const serviceProblems = useMemo(() => (mcpProblems.length === 0 ? credentialProblems : [...credentialProblems, ...mcpProblems]), [credentialProblems, mcpProblems]);
  // ...and what fields know alone (JSON that does not parse), counted like the rest.
  const { problems, report: reportLocalProblem } = useBuilderProblems(workflow, serviceProblems);
  // Secrets in plain text: warnings, not problems (the workflow still saves and runs).
  const warnings = useMemo(() => secretWarnings(t, workflow), [t, workflow]);
  const [panelsOpen, setPanelsOpen] = useState(false);
  const [paletteSheet, setPaletteSheet] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const phone = useMediaQuery(PHONE_QUERY);
  const sideRef = useRef<HTMLElement>(null);
  const builderRef = useFillViewport();
  const docks = useFoldedDocks();
  const { fitView } = useReactFlow();
  const sizesRef = useRef<Record<string, { width: number; height: number }>>({});
  const onMeasured = useCallback((sizes: Record<string, { width: number; height: number }>) => {
    sizesRef.current = sizes;
  }, []);

  const { status, retry, flush, flushForRun, versions, keptAt, conflictView } = useAutosave(state, dispatch, docs, readOnly, { uid, draft });
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
  // Wider screens: selecting a node unfolds the side panels and its configuration.
  const { setFold } = docks;
  useEffect(() => {
    if (phone || !state.selectedNodeId) return;
    setFold('panels', false);
    setFold('section:config', false);
  }, [phone, state.selectedNodeId, setFold]);

  // Back to the canvas: close the sheet and drop the selection, so tapping the same node opens it again.
  const closeSheet = useCallback(() => {
    setPanelsOpen(false);
    dispatch({ type: 'select', nodeId: null });
  }, []);

  const addNode = useAddNode(state, dispatch);
  const flowStore = useStoreApi();
  const addFromPalette = useCallback(
    (node: NewNode) => {
      const at = addNode(node);
      setPaletteSheet(false);
      // A step placed off the visible canvas (after the last one, far right) is brought into view,
      // as n8n does: a new step nobody can see cannot be tapped or configured on the canvas.
      const { width, height, transform } = flowStore.getState();
      const [x, y, zoom] = transform;
      const left = at.x * zoom + x;
      const top = at.y * zoom + y;
      if (left < 0 || top < 0 || left + CARD.width * zoom > width || top + CARD.height * zoom > height) window.requestAnimationFrame(() => void fitView(FIT_VIEW_OPTIONS));
    },
    [addNode, flowStore, fitView],
  );
  const autoLayout = useCallback(async () => {
    if (readOnly) return;
    const { layoutWorkflow } = await import(/* webpackChunkName: "builder-layout" */ './layout/autoLayout');
    dispatch({ type: 'moveNodes', positions: layoutWorkflow(workflow.nodes, workflow.edges, { sizes: sizesRef.current }) });
    window.requestAnimationFrame(() => void fitView(FIT_VIEW_OPTIONS));
  }, [readOnly, workflow.nodes, workflow.edges, fitView]);
  const clipboard = useCanvasClipboard(state, dispatch, readOnly);
  useBuilderShortcuts(dispatch, readOnly, {
    duplicate: clipboard.duplicate,
    selectAll: () => dispatch({ type: 'selectNodes', nodeIds: workflow.nodes.map((n) => n.id) }),
    autoLayout: () => void autoLayout(),
    fitView: () => void fitView(FIT_VIEW_OPTIONS),
    help: () => setShortcutsOpen(true),
  });
  // Back from an app's sign-in: the new account goes to the step (or agent tool) that asked.
  useRemoteCatalogs(CONNECTORS_CATALOGS);
  useConnectorSignInResult(workflow, dispatch);

  const selectedNode = workflow.nodes.find((n) => n.id === state.selectedNodeId) ?? null;
  const paletteFolded = docks.isFolded('palette');
  const panelsFolded = !phone && docks.isFolded('panels');
  const section = (id: string, title: string, body: ReactNode) => (
    <DockSection id={id} title={title} folded={docks.isFolded(`section:${id}`)} onFold={(f) => setFold(`section:${id}`, f)}>
      {body}
    </DockSection>
  );

  const secondaryActions = (
    <>
      <SaveVersionButton versions={versions} readOnly={readOnly} />
      {!readOnly && <LastRunToggle overlay={lastRun} />}
      {/* Shown to who may share it; pending edits are saved first, and after a move the builder's copy follows (its next save names the new workspace). */}
      {!readOnly && (
        <ShareButton
          workflow={workflow}
          beforeOpen={() => void flush()}
          onMoved={(organizationId) => {
            // As the settings' workspace line does (WorkflowPanels): the builder's copy takes the new place.
            const place: Partial<Workflow> = { organizationId, visibility: organizationId ? 'organization' : 'private' };
            dispatch({ type: 'updateSettings', settings: place });
          }}
        />
      )}
    </>
  );

  return (
    <div
      ref={builderRef}
      className={`builder builder-screen${panelsOpen ? ' builder--panels-open' : ''}${phone ? ' builder--phone' : ''}${paletteFolded ? ' builder--palette-folded' : ''}${panelsFolded ? ' builder--side-folded' : ''}`}
    >
      <header className="builder-toolbar">
        <Link to="/workflows" className="builder-back">
          ← {t(`${P}back`)}
        </Link>
        <h1 className="builder-title">{workflow.name || t(`${P}title`)}</h1>
        <div className="builder-toolbar-actions" role="toolbar" aria-label={t(`${P}title`)}>
          <CanvasActions state={state} dispatch={dispatch} readOnly={readOnly} phone={phone} onAutoLayout={() => void autoLayout()} onShortcuts={() => setShortcutsOpen(true)}>
            {/* On a phone the secondary actions join the "More actions" menu (no wall of buttons). */}
            {phone && secondaryActions}
          </CanvasActions>
          <button type="button" className="builder-panels-toggle" aria-expanded={panelsOpen} onClick={() => setPanelsOpen((o) => !o)}>
            {t(`${P}actions.panels`)}
          </button>
          {/* Other helpers' toolbar actions (save a version, run overlay, the workflow's menu) go here. */}
          {/* On/off: saved like any other change (autosave); templates have no switch. */}
          {!readOnly && <ActiveSwitch compact active={workflow.active !== false} onChange={(active) => dispatch({ type: 'updateSettings', settings: { active } })} />}
          <SaveIndicator status={readOnly ? 'saved' : status} onRetry={retry} />
          {!phone && secondaryActions}
          <BuilderRunActions template={readOnly} beforeRun={flushForRun} />
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
      <p className="visually-hidden" role="status" data-testid="clipboard-status">
        {clipboardNoteText(t, clipboard.note as ClipboardNote)}
      </p>
      <div className="builder-body">
        {!phone && !paletteFolded && (
          <div className="builder-dock builder-dock--left">
            <Palette onAdd={addFromPalette} readOnly={readOnly} />
          </div>
        )}
        <div className="builder-stage">
          {!phone && (
            <div className="builder-stage-toggles">
              <DockToggle side="left" folded={paletteFolded} onFold={(f) => setFold('palette', f)} />
              <DockToggle side="right" folded={panelsFolded} onFold={(f) => setFold('panels', f)} />
            </div>
          )}
          <RunOverlayProvider workflow={workflow} overlay={lastRun}>
            <Canvas state={state} problems={problems} dispatch={dispatch} readOnly={readOnly} viewOnly={phone} onDropNode={addNode} onMeasured={onMeasured} />
          </RunOverlayProvider>
          {phone && (
            <>
              {!readOnly && (
                <button type="button" className="btn builder-add-step" onClick={() => setPaletteSheet(true)}>
                  + {t(`${C}toolbar.addStep`)}
                </button>
              )}
              <StepList nodes={workflow.nodes} edges={workflow.edges} problems={problems} selectedId={state.selectedNodeId} onOpen={(id) => dispatch({ type: 'select', nodeId: id })} />
            </>
          )}
        </div>
        {phone && paletteSheet && (
          <div className="builder-sheet builder-palette-sheet" data-testid="palette-sheet">
            <button type="button" className="builder-sheet-close-palette" onClick={() => setPaletteSheet(false)}>
              ← {t(`${C}toolbar.closePalette`)}
            </button>
            <Palette onAdd={addFromPalette} readOnly={readOnly} />
          </div>
        )}
        <aside className="builder-side" ref={sideRef} hidden={(phone && !panelsOpen) || panelsFolded} data-testid="builder-side">
          {phone && (
            <button type="button" className="builder-sheet-close" onClick={closeSheet}>
              ← {t(`${P}actions.backToCanvas`)}
            </button>
          )}
          {section(
            'config',
            t(`${P}config.title`),
            <BeforeLeaveContext.Provider value={flush}>
              <LocalProblemsScope report={reportLocalProblem}>
                <ConfigPanel workflow={workflow} node={selectedNode} dispatch={dispatch} readOnly={readOnly} />
              </LocalProblemsScope>
            </BeforeLeaveContext.Provider>,
          )}
          {section('problems', t(`${P}problems.title`), <ProblemsList problems={problems} warnings={warnings} workflow={workflow} dispatch={dispatch} />)}
          {section('settings', t(`${P}settings.title`), <SettingsPanel workflow={workflow} dispatch={dispatch} readOnly={readOnly} />)}
          {section('history', t(`${P}history.title`), <Suspense fallback={null}>
              <HistoryPanel docs={docs} workflow={workflow} versions={versions} readOnly={readOnly} />
            </Suspense>)}
          {section('io', t(`${P}io.title`), <Suspense fallback={null}>
              <ImportExport workflow={workflow} dispatch={dispatch} readOnly={readOnly} />
            </Suspense>)}
        </aside>
      </div>
      {shortcutsOpen && (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={() => setShortcutsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
