import { syntaxProblems } from './syntax';

describe('syntaxProblems', () => {
  it('finds nothing in valid code, with a top-level return and await (the code is a function body)', () => {
    expect(syntaxProblems('const items = await Promise.all(input.input.list.map(async (x) => x * 2));\nreturn { items };')).toEqual([]);
    expect(syntaxProblems('')).toEqual([]);
  });

  it('gives the line and column of an error', () => {
    expect(syntaxProblems('const a = 1;\nconst b = ;\nreturn a;')[0]).toEqual({ from: 23, line: 2, column: 11 });
  });

  it('finds an unclosed call and an unclosed block', () => {
    expect(syntaxProblems('return input.items.map(x => x * 2;')[0]).toMatchObject({ line: 1 });
    expect(syntaxProblems('if (input.ok) {\n  return 1;\n')).not.toEqual([]);
  });
});
