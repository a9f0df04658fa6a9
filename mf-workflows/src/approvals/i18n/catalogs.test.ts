import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { APPROVALS_CATALOGS as LAZY_CATALOGS } from './index';

const APPROVALS_CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(APPROVALS_CATALOGS[language]);
});

// The approval pages' texts obey the same rules as the shared catalogs; 'No' (and Spanish 'Roles:') are the same words.
describeTranslations('approval texts (de, fr)', en, { en, de, fr });
describeTranslations('approval texts (es)', en, { en, es }, { sameInEveryLanguage: new Set(['approvals.item.no', 'approvals.panel.roles']) });
describeTranslations('approval texts (it)', en, { en, it }, { sameInEveryLanguage: new Set(['approvals.item.no']) });
