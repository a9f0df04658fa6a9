import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { KNOWLEDGE_STEP_ERROR_CODES } from '@agentflow/shared/workflow';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { RUNS_CATALOGS as LAZY_CATALOGS } from './index';

const RUNS_CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(RUNS_CATALOGS[language]);
});

// The run views' texts obey the same rules as the shared catalogs; 'Webhook' is the product term in every language.
describeTranslations('workflow run texts', en, RUNS_CATALOGS, {
  languages: ['en', 'es', 'fr', 'de', 'it'],
  sameInEveryLanguage: new Set(['workflows.runs.triggers.webhook']),
});

test('every Knowledge step error code has a text in every language', () => {
  for (const [language, catalog] of Object.entries(RUNS_CATALOGS)) {
    const texts: Readonly<Record<string, string>> = catalog.workflows.runs.knowledgeErrors;
    for (const code of Object.values(KNOWLEDGE_STEP_ERROR_CODES)) expect([language, code, texts[code]?.trim() ? 'worded' : 'missing']).toEqual([language, code, 'worded']);
  }
});

test('no text tells the user how to configure the service (environment variables are for the README and the logs)', () => {
  for (const catalog of Object.values(RUNS_CATALOGS)) expect(JSON.stringify(catalog)).not.toMatch(/\b[A-Z]+_[A-Z_]+\b|platform-api/);
});
