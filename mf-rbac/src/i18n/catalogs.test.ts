import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { CONSOLE_CATALOGS } from './index';

// The console's own texts obey the same rules as the shared catalogs.
describeTranslations('access console texts', en, CONSOLE_CATALOGS);
