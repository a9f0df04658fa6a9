// The toast queue as a pure reducer, so its rules (one at a time, a dismissed
// toast lingers closed before removal) are tested without a DOM.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** A dismissed toast stays (closed) this long so its exit animation and focus return finish. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Radix Toast's hotkey: F8 moves focus into the notification region. */
export const TOAST_HOTKEY = ['F8'] as const;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastAction {
  label: string;
  /** What a screen reader user is told to do instead of pressing the button (Radix requires it). */
  altText?: string;
  onClick: () => void;
}

export interface ToastOptions {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself (default TOAST_DURATION_MS); Infinity keeps it open. */
  duration?: number;
  action?: ToastAction;
}

export interface ToastRecord extends ToastOptions {
  id: string;
  open: boolean;
}

export type ToastEvent =
  | { type: 'add'; toast: ToastRecord }
  | { type: 'update'; id: string; changes: Partial<ToastOptions> }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

/** Next state of the queue; dismiss/remove without an id applies to every toast. */
export function toastReducer(toasts: readonly ToastRecord[], event: ToastEvent): ToastRecord[] {
  switch (event.type) {
    case 'add':
      // Newest first; the limit drops older ones at once.
      return [event.toast, ...toasts].slice(0, TOAST_LIMIT);
    case 'update':
      return toasts.map((toast) => (toast.id === event.id ? { ...toast, ...event.changes } : toast));
    case 'dismiss':
      return toasts.map((toast) => (event.id === undefined || toast.id === event.id ? { ...toast, open: false } : toast));
    case 'remove':
      return event.id === undefined ? [] : toasts.filter((toast) => toast.id !== event.id);
  }
}
