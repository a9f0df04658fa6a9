import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { WORKSPACE_PAGES_CATALOGS as LAZY_CATALOGS } from './index';

const WORKSPACE_PAGES_CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(WORKSPACE_PAGES_CATALOGS[language]);
});

// The workspace member and invitation texts obey the same rules as the shared catalogs.
describeTranslations('workspace member and invitation texts', en, WORKSPACE_PAGES_CATALOGS);
