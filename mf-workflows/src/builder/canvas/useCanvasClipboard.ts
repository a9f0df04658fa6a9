// Copy, paste and duplicate of the selected steps: the keyboard (the page's
// copy and paste events, so no clipboard permission is needed) and the
// toolbar's buttons (navigator.clipboard, localStorage when reading is refused).
import { useCallback, useEffect, useState } from 'react';
import { useLatest } from '../builderHooks';
import { withExpressionCompiler } from '../expressionCompiler';
import type { BuilderAction, BuilderState } from '../builderState';
import { copyNodes, parseClipboard, pasteInto, readClipboard, writeClipboard, CLIPBOARD_STORAGE_KEY, type ClipboardPayload } from './clipboard';

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
/** Text the user selected on the page: theirs to copy, not the steps. */
const hasTextSelection = () => {
  const selection = typeof window.getSelection === 'function' ? window.getSelection() : null;
  return Boolean(selection && !selection.isCollapsed && selection.toString().trim());
};

/** Last what happened, for a polite status line: 'copied' | 'pasted' | 'empty' and how many. */
export type ClipboardNote = { kind: 'copied' | 'pasted' | 'empty'; count: number } | null;

export function useCanvasClipboard(state: BuilderState, dispatch: (a: BuilderAction) => void, readOnly: boolean) {
  const stateRef = useLatest(state);
  const [note, setNote] = useState<ClipboardNote>(null);

  const selection = useCallback(() => {
    const s = stateRef.current;
    return copyNodes(s.workflow.nodes, s.workflow.edges, s.selectedNodeIds.length > 0 ? s.selectedNodeIds : s.selectedNodeId ? [s.selectedNodeId] : []);
  }, [stateRef]);
  const add = useCallback(
    (payload: ClipboardPayload | null) => {
      if (!payload) {
        setNote({ kind: 'empty', count: 0 });
        return;
      }
      // Pasting renames keys (and their references): it waits for the expression compiler if it is still loading.
      withExpressionCompiler(() => {
        const s = stateRef.current;
        const pasted = pasteInto(payload, s.workflow.nodes, s.workflow.edges);
        dispatch({ type: 'addNodes', nodes: pasted.nodes, edges: pasted.edges });
        setNote({ kind: 'pasted', count: pasted.nodes.length });
      });
    },
    [dispatch, stateRef],
  );

  const copy = useCallback(async () => {
    const payload = selection();
    if (!payload) return;
    await writeClipboard(payload);
    setNote({ kind: 'copied', count: payload.nodes.length });
  }, [selection]);
  const paste = useCallback(async () => {
    if (!readOnly) add(await readClipboard());
  }, [add, readOnly]);
  const duplicate = useCallback(() => {
    if (!readOnly) {
      const payload = selection();
      if (payload) add(payload);
    }
  }, [add, readOnly, selection]);

  useEffect(() => {
    const onCopy = (event: ClipboardEvent) => {
      if (isEditable(event.target) || hasTextSelection()) return;
      const payload = selection();
      if (!payload) return;
      const text = JSON.stringify(payload);
      event.clipboardData?.setData('text/plain', text);
      event.preventDefault();
      try {
        window.localStorage.setItem(CLIPBOARD_STORAGE_KEY, text);
      } catch {
        // The system clipboard has it.
      }
      setNote({ kind: 'copied', count: payload.nodes.length });
    };
    const onPaste = (event: ClipboardEvent) => {
      if (readOnly || isEditable(event.target)) return;
      const text = event.clipboardData?.getData('text/plain');
      const payload = text !== undefined ? parseClipboard(text) : parseClipboard(window.localStorage.getItem(CLIPBOARD_STORAGE_KEY) ?? '');
      // Other text pasted on the canvas: not ours to handle.
      if (!payload) return;
      event.preventDefault();
      add(payload);
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [add, readOnly, selection]);

  return { copy, paste, duplicate, note };
}
