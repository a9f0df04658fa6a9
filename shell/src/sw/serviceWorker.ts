/// <reference lib="webworker" />
// The shell's service worker (/sw.js), built by Workbox's InjectManifest.
// Precaches the shell, serves every client-side route from the precached
// index.html, and caches the remotes at run time: their manifests and
// entries network-first (they change with each deploy), their hashed chunks
// cache-first. At install it also fetches every remote's entry and exposed
// chunks, so pages never visited online still open offline.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { HASHED_ASSET, remoteAssetUrls, type FederationManifest } from './remoteAssets';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const CONFIG_CACHE = 'agentflow-runtime-config';
const REMOTE_ENTRY_CACHE = 'agentflow-remote-entries';
const REMOTE_CHUNK_CACHE = 'agentflow-remote-chunks';
const NETWORK_TIMEOUT_SECONDS = 4;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// A new version waits until the user accepts the reload the page offers.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Client-side routes (/workflows, /billing/...) are the single-page app.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/sw\.js$/, /\/[^/]+\.[a-z0-9]+$/i] }));

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && (url.pathname === '/app-config.json' || url.pathname === '/remotes.json'),
  new NetworkFirst({ cacheName: CONFIG_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS }),
);

// Status 0: remote entries load through <script> tags, whose responses are opaque.
const cacheable = () => new CacheableResponsePlugin({ statuses: [0, 200] });

registerRoute(
  ({ url, sameOrigin }) => !sameOrigin && (url.pathname.endsWith('/mf-manifest.json') || url.pathname.endsWith('/remoteEntry.js')),
  new NetworkFirst({ cacheName: REMOTE_ENTRY_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [cacheable()] }),
);

registerRoute(
  ({ url, sameOrigin, request }) => !sameOrigin && (request.destination === 'script' || request.destination === 'style') && HASHED_ASSET.test(url.pathname),
  new CacheFirst({
    cacheName: REMOTE_CHUNK_CACHE,
    plugins: [cacheable(), new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true })],
  }),
);

async function fetchInto(cacheName: string, url: string): Promise<Response | undefined> {
  const response = await fetch(url, { mode: 'cors', credentials: 'omit' });
  if (!response.ok) return undefined;
  const cache = await caches.open(cacheName);
  await cache.put(url, response.clone());
  return response;
}

/** Fetches the run-time configuration and every remote's entry and exposed chunks into the run-time caches. */
async function warmRemoteCaches(): Promise<void> {
  await fetchInto(CONFIG_CACHE, new URL('/app-config.json', self.location.origin).href);
  const remotesResponse = await fetchInto(CONFIG_CACHE, new URL('/remotes.json', self.location.origin).href);
  if (!remotesResponse) return;
  const remotes = (await remotesResponse.json()) as Record<string, string>;
  await Promise.all(
    Object.values(remotes).map(async (manifestUrl) => {
      try {
        const manifestResponse = await fetchInto(REMOTE_ENTRY_CACHE, manifestUrl);
        if (!manifestResponse) return;
        const assets = remoteAssetUrls(manifestUrl, (await manifestResponse.json()) as FederationManifest);
        await fetchInto(REMOTE_ENTRY_CACHE, assets.entry);
        const chunkCache = await caches.open(REMOTE_CHUNK_CACHE);
        await Promise.all(
          assets.chunks.map(async (url) => {
            if (!(await chunkCache.match(url))) await fetchInto(REMOTE_CHUNK_CACHE, url);
          }),
        );
      } catch (error) {
        // One unreachable remote must not stop the others, nor the install.
        console.warn(`Agentflow service worker: could not cache ${manifestUrl}`, error);
      }
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(warmRemoteCaches().catch((error: unknown) => console.warn('Agentflow service worker: warm-up failed', error)));
});
