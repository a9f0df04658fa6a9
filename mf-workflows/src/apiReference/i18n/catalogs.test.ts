import { PUBLIC_COMMON_REFUSALS, PUBLIC_ERROR_CODE_DESCRIPTIONS, PUBLIC_REFUSAL_DESCRIPTIONS, PUBLIC_ROUTE_LIST } from '@agentflow/shared/api-keys';
import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { API_REFERENCE_CATALOGS as LAZY_CATALOGS } from './index';

const API_REFERENCE_CATALOGS = { en, es, fr, de, it };

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(API_REFERENCE_CATALOGS[language]);
});

describeTranslations('API reference texts', en, API_REFERENCE_CATALOGS);

// The routes of issue 24 still being added to the table: translated before they land.
const COMING_OPERATIONS = ['startRun', 'listRuns', 'cancelRun', 'listRunApprovals', 'decideApproval', 'listCredentials', 'uploadFile'];

test('every operation of the route table, and the ones still coming, has a summary in every language', () => {
  const ids = [...new Set([...PUBLIC_ROUTE_LIST.map((route) => route.id), ...COMING_OPERATIONS])];
  expect(ids.length).toBeGreaterThanOrEqual(11);
  for (const [language, catalog] of Object.entries(API_REFERENCE_CATALOGS)) {
    const operations = catalog.workflows.apiReference.operations as Record<string, { summary?: string } | undefined>;
    for (const id of ids) expect({ language, id, summary: operations[id]?.summary?.trim() || null }).toEqual({ language, id, summary: expect.any(String) });
  }
});

test('every tag and every refusal status of the table has its text', () => {
  for (const catalog of Object.values(API_REFERENCE_CATALOGS)) {
    const texts = catalog.workflows.apiReference;
    for (const route of PUBLIC_ROUTE_LIST) {
      expect(Object.keys(texts.tags)).toContain(route.tag);
      for (const status of route.refusals) expect(Object.keys(texts.statuses)).toContain(String(status));
    }
    for (const status of [...Object.keys(PUBLIC_COMMON_REFUSALS), ...Object.keys(PUBLIC_REFUSAL_DESCRIPTIONS)]) expect(Object.keys(texts.statuses)).toContain(status);
  }
});

test('every refusal code the table names has its text in every language', () => {
  const named: string[] = PUBLIC_ROUTE_LIST.flatMap((route) => Object.values(route.refusalCodes ?? {}).flatMap((codes) => codes ?? []));
  expect(named).toEqual(expect.arrayContaining(['idempotency_key_in_progress', 'idempotency_key_reused']));
  for (const [language, catalog] of Object.entries(API_REFERENCE_CATALOGS)) {
    const codes = catalog.workflows.apiReference.codes as Record<string, string | undefined>;
    for (const code of new Set([...named, ...Object.keys(PUBLIC_ERROR_CODE_DESCRIPTIONS)])) expect({ language, code, text: codes[code]?.trim() || null }).toEqual({ language, code, text: expect.any(String) });
  }
});
