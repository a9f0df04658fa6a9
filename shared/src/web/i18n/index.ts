import i18next, { type i18n as I18nInstance } from 'i18next';
import type { Catalog } from './catalogs/en.js';
import { loadCatalog, loadedCatalog, loadedResources } from './catalogRegistry.js';
import { loadRemoteCatalogsInUse } from './remoteCatalogs.js';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, pickInitialLanguage, type SupportedLanguage } from '../../domain/i18n/languages.js';

export * from '../../domain/i18n/languages.js';
export { loadCatalog, loadedCatalog, registerCatalogs } from './catalogRegistry.js';
export type { Catalog };

/**
 * A ready i18next instance (initialised synchronously) holding every catalog
 * loaded so far; a language whose catalog is not here yet starts in English.
 */
export function createI18n(language: SupportedLanguage = DEFAULT_LANGUAGE): I18nInstance {
  const instance = i18next.createInstance();
  // No react-i18next: every component reads `t` from useI18n (I18nProvider), none from useTranslation.
  void instance.init({
    lng: loadedCatalog(language) ? language : DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: loadedResources(),
    interpolation: { escapeValue: false }, // React escapes already
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** Adds a language's catalog to an instance, fetching it first if needed. */
export async function ensureLanguage(instance: I18nInstance, language: SupportedLanguage): Promise<void> {
  // The remotes' lazy catalogs in use come along, so the switch shows no English.
  const [catalog] = await Promise.all([loadCatalog(language), loadRemoteCatalogsInUse(instance, language)]);
  // Deep and without overwriting: a remote may already have merged its own texts for this language.
  instance.addResourceBundle(language, 'translation', catalog, true, false);
}

/** What the I18nProvider will start in: the saved choice, else the browser's language, else English. */
export function detectInitialLanguage(): SupportedLanguage {
  let saved: string | null = null;
  try {
    saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    saved = null; // storage can be blocked; fall back to the browser language
  }
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickInitialLanguage(saved, browser);
}
