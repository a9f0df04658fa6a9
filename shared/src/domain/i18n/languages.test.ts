import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, SUPPORTED_LANGUAGES, isSupportedLanguage, pickInitialLanguage } from './languages';

describe('pickInitialLanguage', () => {
  test.each<[string, string | null | undefined, string[], string]>([
    ['a saved supported language wins over the browser', 'fr', ['de-DE', 'es'], 'fr'],
    ['a saved supported language wins with no browser languages', 'it', [], 'it'],
    ['an unsupported saved language is ignored', 'pt', ['de-AT'], 'de'],
    ['a saved value is matched exactly (no region, no case folding)', 'es-MX', ['it-IT'], 'it'],
    ['an uppercase saved value is not a supported code', 'FR', [], 'en'],
    ['no saved value: the browser prefix es-MX gives es', null, ['es-MX'], 'es'],
    ['undefined saved value: the browser prefix decides', undefined, ['fr-CA'], 'fr'],
    ['the browser tag is matched case-insensitively', null, ['DE-ch'], 'de'],
    ['a bare browser tag works', null, ['it'], 'it'],
    ['the first supported browser language wins', null, ['ja-JP', 'pt-BR', 'fr-FR', 'es-ES'], 'fr'],
    ['no supported browser language: English', null, ['ja-JP', 'zh-Hans-CN'], 'en'],
    ['nothing at all: English', null, [], 'en'],
    ['an empty saved value is ignored', '', ['es'], 'es'],
  ])('%s', (_label, saved, browser, expected) => {
    expect(pickInitialLanguage(saved, browser)).toBe(expected);
  });
});

describe('isSupportedLanguage', () => {
  test.each(SUPPORTED_LANGUAGES.map((code) => [code]))('%s is supported', (code) => {
    expect(isSupportedLanguage(code)).toBe(true);
  });

  test.each<[unknown]>([['pt'], ['EN'], ['en-US'], [''], [null], [undefined], [42], [{}]])('%p is not', (value) => {
    expect(isSupportedLanguage(value)).toBe(false);
  });
});

test('English is the default, and every language has a name in itself', () => {
  expect(DEFAULT_LANGUAGE).toBe('en');
  expect(SUPPORTED_LANGUAGES).toEqual(['en', 'es', 'fr', 'de', 'it']);
  expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  expect(LANGUAGE_NAMES).toMatchObject({ en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch', it: 'Italiano' });
});
