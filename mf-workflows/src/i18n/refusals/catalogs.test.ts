import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { ENTITLEMENT_PLANS } from '@agentflow/shared/entitlements';
import { en } from './en';
import { REFUSALS_CATALOGS } from './index';

// The refusal texts obey the same rules as the shared catalogs.
describeTranslations('workflow refusal texts', en, REFUSALS_CATALOGS, { languages: ['en', 'es', 'fr', 'de', 'it'] });

test('every plan a refusal can name has a name', () => {
  expect(Object.keys(en.workflows.refusals.plans).sort()).toEqual([...ENTITLEMENT_PLANS].sort());
});
