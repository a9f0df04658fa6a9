import { CATALOGS } from '../index';
import { SUPPORTED_LANGUAGES } from '../languages';
import { en } from './en';

/** Brand and proper names that stay the same in every language. */
const SAME_IN_EVERY_LANGUAGE = new Set(['common.appName']);

function flatten(catalog: object, prefix = ''): Map<string, unknown> {
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

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((match) => match[1]).sort();

const english = flatten(en);
const otherLanguages = SUPPORTED_LANGUAGES.filter((language) => language !== 'en');

test('the English catalog is the source: non-empty strings only', () => {
  expect(english.size).toBeGreaterThan(10);
  for (const [key, value] of english) {
    expect(typeof value).toBe('string');
    expect({ key, blank: String(value).trim() === '' }).toEqual({ key, blank: false });
  }
});

test('every supported language has a catalog, and English is the en catalog', () => {
  expect(Object.keys(CATALOGS).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  expect(CATALOGS.en).toBe(en);
});

test('the allow-list only names keys that exist', () => {
  for (const key of SAME_IN_EVERY_LANGUAGE) expect(english.has(key)).toBe(true);
});

describe.each(otherLanguages.map((language) => [language]))('%s catalog', (language) => {
  const catalog = flatten(CATALOGS[language]);

  test('has every English key, each a non-empty string', () => {
    const missing = [...english.keys()].filter((key) => typeof catalog.get(key) !== 'string' || String(catalog.get(key)).trim() === '');
    expect(missing).toEqual([]);
  });

  test('has no key English lacks', () => {
    expect([...catalog.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  test('keeps the interpolation placeholders identical', () => {
    const mismatched = [...english]
      .filter(([key, text]) => JSON.stringify(placeholders(String(text))) !== JSON.stringify(placeholders(String(catalog.get(key) ?? ''))))
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  test('translates every text except the brand names', () => {
    const untranslated = [...english]
      .filter(([key, text]) => !SAME_IN_EVERY_LANGUAGE.has(key) && catalog.get(key) === text)
      .map(([key, text]) => `${key}: ${String(text)}`);
    expect(untranslated).toEqual([]);
  });

  test('keeps the brand names as they are', () => {
    for (const key of SAME_IN_EVERY_LANGUAGE) expect(catalog.get(key)).toBe(english.get(key));
  });
});

test('the placeholder check itself finds placeholders', () => {
  expect(placeholders('Signed in as {{name}} on {{ host }}')).toEqual(['host', 'name']);
  expect(placeholders('no placeholders')).toEqual([]);
});
