import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { TEAM_MOVED_CATALOGS as LAZY_CATALOGS } from './index';

const TEAM_MOVED_CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(TEAM_MOVED_CATALOGS[language]);
});

// The billing team pointer texts obey the same rules as the shared catalogs.
describeTranslations('billing team pointer texts', en, TEAM_MOVED_CATALOGS);
