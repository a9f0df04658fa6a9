import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { PROBLEM_REASONS, type WorkflowProblem } from '@agentflow/shared/workflow';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { PROBLEMS_CATALOGS as LAZY_CATALOGS } from './index';

const PROBLEMS_CATALOGS = { en, es, fr, de, it };

/** Every problem code (the compiler fails this when the domain adds one). */
const CODES: Record<WorkflowProblem['code'], true> = {
  'trigger-count': true,
  'edge-missing-node': true,
  cycle: true,
  'unreachable-node': true,
  'invalid-params': true,
  'missing-delegate': true,
  'invalid-expression': true,
  'duplicate-id': true,
  'invalid-workflow': true,
};

test('the index bundles English and fetches each other language', async () => {
  expect(LAZY_CATALOGS.en).toBe(en);
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await LAZY_CATALOGS.loaders[language]()).toBe(PROBLEMS_CATALOGS[language]);
});

test('every reason of the domain (PROBLEM_REASONS) has a text, and no text is for a reason the domain lacks', () => {
  expect(Object.keys(en.workflows.problems.reasons).sort()).toEqual([...PROBLEM_REASONS].sort());
});

test('every problem code has a text (for a problem without a reason)', () => {
  expect(Object.keys(en.workflows.problems.codes).sort()).toEqual(Object.keys(CODES).sort());
});

// The other languages have every key of English (and no English left): describeTranslations.
describeTranslations('workflow problems texts', en, PROBLEMS_CATALOGS, { languages: ['en', 'es', 'fr', 'de', 'it'] });
