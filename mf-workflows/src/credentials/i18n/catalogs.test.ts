import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { CREDENTIAL_ERROR_CODES } from '@agentflow/shared/credentials';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { CREDENTIALS_CATALOGS as LAZY_CATALOGS } from './index';

const CREDENTIALS_CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(CREDENTIALS_CATALOGS[language]);
});

// The credentials texts obey the same rules as the shared catalogs.
describeTranslations('workflow credentials texts', en, CREDENTIALS_CATALOGS, { languages: ['en', 'es', 'fr', 'de', 'it'] });

test('every refusal code the service sends has a translation', () => {
  for (const code of Object.values(CREDENTIAL_ERROR_CODES)) expect(en.workflows.credentials.codes).toHaveProperty(code);
});
