import { useEffect, useState } from 'react';
import type { I18nInstance } from './translator.js';
import { useI18n } from '../federation/contexts.js';
import type { SupportedLanguage } from '../../domain/i18n/languages.js';

export type NestedTexts = { [key: string]: string | NestedTexts };
type OtherLanguage = Exclude<SupportedLanguage, 'en'>;

/**
 * A remote's texts with English bundled and every other language fetched on
 * demand: a visitor downloads the texts of their own language only (the
 * catalogs of five languages were a fifth of the builder's first view).
 * `loaded` keeps what has been fetched, so a later mount adds it at once.
 */
export interface LazyCatalogs<T extends object = NestedTexts> {
  readonly en: T;
  readonly loaders: Readonly<Record<OtherLanguage, () => Promise<T>>>;
  readonly loaded: Partial<Record<SupportedLanguage, T>>;
}

export type RemoteCatalogs<T extends object = NestedTexts> = Record<SupportedLanguage, T> | LazyCatalogs<T>;

/** English now, the other languages by `loaders` (dynamic imports, one chunk per language). */
export function lazyCatalogs<T extends object>(en: T, loaders: Record<OtherLanguage, () => Promise<T>>): LazyCatalogs<T> {
  return { en, loaders, loaded: { en } };
}

export function isLazyCatalogs(catalogs: RemoteCatalogs<object>): catalogs is LazyCatalogs<object> {
  return 'loaders' in catalogs && 'loaded' in catalogs;
}

const registered = new WeakMap<I18nInstance, WeakSet<object>>();
/** The lazy catalogs each instance uses: a language switch fetches theirs too (see ensureLanguage). */
const lazyInUse = new WeakMap<I18nInstance, Set<LazyCatalogs<object>>>();

/** Silent while rendering (no store event into a render); an arrival later tells the provider. */
function addBundle(instance: I18nInstance, language: string, texts: object, silent = true): void {
  instance.addResourceBundle(language, 'translation', texts, true, false, { silent });
}

/** Fetches one language of lazy catalogs (once) and adds it to the instance. */
export async function loadLazyCatalogs(instance: I18nInstance | null, catalogs: LazyCatalogs<object>, language: SupportedLanguage): Promise<void> {
  let texts = catalogs.loaded[language];
  if (!texts && language !== 'en') {
    texts = await catalogs.loaders[language]();
    catalogs.loaded[language] = texts;
  }
  if (texts && instance) addBundle(instance, language, texts, false);
}

/**
 * Merges a remote's own texts into the shared i18n instance, deep and without
 * overwriting: a remote ships and deploys its strings with itself instead of
 * growing the shell's first view. Idempotent per instance. Lazy catalogs add
 * what is loaded so far and are remembered for language switches.
 */
export function addRemoteCatalogs(instance: I18nInstance, catalogs: RemoteCatalogs<object>): void {
  let done = registered.get(instance);
  if (!done) {
    done = new WeakSet();
    registered.set(instance, done);
  }
  if (isLazyCatalogs(catalogs)) {
    let inUse = lazyInUse.get(instance);
    if (!inUse) lazyInUse.set(instance, (inUse = new Set()));
    inUse.add(catalogs);
    // Languages fetched since the last call are added too (cheap: deep merge of what is there).
    for (const [language, texts] of Object.entries(catalogs.loaded)) if (texts) addBundle(instance, language, texts);
    return;
  }
  if (done.has(catalogs)) return;
  for (const [language, texts] of Object.entries(catalogs)) addBundle(instance, language, texts);
  done.add(catalogs);
}

/** Fetches `language` for every lazy catalog the instance has used (a language switch waits for it). */
export function loadRemoteCatalogsInUse(instance: I18nInstance, language: SupportedLanguage): Promise<void> {
  const inUse = [...(lazyInUse.get(instance) ?? [])];
  return Promise.all(inUse.map((catalogs) => loadLazyCatalogs(instance, catalogs, language))).then(() => undefined);
}

/**
 * addRemoteCatalogs before the first render of the calling component; for lazy
 * catalogs, fetches the current language's texts when they are not here yet
 * (the provider re-renders its consumers when they arrive). Returns whether
 * the current language's texts are all here.
 */
export function useRemoteCatalogs(...all: RemoteCatalogs<object>[]): boolean {
  const { i18n, language } = useI18n();
  useState(() => all.forEach((catalogs) => addRemoteCatalogs(i18n, catalogs)));
  const missing = all.filter((catalogs) => isLazyCatalogs(catalogs) && !catalogs.loaded[language]) as LazyCatalogs<object>[];
  const [, setArrived] = useState(0);
  const missingKey = missing.length;
  useEffect(() => {
    if (missingKey === 0) return;
    let live = true;
    void Promise.all(missing.map((catalogs) => loadLazyCatalogs(i18n, catalogs, language))).then(
      () => live && setArrived((n) => n + 1),
      (error: unknown) => console.warn(`Could not load the ${language} texts; showing English.`, error),
    );
    return () => {
      live = false;
    };
    // `missing` is derived from `all` and `language`; its length says whether anything is to fetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n, language, missingKey]);
  return missing.length === 0;
}
