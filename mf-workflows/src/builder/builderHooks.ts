// The builder's screen-level hooks: the phone layout's media query and the
// keyboard shortcuts outside text fields (undo, redo, delete, duplicate, select
// all, tidy up, fit view, the shortcuts list; copy and paste are the page's
// own events, canvas/useCanvasClipboard).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { BuilderAction } from './builderState';

/** Phones: the side panels are hidden (builder.css, under 641 px) and open as a bottom sheet. */
export const PHONE_QUERY = '(max-width: 640px)';

/** Whether the media query matches now; follows changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
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

/** A ref that always holds the latest value (for handlers registered once). */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** What the shortcuts beyond undo/redo/delete do (the builder's own actions). */
export interface ShortcutActions {
  duplicate?: () => void;
  selectAll?: () => void;
  autoLayout?: () => void;
  fitView?: () => void;
  help?: () => void;
}

export function useBuilderShortcuts(dispatch: (a: BuilderAction) => void, readOnly: boolean, actions: ShortcutActions = {}) {
  const actionsRef = useLatest(actions);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isEditable(event.target) || (event.target instanceof HTMLElement && event.target.closest('dialog'))) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const run = (action?: () => void) => {
        if (!action) return;
        event.preventDefault();
        action();
      };
      // Reading shortcuts work on a template too.
      if (!mod && event.key === '?') return run(actionsRef.current.help);
      if (!mod && !event.altKey && event.key === '1') return run(actionsRef.current.fitView);
      if (mod && key === 'a') return run(actionsRef.current.selectAll);
      if (readOnly) return;
      if (mod && key === 'z') {
        event.preventDefault();
        dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
      } else if (mod && key === 'y') {
        event.preventDefault();
        dispatch({ type: 'redo' });
      } else if (mod && key === 'd') {
        run(actionsRef.current.duplicate);
      } else if (event.shiftKey && event.altKey && event.code === 'KeyT') {
        run(actionsRef.current.autoLayout);
      } else if (!mod && (event.key === 'Delete' || event.key === 'Backspace')) {
        event.preventDefault();
        dispatch({ type: 'deleteSelection' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch, readOnly, actionsRef]);
}
