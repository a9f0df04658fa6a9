import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { NOTIFICATIONS_CATALOGS } from './index';

// The bell's texts obey the same rules as the shared catalogs they came from.
describeTranslations('notification texts', en, NOTIFICATIONS_CATALOGS, { languages: ['en', 'es', 'fr', 'de', 'it'] });
