// The workflow builder (lazily loaded by BuilderRoute): loads the workflow,
// edits it through the pure builderReducer, autosaves ~1 s after the last
// change, and lays out the canvas, palette and side panels (configuration,
// problems, settings, history and import/export), each in a file of its own.
import '@xyflow/react/dist/style.css';
import './builder.css';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ReactFlowProvider } from '@xyflow/react';
import { Link, SavedOnDeviceNote, isOnline, useAuth, useI18n, useOnline, useRemoteCatalogs } from '@agentflow/shared';
import { CONNECTORS_CATALOGS } from '../connectors/i18n';
import { useConnectorSignInResult } from './connectorSignIn';
import { validateWorkflow, type Workflow } from '@agentflow/shared/workflow';
import type { WorkflowDocs } from '../api/workflowDocs';
import { readDraft, type WorkflowDraft } from '../api/workflowDrafts';
import { SaveIndicator, useAutosave } from './autosave';
import { BeforeLeaveContext } from '../connectors/beforeLeave';
import { BUILDER_CATALOGS } from './i18n';
import { builderReducer, canRedo, canUndo, initialBuilderState } from './builderState';
import { ConfigPanel } from './ConfigPanel';
import { BuilderRunActions } from '../runs/BuilderRunActions';
import { PHONE_QUERY, useBuilderShortcuts, useMediaQuery } from './builderHooks';
import { Palette } from './Palette';
import { Canvas } from './Canvas';
import { ProblemsList, SettingsPanel } from './WorkflowPanels';
import { HistoryPanel } from './HistoryPanel';
import { ImportExport } from './ImportExport';
import { PageLoading } from '../components/PageLoading';
import { useCredentialProblems } from '../credentials/agentCredentials';
import { secretWarnings } from './LiteralSecretWarning';

const P = 'workflows.builder.';
export { AUTOSAVE_DELAY_MS } from './autosave';
export { PHONE_QUERY } from './builderHooks';
export { workflowGraphOf } from './ImportExport';

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

function BuilderScreen({ initial, docs, uid, draft, openedSavedAt }: BuilderScreenProps) {
  const { t } = useI18n();
  const online = useOnline();
  const [state, dispatch] = useReducer(builderReducer, initial, initialBuilderState);
  const workflow = state.workflow;
  const readOnly = initial.visibility === 'template';
  // The domain's checks, plus agents whose credential the user no longer has (the service refuses those runs).
  const credentialProblems = useCredentialProblems(workflow);
  const problems = useMemo(() => [...validateWorkflow(workflow), ...credentialProblems], [workflow, credentialProblems]);
  // Secrets in plain text: warnings, not problems (the workflow still saves and runs).
  const warnings = useMemo(() => secretWarnings(t, workflow), [t, workflow]);
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
  // Back from an app's sign-in: the new account goes to the step (or agent tool) that asked.
  useRemoteCatalogs(CONNECTORS_CATALOGS);
  useConnectorSignInResult(workflow, dispatch);

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
          <BeforeLeaveContext.Provider value={flush}>
            <ConfigPanel workflow={workflow} node={selectedNode} dispatch={dispatch} readOnly={readOnly} />
          </BeforeLeaveContext.Provider>
          <ProblemsList problems={problems} warnings={warnings} workflow={workflow} dispatch={dispatch} />
          <SettingsPanel workflow={workflow} dispatch={dispatch} readOnly={readOnly} />
          <HistoryPanel docs={docs} workflow={workflow} tick={historyTick} busy={savingRef} onRestored={markRestored} readOnly={readOnly} />
          <ImportExport workflow={workflow} dispatch={dispatch} readOnly={readOnly} />
        </aside>
      </div>
    </div>
  );
}
