import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { KNOWLEDGE_NODE_CATALOGS } from './index';

const CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(KNOWLEDGE_NODE_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await KNOWLEDGE_NODE_CATALOGS.loaders[language]()).toBe(CATALOGS[language]);
});

describeTranslations('Knowledge step texts', en, { en, es, de, it });
// French abbreviates a page as English does.
describeTranslations('Knowledge step texts (fr)', en, { en, fr }, { sameInEveryLanguage: new Set(['workflows.knowledgeNode.page']) });
