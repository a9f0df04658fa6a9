import { SUPPORTED_LANGUAGES } from '@agentflow/shared';
import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { BILLING_CATALOGS } from './index';

// The billing remote's own texts obey the same rules as the shared catalogs.
describeTranslations('billing texts', en, BILLING_CATALOGS, { languages: SUPPORTED_LANGUAGES, moreKeysThan: 20 });
