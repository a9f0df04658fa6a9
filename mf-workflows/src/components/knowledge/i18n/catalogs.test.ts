import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { KNOWLEDGE_ERROR_CODES } from '@agentflow/shared/knowledge';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { KNOWLEDGE_CATALOGS as LAZY_CATALOGS } from './index';

const KNOWLEDGE_CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(KNOWLEDGE_CATALOGS[language]);
});

describeTranslations('knowledge texts', en, KNOWLEDGE_CATALOGS, { languages: ['en', 'es', 'fr', 'de', 'it'] });

test('every refusal and source failure code the service sends has a translation', () => {
  for (const code of Object.values(KNOWLEDGE_ERROR_CODES)) expect(en.workflows.knowledge.codes).toHaveProperty(code);
});
