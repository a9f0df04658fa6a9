import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { MAPPING_CATALOGS } from './index';

// The picker's, preview's, key's and editors' texts obey the same rules as the shared catalogs.
describeTranslations('workflow mapping texts', en, MAPPING_CATALOGS);
