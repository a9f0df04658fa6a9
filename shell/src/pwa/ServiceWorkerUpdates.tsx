import { useEffect, useRef } from 'react';
import { useI18n, useToast } from '@agentflow/shared';

/**
 * Registers the service worker after the page has loaded (so it never
 * competes with the first view) and offers a reload when a new version waits.
 */
export function ServiceWorkerUpdates({ enabled = process.env.NODE_ENV === 'production' }: { enabled?: boolean }) {
  const { t } = useI18n();
  const { toast } = useToast();
  // The toast is worded in the language of the moment it appears.
  const latest = useRef({ t, toast });
  latest.current = { t, toast };

  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let active = true;
    const start = () => {
      void import('./registerServiceWorker').then(({ registerServiceWorker }) =>
        registerServiceWorker({
          onUpdateWaiting: (applyUpdate) => {
            if (!active) return;
            const { t: translate, toast: show } = latest.current;
            show({
              title: translate('toast.updateTitle'),
              description: translate('toast.updateBody'),
              duration: Infinity,
              action: { label: translate('toast.reload'), onClick: applyUpdate },
            });
          },
        }),
      );
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      active = false;
      window.removeEventListener('load', start);
    };
  }, [enabled]);
  return null;
}
