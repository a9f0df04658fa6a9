import { BILLING_CLIENT_FALLBACKS, SUPPORTED_LANGUAGES } from '@agentflow/shared';
import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { BILLING_ACTION_FALLBACKS } from '../api/client';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { BILLING_CATALOGS as LAZY_CATALOGS } from './index';

const BILLING_CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(BILLING_CATALOGS[language]);
});

// The billing remote's own texts obey the same rules as the shared catalogs.
// planLine is only a layout of two translated parts ('Premium · 1,000 tokens a month').
describeTranslations('billing texts', en, BILLING_CATALOGS, {
  languages: SUPPORTED_LANGUAGES,
  moreKeysThan: 20,
  sameInEveryLanguage: new Set(['billing.subscription.planLine']),
});

describe('billing fallback texts', () => {
  test('English shows the issue’s texts word for word', () => {
    for (const [action, text] of Object.entries(BILLING_CLIENT_FALLBACKS)) {
      expect([action, en.billing.fallbacks[action as keyof typeof en.billing.fallbacks]]).toEqual([action, text]);
    }
  });

  test('every action the client can fail has a translated fallback', () => {
    expect(Object.keys(en.billing.fallbacks).sort()).toEqual(Object.keys(BILLING_ACTION_FALLBACKS).sort());
    for (const [action, text] of Object.entries(BILLING_ACTION_FALLBACKS)) {
      expect([action, en.billing.fallbacks[action as keyof typeof en.billing.fallbacks]]).toEqual([action, text]);
    }
  });
});
