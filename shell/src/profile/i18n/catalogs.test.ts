import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { PROFILE_PHOTO_CATALOGS } from './index';

// The photo's texts obey the same rules as the shared catalogs: the same keys and placeholders in every language.
describeTranslations('profile photo texts', en, PROFILE_PHOTO_CATALOGS, { languages: ['en', 'es', 'fr', 'de', 'it'] });
