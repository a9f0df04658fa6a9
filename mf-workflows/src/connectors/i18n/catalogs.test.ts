// The connectors' texts: every language translates the English source (with
// the few words a language writes as English does), and every connector the
// platform declares — including ones added after these catalogs — has a
// label for each operation, trigger, param key and select option in every
// language.
import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { CONNECTOR_CATEGORIES, CONNECTORS, CONNECTOR_ERROR_CODES } from '@agentflow/shared/workflow';
import { paramFieldsOf } from '../paramFields';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { CONNECTORS_CATALOGS as LAZY_CATALOGS } from './index';

const CONNECTORS_CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(CONNECTORS_CATALOGS[language]);
});

const P = 'workflows.connectors.';
// Texts a language writes exactly as English does (the arrow between brand and action, loanwords).
const SAME: Record<string, string[]> = {
  fr: ['palette.entry'],
  de: ['palette.entry', 'params.name'],
  es: ['palette.entry'],
  it: ['palette.entry'],
};
for (const [language, keys] of Object.entries(SAME)) {
  describeTranslations(`connector texts (${language})`, en, { en, [language]: CONNECTORS_CATALOGS[language as keyof typeof CONNECTORS_CATALOGS] }, { sameInEveryLanguage: new Set(keys.map((key) => `${P}${key}`)) });
}

test('the five languages', () => {
  expect(Object.keys(CONNECTORS_CATALOGS).sort()).toEqual(['de', 'en', 'es', 'fr', 'it']);
});

const text = (catalog: object, path: string): unknown => path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), catalog);

/** Every label a declared connector needs, as catalog paths under workflows.connectors. */
function requiredPaths(): string[] {
  const paths = new Set<string>();
  for (const category of CONNECTOR_CATEGORIES) paths.add(`categories.${category}`);
  for (const code of Object.values(CONNECTOR_ERROR_CODES)) paths.add(`oauthErrors.${code}`);
  for (const connector of CONNECTORS) {
    for (const operation of connector.operations) paths.add(`operations.${connector.id}.${operation.id}`);
    for (const trigger of connector.triggers) paths.add(`triggers.${connector.id}.${trigger.id}`);
    for (const action of [...connector.operations, ...connector.triggers]) {
      for (const field of paramFieldsOf(action.params)) {
        paths.add(`params.${field.key}`);
        for (const option of field.options ?? []) paths.add(`options.${option}`);
      }
    }
  }
  return [...paths].sort();
}

test.each(Object.keys(CONNECTORS_CATALOGS))('%s labels every declared connector’s operations, triggers, params and options', (language) => {
  const catalog = CONNECTORS_CATALOGS[language as keyof typeof CONNECTORS_CATALOGS];
  const missing = requiredPaths().filter((path) => {
    const value = text(catalog, `${P}${path}`);
    return typeof value !== 'string' || value.trim() === '';
  });
  expect(missing).toEqual([]);
});

test('the check sees what it must: a real connector’s paths are among them', () => {
  expect(requiredPaths()).toEqual(expect.arrayContaining(['operations.hubspot.createDeal', 'triggers.hubspot.dealChanged', 'params.dealname', 'options.closedwon', 'categories.crm']));
});
