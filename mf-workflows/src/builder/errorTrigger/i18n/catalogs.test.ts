import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { ERROR_TRIGGER_CATALOGS } from './index';

const CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(ERROR_TRIGGER_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await ERROR_TRIGGER_CATALOGS.loaders[language]()).toBe(CATALOGS[language]);
});

describeTranslations('error trigger texts', en, CATALOGS);
