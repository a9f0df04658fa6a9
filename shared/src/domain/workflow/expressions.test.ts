import { MAX_EXPRESSION_LENGTH, parseExpression, templatePlaceholders, templateProblems } from './expressions.js';

describe('parseExpression', () => {
  test.each([
    ['a path', 'customer.email'],
    ['a comparison', 'score >= 70 and status = "open"'],
    ['a function call', '$uppercase($substring(name, 0, 1))'],
    ['an object constructor', '{"id": order.id, "total": $sum(items.price)}'],
    ['a conditional', 'priority = "high" ? "urgent" : "normal"'],
    ['the context', '$'],
    ['a lambda', '$map(items, function($i) { $i.qty * 2 })'],
  ])('%s parses', (_label, source) => {
    expect(parseExpression(source)).toEqual({ ok: true });
  });

  test.each([
    ['a dangling operator', 'a +', 3],
    ['an unclosed call', '$foo(', 5],
    ['an unclosed predicate', 'items[', 6],
    ['an unterminated string', '"open', 5],
    ['an empty expression', '', 0],
    ['only spaces', '   ', 0],
  ])('%s fails with its position', (_label, source, position) => {
    const result = parseExpression(source);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toEqual(expect.any(String));
      expect(result.message).not.toBe('');
      expect(result.position).toBe(position);
    }
  });

  test('an over-long expression is refused without compiling', () => {
    const result = parseExpression('a'.repeat(MAX_EXPRESSION_LENGTH + 1));
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining(String(MAX_EXPRESSION_LENGTH)) });
  });

  test('never evaluates: a function call in the source has no effect', () => {
    const g = globalThis as { __evaluated?: boolean };
    expect(parseExpression('$eval("__evaluated := true")')).toEqual({ ok: true });
    expect(g.__evaluated).toBeUndefined();
  });
});

describe('templatePlaceholders', () => {
  test('finds each placeholder with its offsets', () => {
    const template = 'Hello {{ customer.name }}, order {{ order.id }}.';
    expect(templatePlaceholders(template)).toEqual([
      { expression: ' customer.name ', start: 6, end: 25, ok: true },
      { expression: ' order.id ', start: 33, end: 47, ok: true },
    ]);
  });

  test.each([
    ['no placeholders', 'Plain text with { braces }', 0],
    ['an object constructor inside', 'Data: {{ {"a": {"b": 1}} }}', 1],
    ['a string holding braces', '{{ "}}" & name }}', 1],
    ['two adjacent placeholders', '{{a}}{{b}}', 2],
  ])('%s', (_label, template, count) => {
    const found = templatePlaceholders(template);
    expect(found).toHaveLength(count);
    expect(found.every((p) => p.ok)).toBe(true);
  });

  test.each([
    ['a placeholder that does not parse', 'Hi {{ name + }}', 'Unexpected end', 13],
    ['an empty placeholder', 'Hi {{ }}', 'empty', 5],
    ['an unclosed placeholder', 'Hi {{ name', 'not closed', 3],
  ])('%s is reported at its template position', (_label, template, message, position) => {
    const problems = templateProblems(template);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ ok: false, message: expect.stringContaining(message), position });
  });
});
