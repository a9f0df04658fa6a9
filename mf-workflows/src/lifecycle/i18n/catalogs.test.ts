import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { LIFECYCLE_CATALOGS } from './index';

// The lifecycle's texts obey the same rules as the shared catalogs.
describeTranslations('workflow lifecycle texts', en, LIFECYCLE_CATALOGS, {
  sameInEveryLanguage: new Set(['workflows.lifecycle.create.triggers.webhook.title']),
});
