// The i18n instance the I18nProvider holds: the catalogs loaded so far, the
// current language, and an 'added' event when texts arrive (a remote's lazy
// catalogs), so the provider can re-render with them. It keeps the part of
// i18next's instance API the platform used (the remotes and their tests call
// it), over the pure translator in the domain (domain/i18n/translate.ts).
import { deepMerge, translate, type CatalogsByLanguage, type TFunction, type TOptions, type Texts } from '../../domain/i18n/translate.js';

export type { TFunction, TOptions, Texts };

type Listener = () => void;

/** Where the texts live; 'added' is emitted after a non-silent addResourceBundle. */
export interface TextStore {
  readonly data: CatalogsByLanguage;
  on(event: 'added', listener: Listener): void;
  off(event: 'added', listener: Listener): void;
}

export interface I18nInstance {
  /** The current language (t's language). */
  readonly language: string;
  /** Always true: the instance is ready when created (i18next's initAsync: false). */
  readonly isInitialized: true;
  readonly store: TextStore;
  /** Translates in the current language (or options.lng). */
  t: TFunction;
  /** A t bound to one language, whatever the current one becomes. */
  getFixedT(language: string): TFunction;
  /** Switches t's language; resolves to the new language's t, as i18next's did. */
  changeLanguage(language: string): Promise<TFunction>;
  /**
   * Adds texts to a language. `deep` merges into what is there (else top-level
   * keys replace); `overwrite` lets the new texts win; `silent` emits no
   * 'added' (for adds during a render). The namespace is always 'translation'.
   */
  addResourceBundle(language: string, namespace: 'translation', texts: object, deep?: boolean, overwrite?: boolean, options?: { silent?: boolean }): I18nInstance;
}

export interface TranslatorOptions {
  language: string;
  fallbackLanguage: string;
  /** Catalogs by language; copied, so adding texts later never changes them. */
  catalogs: Readonly<Record<string, object>>;
}

export function createTranslator({ language: initial, fallbackLanguage, catalogs }: TranslatorOptions): I18nInstance {
  const data: Record<string, Texts> = {};
  for (const [language, texts] of Object.entries(catalogs)) data[language] = deepMerge({}, texts, false);
  const listeners = new Set<Listener>();
  let language = initial;

  // A fixed t passes its language as options.lng (a {{lng}} value too), as i18next's getFixedT did.
  const languageOf = (options: TOptions | undefined): string | undefined => (typeof options?.lng === 'string' && options.lng) || undefined;
  const fixedT =
    (fixed: string): TFunction =>
    (key, options) =>
      translate(data, languageOf(options) ?? fixed, fallbackLanguage, key, { ...options, lng: languageOf(options) ?? fixed });

  const instance: I18nInstance = {
    get language() {
      return language;
    },
    isInitialized: true,
    store: {
      data,
      on: (_event, listener) => void listeners.add(listener),
      off: (_event, listener) => void listeners.delete(listener),
    },
    t: (key, options) => translate(data, languageOf(options) ?? language, fallbackLanguage, key, options),
    getFixedT: fixedT,
    changeLanguage(next) {
      language = next;
      return Promise.resolve(instance.getFixedT(next));
    },
    addResourceBundle(lng, _namespace, texts, deep = false, overwrite = false, options = {}) {
      const current = data[lng] ?? {};
      data[lng] = deep ? deepMerge(current, texts, overwrite) : { ...current, ...deepMerge({}, texts, true) };
      if (!options.silent) for (const listener of [...listeners]) listener();
      return instance;
    },
  };
  return instance;
}
