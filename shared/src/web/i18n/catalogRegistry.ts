// English ships with the first view (it is the fallback); every other
// language is its own chunk, fetched when a user first needs it. The catalogs
// grow with every feature, and a visitor reads one language.
import { en, type Catalog } from './catalogs/en.js';
import { DEFAULT_LANGUAGE, type SupportedLanguage } from '../../domain/i18n/languages.js';

const LOADERS: Record<Exclude<SupportedLanguage, 'en'>, () => Promise<Catalog>> = {
  es: () => import('./catalogs/es.js').then((module) => module.es),
  fr: () => import('./catalogs/fr.js').then((module) => module.fr),
  de: () => import('./catalogs/de.js').then((module) => module.de),
  it: () => import('./catalogs/it.js').then((module) => module.it),
};

const loaded = new Map<SupportedLanguage, Catalog>([[DEFAULT_LANGUAGE, en]]);
const pending = new Map<SupportedLanguage, Promise<Catalog>>();

/** The catalog if it is already here (English always is). */
export function loadedCatalog(language: SupportedLanguage): Catalog | undefined {
  return loaded.get(language);
}

/** Fetches a language's catalog once; concurrent callers share the request, a failed one can be retried. */
export function loadCatalog(language: SupportedLanguage): Promise<Catalog> {
  const ready = loaded.get(language);
  if (ready) return Promise.resolve(ready);
  let request = pending.get(language);
  if (!request) {
    request = LOADERS[language as Exclude<SupportedLanguage, 'en'>]()
      .then((catalog) => {
        loaded.set(language, catalog);
        return catalog;
      })
      .finally(() => pending.delete(language));
    pending.set(language, request);
  }
  return request;
}

/** Makes catalogs available without fetching (tests, or a build that bundles them). */
export function registerCatalogs(catalogs: Partial<Record<SupportedLanguage, Catalog>>): void {
  for (const [language, catalog] of Object.entries(catalogs) as Array<[SupportedLanguage, Catalog]>) loaded.set(language, catalog);
}

/** Every catalog loaded so far, by language. */
export function loadedCatalogs(): Partial<Record<SupportedLanguage, Catalog>> {
  return Object.fromEntries(loaded);
}
