import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { API_KEYS_CATALOGS as LAZY_CATALOGS } from './index';

const API_KEYS_CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(API_KEYS_CATALOGS[language]);
});

describeTranslations('API keys page texts', en, API_KEYS_CATALOGS);
