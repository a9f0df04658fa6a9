// Whether the browser has a network connection, as React state. The browser's
// own signal (navigator.onLine and its online/offline events): it says
// "offline" reliably when there is no network at all, which is the case the
// app must handle without waiting on timeouts. A server that cannot be
// reached while "online" still shows as a failed request where it happens.
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** navigator.onLine, read now (true where there is no navigator). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** True while the browser has a network connection; re-renders when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
