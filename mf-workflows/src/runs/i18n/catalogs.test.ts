import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { RUNS_CATALOGS } from './index';

// The run views' texts obey the same rules as the shared catalogs; 'Webhook' is the product term in every language.
describeTranslations('workflow run texts', en, RUNS_CATALOGS, {
  languages: ['en', 'es', 'fr', 'de', 'it'],
  sameInEveryLanguage: new Set(['workflows.runs.triggers.webhook']),
});

test('no text tells the user how to configure the service (environment variables are for the README and the logs)', () => {
  for (const catalog of Object.values(RUNS_CATALOGS)) expect(JSON.stringify(catalog)).not.toMatch(/\b[A-Z]+_[A-Z_]+\b|platform-api/);
});
