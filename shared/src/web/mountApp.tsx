import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from './router.js';
import { loadAppConfig, type AppConfig } from './config.js';
import { initFirebase } from './firebase/web.js';
import { detectInitialLanguage, loadCatalog } from './i18n/index.js';
import { AppProviders } from './providers/AppProviders.js';

/** What a page renders: the shell its element (`render`); a remote run standalone its exposed app (`remote`), at every path. */
type MountContent = { render: (config: AppConfig) => ReactNode } | { remote: ComponentType };

/**
 * Boots a page: reads the run-time configuration, initialises Firebase and
 * renders the element inside every provider of the federation contract. The
 * shell calls it once; a remote calls it only when it runs standalone.
 */
export async function mountApp(
  options: MountContent & {
    host: string;
    /** Work that must finish before the first render (e.g. registering remotes). */
    prepare?: (config: AppConfig) => Promise<void>;
    rootId?: string;
  },
): Promise<void> {
  const container = document.getElementById(options.rootId ?? 'root');
  if (!container) throw new Error(`#${options.rootId ?? 'root'} is missing from the page`);
  try {
    // The starting language's texts arrive with the configuration, so the
    // first render is already in the visitor's language.
    const [config] = await Promise.all([
      loadAppConfig(),
      loadCatalog(detectInitialLanguage()).catch((error: unknown) => console.warn('Could not load the starting language; using English.', error)),
    ]);
    initFirebase(config);
    await options.prepare?.(config);
    createRoot(container).render(
      <StrictMode>
        <AppProviders host={options.host} config={config}>
          <BrowserRouter>{'remote' in options ? <StandaloneRemote app={options.remote} /> : options.render(config)}</BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  } catch (error) {
    console.error(`${options.host} failed to start`, error);
    // Providers are not up, so this one message cannot be translated.
    container.textContent = 'Agentflow could not start. Please try refreshing the page.';
    throw error;
  }
}

/** A remote on its own page: the shell's main area, with the remote's routes at every path. */
function StandaloneRemote({ app: App }: { app: ComponentType }) {
  return (
    <main className="app-main">
      <Routes>
        <Route path="/*" element={<App />} />
      </Routes>
    </main>
  );
}
