// JSONata evaluation and {{ … }} templates as the engine uses them (pure).
import { ExpressionError, evaluate, renderTemplate } from '../expressions/evaluate';
import { secretsMatch } from './router';
import { truncateValue } from './runModel';

const data = { input: { name: 'Ada Lovelace', tags: ['a', 'b'] }, lead: { email: 'ada@example.com', score: 82 } };

describe('evaluate', () => {
  it('evaluates over the step input and returns plain JSON', async () => {
    expect(await evaluate('lead.score >= 70', data)).toBe(true);
    expect(await evaluate('input.tags', data)).toEqual(['a', 'b']);
    expect(await evaluate('{"n": $count(input.tags)}', data)).toEqual({ n: 2 });
    expect(await evaluate('missing.field', data)).toBeNull();
  });

  it('reports parse errors, failures and runaway expressions as ExpressionError', async () => {
    await expect(evaluate('(((', data)).rejects.toThrow(ExpressionError);
    await expect(evaluate('$number("x") + $undefinedFn()', data)).rejects.toThrow(/Expression failed/);
    await expect(evaluate('($f := function($n) { $f($n + 1) }; $f(0))', data, 200)).rejects.toThrow('Expression failed: Evaluation timeout after 200 milliseconds. Check for infinite loop');
    await expect(evaluate('$count([1..200000].($ * 2))', data)).rejects.toThrow(/^Expression failed: The maximum sequence length/);
  });
});

describe('renderTemplate', () => {
  it('fills placeholders: strings as they are, other values as JSON', async () => {
    expect(await renderTemplate('Hi {{ input.name }}, score {{ lead.score }}, tags {{ input.tags }}', data)).toBe('Hi Ada Lovelace, score 82, tags ["a","b"]');
    expect(await renderTemplate('no placeholders', data)).toBe('no placeholders');
    expect(await renderTemplate('{{ $string(lead) }}', data)).toBe('{"email":"ada@example.com","score":82}');
  });

  it('encodes values inside a URL but not a placeholder that produces the whole URL', async () => {
    expect(await renderTemplate('https://api.example.com/people/{{ input.name }}?mail={{ lead.email }}', data, encodeURIComponent)).toBe(
      'https://api.example.com/people/Ada%20Lovelace?mail=ada%40example.com',
    );
    expect(await renderTemplate('{{ "https://x.example.com/a?b=" & lead.score }}', data, encodeURIComponent)).toBe('https://x.example.com/a?b=82');
  });

  it('refuses a template that does not parse', async () => {
    await expect(renderTemplate('Hi {{ input.name ', data)).rejects.toThrow(/Template does not parse/);
  });
});

describe('helpers', () => {
  it('truncates past the limit and reports the full size', () => {
    expect(truncateValue({ a: 1 }, 100)).toEqual({ value: { a: 1 }, bytes: 7, truncated: false });
    const big = truncateValue('é'.repeat(100), 51);
    expect(big.truncated).toBe(true);
    expect(big.bytes).toBe(202);
    expect(big.value).toBe(`"${'é'.repeat(25)}…`);
  });

  it('compares secrets in constant time, by digest', () => {
    expect(secretsMatch('abc', 'abc')).toBe(true);
    expect(secretsMatch('abc', 'abd')).toBe(false);
    expect(secretsMatch('', 'abc')).toBe(false);
  });
});
