import { useEffect, useEffectEvent } from 'react';
import { useI18n, useToast } from '@agentflow/shared';

/**
 * Registers the service worker after the page has loaded (so it never
 * competes with the first view) and offers a reload when a new version waits.
 */
export function ServiceWorkerUpdates({ enabled = process.env.NODE_ENV === 'production' }: { enabled?: boolean }) {
  const { t } = useI18n();
  const { toast } = useToast();
  // An effect event: the toast is worded in the language of the moment it appears, without re-registering.
  const offerReload = useEffectEvent((applyUpdate: () => void) => {
    toast({
      title: t('toast.updateTitle'),
      description: t('toast.updateBody'),
      duration: Infinity,
      action: { label: t('toast.reload'), onClick: applyUpdate },
    });
  });

  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let active = true;
    const start = () => {
      void import('./registerServiceWorker').then(({ registerServiceWorker }) =>
        registerServiceWorker({
          onUpdateWaiting: (applyUpdate) => {
            if (active) offerReload(applyUpdate);
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
