export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr', 'de', 'it'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: SupportedLanguage = 'en';
export const LANGUAGE_STORAGE_KEY = 'preferredLanguage';

/** Names each language in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<SupportedLanguage, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
};

export function isSupportedLanguage(value: unknown): value is SupportedLanguage {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language to start with: a saved supported preference, else the
 * browser language's prefix when supported, else English.
 */
export function pickInitialLanguage(saved: string | null | undefined, browserLanguages: readonly string[]): SupportedLanguage {
  if (isSupportedLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const prefix = tag.toLowerCase().split('-')[0];
    if (isSupportedLanguage(prefix)) return prefix;
  }
  return DEFAULT_LANGUAGE;
}
