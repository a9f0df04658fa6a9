// A cron expression in words, in the reader's language (cronstrue and its
// locale, fetched with the schedule preview only).
import cronstrue from 'cronstrue';
import type { SupportedLanguage } from '@agentflow/shared';

// Each locale registers itself with cronstrue when loaded (its UMD requires 'cronstrue').
const LOCALES: Record<Exclude<SupportedLanguage, 'en'>, () => Promise<unknown>> = {
  es: () => import(/* webpackChunkName: "cron-es" */ 'cronstrue/locales/es'),
  fr: () => import(/* webpackChunkName: "cron-fr" */ 'cronstrue/locales/fr'),
  de: () => import(/* webpackChunkName: "cron-de" */ 'cronstrue/locales/de'),
  it: () => import(/* webpackChunkName: "cron-it" */ 'cronstrue/locales/it'),
};

/** Loads the language's cronstrue locale (English is built in). */
export async function loadCronLocale(language: SupportedLanguage): Promise<void> {
  if (language !== 'en') await LOCALES[language]();
}

/** The expression in words (24-hour clock except in English), or null when it is not a cron expression. */
export function describeCron(expression: string, language: SupportedLanguage): string | null {
  try {
    return cronstrue.toString(expression, { locale: language, use24HourTimeFormat: language !== 'en', throwExceptionOnParseError: true, verbose: false });
  } catch {
    return null;
  }
}
