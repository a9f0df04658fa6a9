import { createTranslator, type I18nInstance } from './translator.js';
import type { Catalog } from './catalogs/en.js';
import { loadCatalog, loadedCatalog, loadedCatalogs } from './catalogRegistry.js';
import { loadRemoteCatalogsInUse } from './remoteCatalogs.js';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, pickInitialLanguage, type SupportedLanguage } from '../../domain/i18n/languages.js';

export * from '../../domain/i18n/languages.js';
export { loadCatalog, loadedCatalog, registerCatalogs } from './catalogRegistry.js';
export type { Catalog, I18nInstance };
export type { TFunction, TOptions } from './translator.js';

/**
 * A ready i18n instance holding every catalog loaded so far; a language
 * whose catalog is not here yet starts in English. Every component reads `t`
 * from useI18n (I18nProvider); texts are not HTML-escaped (React escapes).
 */
export function createI18n(language: SupportedLanguage = DEFAULT_LANGUAGE): I18nInstance {
  return createTranslator({
    language: loadedCatalog(language) ? language : DEFAULT_LANGUAGE,
    fallbackLanguage: DEFAULT_LANGUAGE,
    catalogs: loadedCatalogs(),
  });
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
