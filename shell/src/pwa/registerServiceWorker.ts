import { Workbox } from 'workbox-window';

export interface ServiceWorkerOptions {
  url?: string;
  /** A new version is installed and waiting; call applyUpdate to switch to it (the page reloads). */
  onUpdateWaiting: (applyUpdate: () => void) => void;
  reload?: () => void;
}

/**
 * Registers /sw.js. A failed registration is only logged: the app works
 * without a service worker, just not offline.
 */
export async function registerServiceWorker({ url = '/sw.js', onUpdateWaiting, reload = () => window.location.reload() }: ServiceWorkerOptions): Promise<Workbox | null> {
  const workbox = new Workbox(url);
  workbox.addEventListener('waiting', () => {
    onUpdateWaiting(() => {
      // Reload once the new worker controls the page, so page and worker match.
      workbox.addEventListener('controlling', () => reload());
      workbox.messageSkipWaiting();
    });
  });
  try {
    await workbox.register();
    return workbox;
  } catch (error) {
    console.warn('Agentflow: service worker registration failed; offline use is unavailable.', error);
    return null;
  }
}
