// The browser's Service Worker API directly, not workbox-window: its Workbox
// class is 2.4 kB gzip of every first view for the two events used here (a new
// version waits; it took control).

/** The parts of navigator.serviceWorker this needs (a fake in the tests). */
export type ServiceWorkerContainerLike = Pick<ServiceWorkerContainer, 'register' | 'controller' | 'addEventListener'>;

export interface ServiceWorkerOptions {
  url?: string;
  /** A new version is installed and waiting; call applyUpdate to switch to it (the page reloads). */
  onUpdateWaiting: (applyUpdate: () => void) => void;
  reload?: () => void;
  container?: ServiceWorkerContainerLike;
}

/** The message the service worker answers with skipWaiting() (serviceWorker.ts). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

/**
 * Registers /sw.js. A failed registration is only logged: the app works
 * without a service worker, just not offline. A worker that is installed while
 * another controls the page is offered (at registration when one already
 * waits, else when an update finishes installing); accepting it tells it to
 * skip waiting and reloads once it controls the page, so page and worker match.
 * The first install, with no worker in control yet, takes over without asking.
 */
export async function registerServiceWorker({
  url = '/sw.js',
  onUpdateWaiting,
  reload = () => window.location.reload(),
  container = navigator.serviceWorker,
}: ServiceWorkerOptions): Promise<ServiceWorkerRegistration | null> {
  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register(url);
  } catch (error) {
    console.warn('Agentflow: service worker registration failed; offline use is unavailable.', error);
    return null;
  }
  const offer = (worker: ServiceWorker) =>
    onUpdateWaiting(() => {
      container.addEventListener('controllerchange', () => reload(), { once: true });
      worker.postMessage(SKIP_WAITING_MESSAGE);
    });
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) offer(installing);
    });
  });
  return registration;
}
