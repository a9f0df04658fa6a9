import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { PROFILE_PHOTO_CATALOGS as LAZY_CATALOGS } from './index';

const PROFILE_PHOTO_CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(PROFILE_PHOTO_CATALOGS[language]);
});

// The photo's texts obey the same rules as the shared catalogs: the same keys and placeholders in every language.
describeTranslations('profile photo texts', en, PROFILE_PHOTO_CATALOGS, { languages: ['en', 'es', 'fr', 'de', 'it'] });
