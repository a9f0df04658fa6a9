import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastContextValue } from '../federation/contexts.js';
import { TOAST_REMOVE_DELAY_MS, toastReducer, type ToastOptions } from './toastStore.js';

// Radix Toast is fetched with the first toast, not with the first view.
const ToastViewport = lazy(() => import('./ToastViewport.js'));

let lastId = 0;
const nextToastId = () => `toast-${++lastId}`;

/**
 * Holds the toast queue for the host and every remote (useToast()). A
 * dismissed toast is removed TOAST_REMOVE_DELAY_MS later.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastReducer, []);
  const [viewportNeeded, setViewportNeeded] = useState(false);
  const removals = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  // Once a toast has been queued the viewport stays (set while rendering the queue, not in an effect after it).
  if (toasts.length > 0 && !viewportNeeded) setViewportNeeded(true);

  useEffect(() => {
    for (const toast of toasts) {
      if (toast.open || removals.current.has(toast.id)) continue;
      removals.current.set(
        toast.id,
        setTimeout(() => {
          removals.current.delete(toast.id);
          dispatch({ type: 'remove', id: toast.id });
        }, TOAST_REMOVE_DELAY_MS),
      );
    }
  }, [toasts]);

  useEffect(() => {
    const timers = removals.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const dismiss = useCallback((id?: string) => dispatch({ type: 'dismiss', id }), []);
  const toast = useCallback((options: ToastOptions) => {
    const id = nextToastId();
    dispatch({ type: 'add', toast: { ...options, id, open: true } });
    return {
      id,
      dismiss: () => dispatch({ type: 'dismiss', id }),
      update: (changes: Partial<ToastOptions>) => dispatch({ type: 'update', id, changes }),
    };
  }, []);

  const value = useMemo<ToastContextValue>(() => ({ toasts, toast, dismiss }), [toasts, toast, dismiss]);
  const onOpenChange = useCallback((id: string, open: boolean) => {
    if (!open) dismiss(id);
  }, [dismiss]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {viewportNeeded ? (
        <Suspense fallback={null}>
          <ToastViewport toasts={toasts} onOpenChange={onOpenChange} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
