import { compileTemplate } from './template.js';

const matches = (template: string, text: string) => compileTemplate(template).regex.test(text);
const capture = (template: string, text: string) => compileTemplate(template).regex.exec(text)?.[1] ?? null;

describe('compileTemplate', () => {
  test.each<[string, string, boolean]>([
    ['show [me] workflows', 'show workflows', true],
    ['show [me] workflows', 'show me workflows', true],
    ['show [me] workflows', 'show me', false],
    ['show [me] workflows', 'showme workflows', false],
    ['show [me] workflows', 'show  workflows', false],
    ['show [me] workflows', 'please show me workflows', false],
    ['show [me] workflows', 'show me workflows now', false],
    ['[the] workflows [page]', 'workflows', true],
    ['[the] workflows [page]', 'the workflows page', true],
    ['[the] [my] workflows', 'my workflows', true],
    ['[the] [my] workflows', 'the my workflows', true],
    ['(show [me]|open) [the|my] workflows', 'show me my workflows', true],
    ['(show [me]|open) [the|my] workflows', 'open workflows', true],
    ['(show [me]|open) [the|my] workflows', 'open me workflows', false],
    ['open [the] [workflows]', 'open', true],
    ['open [the] [workflows]', 'open the workflows', true],
    ["contrôle d'accès", 'controle d acces', true],
    ['Öffne die Hilfe', 'offne die hilfe', true],
    ['a.b (c+d)', 'a b c+d', true],
  ])('%j against %j: %s', (template, text, expected) => {
    expect(matches(template, text)).toBe(expected);
  });

  test.each<[string, string, string | null]>([
    ['search [for] {query}', 'search for invoices', 'invoices'],
    ['search [for] {query}', 'search invoices', 'invoices'],
    ['search [for] {query}', 'search', null],
    ['run [the] {name} workflow', 'run the lead scoring workflow', 'lead scoring'],
    ['(auf|in) {language} [umstellen]', 'auf deutsch umstellen', 'deutsch'],
    ['(auf|in) {language} [umstellen]', 'auf deutsch', 'deutsch'],
  ])('%j captures from %j: %j', (template, text, expected) => {
    expect(capture(template, text)).toBe(expected);
  });

  test('reports the slot, or null', () => {
    expect(compileTemplate('search {query}').slot).toBe('query');
    expect(compileTemplate('run {name}').slot).toBe('name');
    expect(compileTemplate('in {language}').slot).toBe('language');
    expect(compileTemplate('sign out').slot).toBeNull();
  });

  test.each([
    ['two slots', 'run {name} for {query}'],
    ['an unknown slot', 'open {page}'],
    ['an unclosed slot', 'open {page'],
    ['a missing parenthesis', '(open|show workflows'],
    ['a stray parenthesis', 'open workflows)'],
    ['a missing bracket', 'show [me workflows'],
    ['an empty alternative', '(open|) workflows'],
    ['only optional parts', '[open] [workflows]'],
    ['a slot inside a group', '(search {query}|find)'],
  ])('rejects %s', (_label, template) => {
    expect(() => compileTemplate(template)).toThrow(/voice template/i);
  });
});
