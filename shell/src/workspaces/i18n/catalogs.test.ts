import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { WORKSPACE_SWITCHER_CATALOGS as LAZY_CATALOGS } from './index';

const WORKSPACE_SWITCHER_CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(WORKSPACE_SWITCHER_CATALOGS[language]);
});

// The switcher's texts obey the same rules as the shared catalogs they came from.
describeTranslations('workspace switcher texts', en, WORKSPACE_SWITCHER_CATALOGS, { languages: ['en', 'es', 'fr', 'de', 'it'] });
