import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { WORKFLOWS_CATALOGS } from './index';

// The catalogue's own texts obey the same rules as the shared catalogs.
describeTranslations('workflow catalogue texts', en, WORKFLOWS_CATALOGS, { languages: ['en', 'es', 'fr', 'de', 'it'] });
