import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { I18nContext, type I18nContextValue } from '../federation/contexts.js';
import { createI18n } from '../i18n/index.js';
import {
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
  isSupportedLanguage,
  pickInitialLanguage,
  type SupportedLanguage,
} from '../i18n/languages.js';

function readSavedLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null; // storage can be blocked; fall back to the browser language
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function I18nProvider({ children, initialLanguage }: { children: ReactNode; initialLanguage?: SupportedLanguage }) {
  const [i18n] = useState(() => createI18n(initialLanguage ?? pickInitialLanguage(readSavedLanguage(), browserLanguages())));
  const [language, setLanguageState] = useState<SupportedLanguage>(() =>
    isSupportedLanguage(i18n.language) ? i18n.language : 'en',
  );

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const setLanguage = useCallback(
    async (next: SupportedLanguage) => {
      if (!isSupportedLanguage(next)) throw new Error(`Unsupported language: ${String(next)}`);
      await i18n.changeLanguage(next);
      try {
        globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, next);
      } catch {
        // Not persisted when storage is blocked; the choice still applies now.
      }
      setLanguageState(next);
    },
    [i18n],
  );

  const value = useMemo<I18nContextValue>(
    // A new t per language change makes consumers re-render with the new texts.
    () => ({ language, setLanguage, t: i18n.getFixedT(language), i18n, supportedLanguages: SUPPORTED_LANGUAGES }),
    [language, setLanguage, i18n],
  );

  return (
    <I18nextProvider i18n={i18n}>
      <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
    </I18nextProvider>
  );
}
