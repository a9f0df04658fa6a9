import { PUBLIC_COMMON_REFUSALS, PUBLIC_ERROR_CODE_DESCRIPTIONS, PUBLIC_REFUSAL_DESCRIPTIONS, PUBLIC_ROUTES, PUBLIC_ROUTE_LIST, type PublicRoute } from '@agentflow/shared/api-keys';
import { describeTranslations, flatten } from '@agentflow/shared/testing/translationChecks';
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

type OperationTexts = { summary?: string; description?: string; answers?: Record<string, string | undefined> };

/** What the page translates of a route, in the route table's English: its summary, its description when it has one, and a text per success status. */
const routeTexts = (route: PublicRoute) => ({
  summary: route.summary,
  ...(route.description === undefined ? {} : { description: route.description }),
  answers: Object.fromEntries(Object.entries(route.answers).map(([status, answer]) => [status, answer.description])),
});

test("the English texts of the operations are the route table's, exactly: no more, no fewer, none drifted", () => {
  expect(PUBLIC_ROUTE_LIST.length).toBeGreaterThanOrEqual(11);
  expect(PUBLIC_ROUTES.startRun.answers).toEqual({ 200: expect.anything(), 202: expect.anything() });
  expect(en.workflows.apiReference.operations).toEqual(Object.fromEntries(PUBLIC_ROUTE_LIST.map((route) => [route.id, routeTexts(route)])));
});

test('every operation of the route table has, in every language, a summary, its description iff the route has one, and a text per success status', () => {
  for (const [language, catalog] of Object.entries(API_REFERENCE_CATALOGS)) {
    const operations = catalog.workflows.apiReference.operations as Record<string, OperationTexts | undefined>;
    for (const route of PUBLIC_ROUTE_LIST) {
      const texts = operations[route.id];
      const filled = (text: string | undefined) => (text?.trim() ? 'text' : null);
      expect({ language, id: route.id, summary: filled(texts?.summary), description: filled(texts?.description) }).toEqual({ language, id: route.id, summary: 'text', description: route.description === undefined ? null : 'text' });
      const statuses = Object.keys(route.answers);
      expect({ language, id: route.id, answers: Object.fromEntries(Object.entries(texts?.answers ?? {}).map(([status, text]) => [status, filled(text)])) }).toEqual({ language, id: route.id, answers: Object.fromEntries(statuses.map((status) => [status, 'text'])) });
    }
  }
});

/** What a translation must keep as written: the `code` spans and the numbers (statuses, limits), sorted (a translation may reorder them). */
const keptAsWritten = (text: string) => ({ code: [...text.matchAll(/`[^`]*`/g)].map((match) => match[0]).sort(), numbers: [...text.matchAll(/\d+/g)].map((match) => match[0]).sort() });

test('every translated operation text keeps the English `code` spans and numbers (so a changed limit or code name cannot go stale in one language)', () => {
  const english = flatten(en.workflows.apiReference.operations);
  for (const [language, catalog] of Object.entries(API_REFERENCE_CATALOGS)) {
    const translated = flatten(catalog.workflows.apiReference.operations);
    for (const [key, text] of english) expect({ language, key, ...keptAsWritten(String(translated.get(key) ?? '')) }).toEqual({ language, key, ...keptAsWritten(String(text)) });
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
