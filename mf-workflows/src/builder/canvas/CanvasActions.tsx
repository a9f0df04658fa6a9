// The toolbar's editing actions: undo, redo, delete, tidy up and the shortcuts
// list inline on wide screens; on a phone folded into one "More actions" menu.
import type { ReactNode } from 'react';
import { useI18n } from '@agentflow/shared';
import { canRedo, canUndo, type BuilderAction, type BuilderState } from '../builderState';

const P = 'workflows.builder.';
const C = 'workflows.canvas.';

export interface CanvasActionsProps {
  state: BuilderState;
  dispatch: (a: BuilderAction) => void;
  readOnly: boolean;
  phone: boolean;
  onAutoLayout: () => void;
  onShortcuts: () => void;
  /** More actions from the rest of the builder (in the menu on a phone). */
  children?: ReactNode;
}

export function CanvasActions({ state, dispatch, readOnly, phone, onAutoLayout, onShortcuts, children }: CanvasActionsProps) {
  const { t } = useI18n();
  const hasSelection = Boolean(state.selectedNodeId || state.selectedEdgeId || state.selectedNodeIds.length > 0);
  const buttons = (
    <>
      <button type="button" onClick={() => dispatch({ type: 'undo' })} disabled={readOnly || !canUndo(state)} title="Ctrl+Z">
        {t(`${P}actions.undo`)}
      </button>
      <button type="button" onClick={() => dispatch({ type: 'redo' })} disabled={readOnly || !canRedo(state)} title="Ctrl+Shift+Z">
        {t(`${P}actions.redo`)}
      </button>
      <button type="button" onClick={() => dispatch({ type: 'deleteSelection' })} disabled={readOnly || !hasSelection} title="Delete">
        {t(`${P}actions.delete`)}
      </button>
      <button type="button" onClick={onAutoLayout} disabled={readOnly || state.workflow.nodes.length < 2} title="Shift+Alt+T">
        {t(`${C}toolbar.autoLayout`)}
      </button>
      {!phone && (
        <button type="button" onClick={onShortcuts} title="?">
          {t(`${C}toolbar.shortcuts`)}
        </button>
      )}
      {children}
    </>
  );
  if (!phone) return <div className="canvas-actions">{buttons}</div>;
  return (
    <details className="canvas-menu">
      <summary>{t(`${C}toolbar.menu`)}</summary>
      <div className="canvas-menu-items">{buttons}</div>
    </details>
  );
}

/** The polite line saying what copy or paste just did. */
export function clipboardNoteText(t: (key: string, options?: Record<string, unknown>) => string, note: { kind: string; count: number } | null): string {
  return note ? t(`${C}clipboard.${note.kind}`, { count: note.count }) : '';
}
