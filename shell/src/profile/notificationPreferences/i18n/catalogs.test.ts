import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { NOTIFICATION_PREFERENCES_CATALOGS as LAZY_CATALOGS } from './index';

const CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(CATALOGS[language]);
});

// Slack and Teams are brand names; 'Notifications' is the French word too.
describeTranslations('notification preferences (es, de, it)', en, { en, es, de, it }, { sameInEveryLanguage: new Set(['notificationPreferences.channels.slack', 'notificationPreferences.channels.teams']) });
describeTranslations('notification preferences (fr)', en, { en, fr }, { sameInEveryLanguage: new Set(['notificationPreferences.channels.slack', 'notificationPreferences.channels.teams', 'notificationPreferences.title']) });
