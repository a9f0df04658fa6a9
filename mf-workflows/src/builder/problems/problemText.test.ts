import { createNode, emptyWorkflow, validateWorkflow, type Workflow, type WorkflowProblem } from '@agentflow/shared/workflow';
import { de } from './i18n/de';
import { en } from './i18n/en';
import { problemText, type Translate } from './problemText';
import { problemFieldLabel } from './problemField';

/** A translate over one catalog: dotted keys, {{name}} filled in (what i18next does with these texts). */
function translator(catalog: object, fields: Record<string, string> = {}): Translate {
  return (key, options = {}) => {
    if (key.startsWith('workflows.builder.fields.')) return fields[key.slice('workflows.builder.fields.'.length)] ?? key;
    let value: unknown = catalog;
    for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
    if (typeof value !== 'string') return key;
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? `{{${name}}}`));
  };
}

const tEn = translator(en, { url: 'Address' });
const tDe = translator(de, { url: 'Adresse' });

/** A workflow with many kinds of problems: an extra trigger, a bad URL, a reference to a node that does not exist and one not upstream, a syntax error, an unconnected step. */
function broken(): Workflow {
  const wf = emptyWorkflow('user-1', 'Broken', { id: 'wf-1' });
  const trigger = wf.nodes[0]!;
  const http = { ...createNode('http', { x: 0, y: 0 }, ['manual_1']), params: { method: 'GET', url: 'ftp://example.com', headers: {}, timeoutMs: 1000 } };
  const transform = { ...createNode('transform', { x: 0, y: 0 }, ['manual_1', 'http_1']), params: { mapping: '{ "a": agent_9.score, "b": transform_2.x }' } };
  const condition = { ...createNode('condition', { x: 0, y: 0 }, ['manual_1', 'http_1', 'transform_1']), params: { expression: 'score >=' } };
  const lonely = createNode('output', { x: 0, y: 0 }, ['manual_1', 'http_1', 'transform_1', 'condition_1']);
  const second = { ...createNode('transform', { x: 0, y: 0 }, ['manual_1', 'http_1', 'transform_1', 'condition_1', 'output_1']), params: { mapping: '{}' } };
  const extraTrigger = { ...createNode('trigger.manual', { x: 0, y: 0 }, ['manual_1']), id: 'manual_2' };
  wf.nodes = [trigger, http, transform, condition, lonely, second, extraTrigger];
  wf.edges = [
    { id: 'e1', source: trigger.id, target: http.id },
    { id: 'e2', source: http.id, target: transform.id },
    { id: 'e3', source: transform.id, target: condition.id },
    { id: 'e4', source: condition.id, target: second.id, sourceHandle: 'true' },
  ];
  return wf;
}

test('the domain’s problems read in English and German by reason, with their values, never the English message or a key', () => {
  const problems = validateWorkflow(broken());
  const reasons = new Set(problems.map((p) => p.reason));
  for (const reason of ['extra-manual-trigger', 'invalid-url', 'unknown-reference', 'not-upstream', 'syntax', 'unreachable'] as const) expect(reasons).toContain(reason);
  for (const problem of problems) {
    for (const t of [tEn, tDe]) {
      const text = problemText(t, problem);
      expect({ text, ok: !text.includes('{{') && !text.startsWith('workflows.') }).toEqual({ text, ok: true });
    }
    expect(problemText(tDe, problem)).not.toBe(problem.message);
  }
  const unknown = problems.find((p) => p.reason === 'unknown-reference')!;
  expect(problemText(tEn, unknown)).toBe('“agent_9.score” refers to “agent_9”, which is not a step of this workflow.');
  expect(problemText(tDe, unknown)).toBe('„agent_9.score“ verweist auf „agent_9“, das kein Schritt dieses Workflows ist.');
  const syntax = problems.find((p) => p.reason === 'syntax')!;
  expect(problemText(tDe, syntax)).toMatch(/^Der Ausdruck kann nicht gelesen werden \(nahe Zeichen \d+\)\.$/);
  const url = problems.find((p) => p.reason === 'invalid-url')!;
  expect(problemFieldLabel(tDe, 'http', url)).toBe('Adresse');
  expect(problemText(tDe, url)).toBe('Geben Sie eine Webadresse ein, die mit http:// oder https:// beginnt.');
});

test('value types, named unknown fields, JSON that does not parse, and problems without a reason', () => {
  const at = (problem: Partial<WorkflowProblem>): WorkflowProblem => ({ code: 'invalid-params', message: 'English', nodeId: 'n', path: 'x', ...problem });
  expect(problemText(tDe, at({ reason: 'invalid-type', params: { expected: 'number' } }))).toBe('Hier wird eine Zahl erwartet.');
  expect(problemText(tEn, at({ reason: 'invalid-type', params: { expected: 'date' } }))).toBe('This should be a value of another kind.');
  expect(problemText(tEn, at({ reason: 'unknown-key', params: { key: 'colour' } }))).toBe('The field “colour” is not known here.');
  expect(problemText(tEn, at({ reason: 'unknown-key' }))).toBe('This field is not known here.');
  expect(problemText(tDe, at({ reason: 'invalid-format', params: { format: 'json' } }))).toBe('Das ist kein gültiges JSON.');
  expect(problemText(tDe, at({ reason: 'too-long', params: { max: 80 } }))).toBe('Verwenden Sie höchstens 80 Zeichen.');
  // No reason: by its code; the builder's own (already translated) credential problems keep their words.
  expect(problemText(tDe, { code: 'cycle', message: 'English', nodeId: 'n' })).toBe('Dieser Schritt liegt in einer Schleife.');
  expect(problemText(tDe, { code: 'invalid-params', message: 'Anmeldedaten gelöscht', nodeId: 'n', path: 'credentialId' })).toBe('Anmeldedaten gelöscht');
});
