import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { FILES_CATALOGS } from './index';

// 'PDF' is the format's name everywhere.
describeTranslations('files in runs texts', en, FILES_CATALOGS, {
  languages: ['en', 'es', 'fr', 'de', 'it'],
  sameInEveryLanguage: new Set(['workflows.files.accepts.pdf']),
});
