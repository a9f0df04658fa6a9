import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nContext, type I18nContextValue } from '../federation/contexts.js';
import { createI18n, detectInitialLanguage, ensureLanguage } from '../i18n/index.js';
import { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, isSupportedLanguage, type SupportedLanguage } from '../../domain/i18n/languages.js';

export function I18nProvider({ children, initialLanguage }: { children: ReactNode; initialLanguage?: SupportedLanguage }) {
  const [wanted] = useState(() => initialLanguage ?? detectInitialLanguage());
  const [i18n] = useState(() => createI18n(wanted));
  const [language, setLanguageState] = useState<SupportedLanguage>(() =>
    isSupportedLanguage(i18n.language) ? i18n.language : 'en',
  );

  // mountApp fetches the starting catalog before the first render; when
  // nobody did, start in English and switch as soon as it arrives.
  useEffect(() => {
    if (i18n.language === wanted) return;
    let current = true;
    void ensureLanguage(i18n, wanted)
      .then(() => i18n.changeLanguage(wanted))
      .then(() => {
        if (current) setLanguageState(wanted);
      })
      .catch((error: unknown) => console.warn(`Could not load the ${wanted} texts; staying in English.`, error));
    return () => {
      current = false;
    };
  }, [i18n, wanted]);

  // Texts fetched after the first render (a remote's lazy catalogs): a new `t` re-renders every consumer.
  const [textsRevision, setTextsRevision] = useState(0);
  useEffect(() => {
    const arrived = () => setTextsRevision((n) => n + 1);
    i18n.store.on('added', arrived);
    return () => i18n.store.off('added', arrived);
  }, [i18n]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const setLanguage = useCallback(
    async (next: SupportedLanguage) => {
      if (!isSupportedLanguage(next)) throw new Error(`Unsupported language: ${String(next)}`);
      await ensureLanguage(i18n, next);
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
    // textsRevision: a fresh `t` when texts arrive (a remote's lazy catalogs), so consumers re-render with them.
    () => ({ language, setLanguage, t: i18n.getFixedT(language), i18n, supportedLanguages: SUPPORTED_LANGUAGES, textsRevision }),
    [language, setLanguage, i18n, textsRevision],
  );

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
