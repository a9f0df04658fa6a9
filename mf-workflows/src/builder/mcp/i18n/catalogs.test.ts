import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { MCP_CATALOGS as LAZY_CATALOGS } from './index';

const CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(CATALOGS[language]);
});

// "MCP" is the protocol's name in every language.
describeTranslations('MCP texts', en, CATALOGS, { languages: ['en', 'es', 'fr', 'de', 'it'], sameInEveryLanguage: new Set(['workflows.mcp.badge']) });
