import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { BUILDER_CATALOGS } from './index';

// The builder's own texts obey the same rules as the shared catalogs.
describeTranslations('workflow builder texts', en, BUILDER_CATALOGS);
