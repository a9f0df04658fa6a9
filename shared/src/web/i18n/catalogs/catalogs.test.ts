import {
  arrayLengthMismatches,
  blankKeys,
  changedFixedKeys,
  describeTranslations,
  extraKeys,
  flatten,
  missingKeys,
  placeholderMismatches,
  placeholders,
  untranslatedKeys,
} from '@agentflow/shared/testing/translationChecks';
import { CATALOGS } from './index';
import { SUPPORTED_LANGUAGES } from '../../../domain/i18n/languages.js';
import { en } from './en.js';

/** Brand and proper names that stay the same in every language. */
const SAME_IN_EVERY_LANGUAGE = new Set(['common.appName']);

describeTranslations('UI catalogs', en, CATALOGS, {
  sameInEveryLanguage: SAME_IN_EVERY_LANGUAGE,
  languages: SUPPORTED_LANGUAGES,
  moreKeysThan: 10,
});

test('the placeholder check itself finds placeholders', () => {
  expect(placeholders('Signed in as {{name}} on {{ host }}')).toEqual(['host', 'name']);
  expect(placeholders('no placeholders')).toEqual([]);
});

describe('the translation checks catch each kind of mistake', () => {
  const source = { common: { appName: 'Agentflow', hello: 'Hello {{name}}', bye: 'Goodbye' }, list: ['one', 'two'] };
  const good = { common: { appName: 'Agentflow', hello: 'Hola {{name}}', bye: 'Adiós' }, list: ['uno', 'dos'] };
  const brands = new Set(['common.appName']);

  test('a good translation passes every check', () => {
    expect(blankKeys(source)).toEqual([]);
    expect(missingKeys(source, good)).toEqual([]);
    expect(extraKeys(source, good)).toEqual([]);
    expect(placeholderMismatches(source, good)).toEqual([]);
    expect(untranslatedKeys(source, good, brands)).toEqual([]);
    expect(changedFixedKeys(source, good, brands)).toEqual([]);
    expect(arrayLengthMismatches(source, good)).toEqual([]);
  });

  test('flatten names array items by index', () => {
    expect([...flatten(source).keys()]).toEqual(['common.appName', 'common.hello', 'common.bye', 'list.0', 'list.1']);
  });

  test('a missing key, an empty value or a non-string value', () => {
    const { bye: _bye, ...withoutBye } = good.common;
    expect(missingKeys(source, { ...good, common: withoutBye })).toEqual(['common.bye']);
    expect(missingKeys(source, { ...good, common: { ...good.common, bye: '  ' } })).toEqual(['common.bye']);
    expect(missingKeys(source, { ...good, common: { ...good.common, bye: 3 } })).toEqual(['common.bye']);
    expect(blankKeys({ a: 'text', b: '' })).toEqual(['b']);
  });

  test('an extra key', () => {
    expect(extraKeys(source, { ...good, common: { ...good.common, extra: 'Más' } })).toEqual(['common.extra']);
  });

  test('a placeholder renamed, dropped or added', () => {
    expect(placeholderMismatches(source, { ...good, common: { ...good.common, hello: 'Hola {{nombre}}' } })).toEqual(['common.hello']);
    expect(placeholderMismatches(source, { ...good, common: { ...good.common, hello: 'Hola' } })).toEqual(['common.hello']);
    expect(placeholderMismatches(source, { ...good, common: { ...good.common, bye: 'Adiós {{name}}' } })).toEqual(['common.bye']);
  });

  test('English left in another language, except the allow-listed brand names', () => {
    expect(untranslatedKeys(source, { ...good, common: { ...good.common, bye: 'Goodbye' } }, brands)).toEqual(['common.bye: Goodbye']);
    expect(untranslatedKeys(source, good)).toEqual(['common.appName: Agentflow']);
  });

  test('a brand name changed', () => {
    expect(changedFixedKeys(source, { ...good, common: { ...good.common, appName: 'Flujo' } }, brands)).toEqual(['common.appName']);
  });

  test('a list of another length', () => {
    expect(arrayLengthMismatches(source, { ...good, list: ['uno'] })).toEqual(['list: 2 ≠ 1']);
    expect(arrayLengthMismatches(source, { ...good, list: ['uno', 'dos', 'tres'] })).toEqual(['list: 2 ≠ 3']);
    expect(arrayLengthMismatches(source, { common: good.common })).toEqual(['list: 2 ≠ missing']);
    expect(extraKeys(source, { ...good, list: ['uno', 'dos', 'tres'] })).toEqual(['list.2']);
  });
});
