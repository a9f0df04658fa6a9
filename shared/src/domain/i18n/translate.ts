// The platform's translator, pure: find a key in nested catalogs, pick its
// plural form, fill its {{placeholders}}. It replaces i18next (issue 22: 16 kB
// gzip of the first view for the few features we used) and does what i18next
// 26 did with our catalogs and options; translate.test.ts holds the cases,
// taken from i18next's behaviour. The instance around it (languages, catalogs
// arriving, change events) is the web part's (shared/src/web/i18n/translator.ts).

/** A language's texts: nested objects whose leaves are strings (help content also has arrays). */
export interface Texts {
  [key: string]: unknown;
}

/**
 * t()'s options: `count` picks the plural form, `defaultValue` is the text
 * when no language has the key, `lng` overrides the language; every entry
 * (these included) is also a {{placeholder}} value.
 */
export type TOptions = Readonly<Record<string, unknown>>;

/** Translates a key: always a string (the key itself when nothing else is found). */
export type TFunction = (key: string, options?: TOptions) => string;

const own = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The value at a dotted path through own properties, not stepping into strings. */
function valueAtPath(texts: unknown, path: readonly string[]): unknown {
  let current = texts;
  for (const segment of path) {
    if (!isObject(current) || !own(current, segment)) return undefined;
    current = current[segment];
  }
  return current;
}

/**
 * A flat key with dots ('a.b' held as { 'a.b': … } or { a: { 'b.c': … } }):
 * i18next's second try after the nested path, so a catalog may mix both.
 */
function flatFind(texts: Record<string, unknown>, key: string): unknown {
  if (texts[key]) return own(texts, key) ? texts[key] : undefined;
  const tokens = key.split('.');
  let current: unknown = texts;
  for (let i = 0; i < tokens.length; ) {
    if (!isObject(current)) return undefined;
    let next: unknown;
    let nextPath = '';
    for (let j = i; j < tokens.length; ++j) {
      nextPath += (j === i ? '' : '.') + tokens[j];
      next = current[nextPath];
      if ((typeof next === 'function' || nextPath === '__proto__') && !own(current, nextPath)) next = undefined;
      if (next !== undefined) {
        // A string that is not the last segment cannot hold the rest: try a longer flat segment.
        if (['string', 'number', 'boolean'].includes(typeof next) && j < tokens.length - 1) continue;
        i = j + 1;
        break;
      }
    }
    current = next;
    if (next === undefined) return undefined;
  }
  return current;
}

/** The value at a dotted key (nested first, then flat keys with dots); also how a {{placeholder}} finds its value. */
export function lookup(texts: unknown, key: string): unknown {
  const nested = valueAtPath(texts, key.split('.'));
  if (nested != null || !isObject(texts)) return nested;
  return flatFind(texts, key);
}

/**
 * Fills every {{name}} (spaces around it ignored; {{a.b}} reads nested
 * values) without escaping: React escapes. A value given as undefined or
 * null prints nothing; a name not given at all stays as it is, braces and
 * all, as i18next leaves it. Inserted values are not scanned again.
 */
export function interpolate(template: string, values: TOptions): string {
  return template.replace(/\{\{(.+?)\}\}/g, (whole, inside: string) => {
    // {{- name}} was i18next's "unescaped" form: with escaping off it is the same value.
    const name = (inside.startsWith('-') ? inside.slice(1) : inside).trim();
    const value = lookup(values, name);
    if (value === undefined) return own(values, name) ? '' : whole;
    return value === null ? '' : String(value);
  });
}

const pluralRulesCache = new Map<string, { select(count: number): string }>();
/** Used only where Intl has no rules for a code (i18next's stand-in). */
const ONE_OR_OTHER = { select: (count: number) => (count === 1 ? 'one' : 'other') };

/** The CLDR plural category of `count` in `language` (one, other, many…), from Intl.PluralRules as i18next reads it. */
export function pluralCategory(language: string, count: number): string {
  const code = language.replace(/_/g, '-');
  let rules = pluralRulesCache.get(code);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(code);
    } catch {
      // An invalid tag: its language part, when it has one ('xx-!!' → 'xx').
      rules = /[-_]/.test(language) ? { select: (n: number) => pluralCategory(code.split('-')[0] ?? '', n) } : ONE_OR_OTHER;
    }
    pluralRulesCache.set(code, rules);
  }
  return rules.select(count);
}

/** The languages a key is looked up in, in order: the language, its base ('fr' for 'fr-CA'), then the fallback. */
export function languageChain(language: string, fallback: string): string[] {
  const base = language.split('-')[0] ?? language;
  return [...new Set([language, base, fallback].filter(Boolean))];
}

/**
 * The keys to try in one language, best first: key_zero when count is 0 (a
 * catalog may spell zero out even where the language has no zero form),
 * key_<plural category>, then the bare key.
 */
function candidateKeys(key: string, language: string, count: unknown): string[] {
  // i18next's test: a count that is a string is not a number of things.
  if (count === undefined || typeof count === 'string') return [key];
  const keys = [`${key}_${pluralCategory(language, count as number)}`, key];
  return count === 0 ? [`${key}_zero`, ...keys] : keys;
}

const SENTENCE = /[ ,?!;]/;
/** i18next's test for a key that is a path, not a sentence: no space or , ? ! ; (before the first dot at least). */
function looksLikePath(key: string): boolean {
  if (!SENTENCE.test(key)) return true;
  const dot = key.indexOf('.');
  return dot > 0 && !SENTENCE.test(key.slice(0, dot));
}

/** Catalogs by language (one namespace: i18next's 'translation'). */
export type CatalogsByLanguage = Readonly<Record<string, Texts | undefined>>;

/**
 * A key's text in `language`, else in `fallback`, else `defaultValue`, else
 * the key; {{placeholders}} filled from the options in every case (a default
 * text or a missing key too, as i18next does). A key that names a group of
 * texts (an object or list) is treated as missing.
 */
export function translate(catalogs: CatalogsByLanguage, language: string, fallback: string, key: string, options: TOptions = {}): string {
  // i18next read 'a:b' as key 'b' in namespace 'a' (no catalog has one, so it is missing and shows as 'b'),
  // except in a key that reads as a sentence. The catalogs spell ':' as '_' for that reason.
  let lookupKey = key;
  let namespace = 'translation';
  if (key.includes(':') && looksLikePath(key)) {
    const [first = '', ...rest] = key.split(':');
    namespace = first;
    lookupKey = rest.join('.');
  }
  let found: unknown;
  if (namespace === 'translation') {
    search: for (const code of languageChain(language, fallback)) {
      for (const candidate of candidateKeys(lookupKey, code, options.count)) {
        found = lookup(catalogs[code], candidate);
        if (found != null) break search;
      }
    }
  }
  if (isObject(found)) found = undefined;
  if (found == null && options.defaultValue != null) found = options.defaultValue;
  return interpolate(found == null ? lookupKey : String(found), options);
}

/**
 * Merges `source` into `target` in place: a key `target` lacks is added (a
 * copy, so later merges never change `source`); a text `target` has is
 * replaced only with `overwrite`; groups on both sides merge recursively.
 */
export function deepMerge(target: Texts, source: object, overwrite: boolean): Texts {
  for (const [name, value] of Object.entries(source)) {
    // undefined: what i18next's JSON copy of the source dropped.
    if (name === '__proto__' || name === 'constructor' || value === undefined) continue;
    if (!own(target, name)) {
      target[name] = isObject(value) ? (JSON.parse(JSON.stringify(value)) as unknown) : value;
    } else if (typeof target[name] === 'string' || typeof value === 'string') {
      if (overwrite) target[name] = value;
    } else if (isObject(target[name]) && isObject(value)) {
      deepMerge(target[name] as Texts, value, overwrite);
    }
  }
  return target;
}
