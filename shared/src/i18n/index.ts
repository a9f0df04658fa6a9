import i18next, { type i18n as I18nInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './catalogs/de.js';
import { en, type Catalog } from './catalogs/en.js';
import { es } from './catalogs/es.js';
import { fr } from './catalogs/fr.js';
import { it } from './catalogs/it.js';
import { DEFAULT_LANGUAGE, type SupportedLanguage } from './languages.js';

export * from './languages.js';
export type { Catalog };

export const CATALOGS: Record<SupportedLanguage, Catalog> = { en, es, fr, de, it };

/** A ready i18next instance holding every catalog (initialised synchronously). */
export function createI18n(language: SupportedLanguage = DEFAULT_LANGUAGE): I18nInstance {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: Object.fromEntries(
      Object.entries(CATALOGS).map(([lng, catalog]) => [lng, { translation: catalog }]),
    ),
    interpolation: { escapeValue: false }, // React escapes already
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
