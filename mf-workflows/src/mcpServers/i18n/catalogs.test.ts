import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { MCP_SERVERS_CATALOGS as LAZY_CATALOGS } from './index';

const MCP_SERVERS_CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(MCP_SERVERS_CATALOGS[language]);
});

describeTranslations('MCP servers page and picker texts', en, MCP_SERVERS_CATALOGS);
