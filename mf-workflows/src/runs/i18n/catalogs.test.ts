import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { RUN_MESSAGES } from '@agentflow/shared/workflow';
import { en } from './en';
import { RUNS_CATALOGS } from './index';

// The run views' texts obey the same rules as the shared catalogs; 'Webhook' is the product term in every language.
describeTranslations('workflow run texts', en, RUNS_CATALOGS, {
  languages: ['en', 'es', 'fr', 'de', 'it'],
  sameInEveryLanguage: new Set(['workflows.runs.triggers.webhook']),
});

test('the no-provider hint is, in English, exactly the message agent steps fail with', () => {
  expect(en.workflows.runs.ai.noProvider).toBe(RUN_MESSAGES.noProvider);
});
