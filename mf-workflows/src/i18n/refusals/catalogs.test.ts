import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { ENTITLEMENT_PLANS } from '@agentflow/shared/entitlements';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { REFUSALS_CATALOGS as LAZY_CATALOGS } from './index';

const REFUSALS_CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(REFUSALS_CATALOGS[language]);
});

// The refusal texts obey the same rules as the shared catalogs.
describeTranslations('workflow refusal texts', en, REFUSALS_CATALOGS, { languages: ['en', 'es', 'fr', 'de', 'it'] });

test('every plan a refusal can name has a name', () => {
  expect(Object.keys(en.workflows.refusals.plans).sort()).toEqual([...ENTITLEMENT_PLANS].sort());
});
