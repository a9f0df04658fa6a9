// Jest helpers that check translated text against its English source (test
// code only: nothing in the app imports this file). The checks are pure
// functions returning the offending keys, so they can be tested on their own;
// describeTranslations() turns them into describe/test blocks.
import { describe, expect, test } from '@jest/globals';

/**
 * Flattens nested objects and arrays into dotted keys:
 * `{ topics: { home: { tips: ['a'] } } }` gives `topics.home.tips.0 → 'a'`.
 */
export function flatten(catalog: object, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [nested, leaf] of flatten(value, path)) entries.set(nested, leaf);
    } else {
      entries.set(path, value);
    }
  }
  return entries;
}

/** The array lengths in a catalog, by dotted path (`topics.home.tips → 4`). */
export function arrayLengths(catalog: object, prefix = ''): Map<string, number> {
  const lengths = new Map<string, number>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) lengths.set(path, value.length);
    if (typeof value === 'object' && value !== null) {
      for (const [nested, length] of arrayLengths(value, path)) lengths.set(nested, length);
    }
  }
  return lengths;
}

/** The sorted `{{placeholder}}` names in a text (`{{ name }}` counts as `name`). */
export const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** Source keys whose value is not a non-empty string. */
export function blankKeys(catalog: object): string[] {
  return [...flatten(catalog)].filter(([, value]) => isBlank(value)).map(([key]) => key);
}

/** Source keys the translation lacks or leaves empty (or not a string). */
export function missingKeys(source: object, translation: object): string[] {
  const translated = flatten(translation);
  return [...flatten(source).keys()].filter((key) => isBlank(translated.get(key)));
}

/** Keys of the translation that the source does not have. */
export function extraKeys(source: object, translation: object): string[] {
  const english = flatten(source);
  return [...flatten(translation).keys()].filter((key) => !english.has(key));
}

/** Keys whose `{{placeholder}}` sets differ between source and translation. */
export function placeholderMismatches(source: object, translation: object): string[] {
  const translated = flatten(translation);
  return [...flatten(source)]
    .filter(([key, text]) => JSON.stringify(placeholders(String(text))) !== JSON.stringify(placeholders(String(translated.get(key) ?? ''))))
    .map(([key]) => key);
}

/** `key: text` for every text left identical to the source, except the allow-listed keys. */
export function untranslatedKeys(source: object, translation: object, sameInEveryLanguage: ReadonlySet<string> = new Set()): string[] {
  const translated = flatten(translation);
  return [...flatten(source)]
    .filter(([key, text]) => !sameInEveryLanguage.has(key) && translated.get(key) === text)
    .map(([key, text]) => `${key}: ${String(text)}`);
}

/** Allow-listed keys whose text differs from the source (brand names must stay as they are). */
export function changedFixedKeys(source: object, translation: object, sameInEveryLanguage: ReadonlySet<string>): string[] {
  const english = flatten(source);
  const translated = flatten(translation);
  return [...sameInEveryLanguage].filter((key) => translated.get(key) !== english.get(key));
}

/** `path: source length ≠ translation length` for every array whose length differs (or that is missing). */
export function arrayLengthMismatches(source: object, translation: object): string[] {
  const translated = arrayLengths(translation);
  return [...arrayLengths(source)]
    .filter(([path, length]) => translated.get(path) !== length)
    .map(([path, length]) => `${path}: ${length} ≠ ${String(translated.get(path) ?? 'missing')}`);
}

export interface TranslationCheckOptions {
  /** Keys (dotted, as flatten() names them) whose text is the same in every language: brand and proper names. */
  sameInEveryLanguage?: ReadonlySet<string>;
  /** The source language's code in catalogsByLanguage (default 'en'). */
  sourceLanguage?: string;
  /** When given, catalogsByLanguage must hold exactly these languages. */
  languages?: readonly string[];
  /** The source must have more than this many keys (default 0). */
  moreKeysThan?: number;
}

/**
 * Defines the tests that every language of `catalogsByLanguage` translates
 * `source`: the source is non-empty strings only; each other language has
 * every source key as a non-empty string, no key the source lacks, the same
 * `{{placeholders}}` and array lengths, and no text left identical to the
 * source except the `sameInEveryLanguage` keys, which must stay unchanged.
 */
export function describeTranslations(
  name: string,
  source: object,
  catalogsByLanguage: Readonly<Record<string, object>>,
  options: TranslationCheckOptions = {},
): void {
  const { sameInEveryLanguage = new Set<string>(), sourceLanguage = 'en', languages, moreKeysThan = 0 } = options;
  const english = flatten(source);
  const otherLanguages = Object.keys(catalogsByLanguage).filter((language) => language !== sourceLanguage);

  describe(name, () => {
    test(`the ${sourceLanguage} text is the source: non-empty strings only`, () => {
      expect(english.size).toBeGreaterThan(moreKeysThan);
      for (const [key, value] of english) {
        expect(typeof value).toBe('string');
        expect({ key, blank: String(value).trim() === '' }).toEqual({ key, blank: false });
      }
    });

    test(`every language has its text, and ${sourceLanguage} is the source`, () => {
      if (languages) expect(Object.keys(catalogsByLanguage).sort()).toEqual([...languages].sort());
      expect(catalogsByLanguage[sourceLanguage]).toBe(source);
      expect(otherLanguages.length).toBeGreaterThan(0);
    });

    test('the allow-list only names keys that exist', () => {
      for (const key of sameInEveryLanguage) expect({ key, exists: english.has(key) }).toEqual({ key, exists: true });
    });

    describe.each(otherLanguages.map((language) => [language]))('%s', (language) => {
      const translation = catalogsByLanguage[language] ?? {};

      test(`has every ${sourceLanguage} key, each a non-empty string`, () => {
        expect(missingKeys(source, translation)).toEqual([]);
      });

      test(`has no key ${sourceLanguage} lacks`, () => {
        expect(extraKeys(source, translation)).toEqual([]);
      });

      test('keeps the interpolation placeholders identical', () => {
        expect(placeholderMismatches(source, translation)).toEqual([]);
      });

      test('keeps every list the same length', () => {
        expect(arrayLengthMismatches(source, translation)).toEqual([]);
      });

      test('translates every text except the brand names', () => {
        expect(untranslatedKeys(source, translation, sameInEveryLanguage)).toEqual([]);
      });

      test('keeps the brand names as they are', () => {
        expect(changedFixedKeys(source, translation, sameInEveryLanguage)).toEqual([]);
      });
    });
  });
}
