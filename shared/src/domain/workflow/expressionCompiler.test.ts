// The browser path: the workflow modules without the JSONata compiler installed
// (a fresh module registry, as a browser build gets them), then loaded lazily.
import type * as Compiler from './expressionCompiler';
import type * as Expressions from './expressions';
import type * as References from './references';

function freshModules() {
  let modules!: { compiler: typeof Compiler; expressions: typeof Expressions; references: typeof References };
  jest.isolateModules(() => {
    modules = {
      compiler: jest.requireActual<typeof Compiler>('./expressionCompiler'),
      expressions: jest.requireActual<typeof Expressions>('./expressions'),
      references: jest.requireActual<typeof References>('./references'),
    };
  });
  return modules;
}

describe('the lazily loaded expression compiler', () => {
  it('leaves expressions unchecked and references unknown until it loads, and refuses a rename meanwhile', () => {
    const { compiler, expressions, references } = freshModules();
    expect(compiler.currentExpressionCompiler()).toBeNull();
    expect(expressions.parseExpression('agent_1.score >=')).toEqual({ ok: true });
    expect(references.referencesOf('agent_1.score >= 70')).toEqual([]);
    expect(() => references.renameInSource('agent_1.score', 'expression', 'agent_1', 'lead')).toThrow(compiler.ExpressionCompilerMissingError);
  });

  it('checks syntax and finds references once loaded, telling its listeners', async () => {
    const { compiler, expressions, references } = freshModules();
    // Unknown before: nothing may be cached as "no references".
    expect(references.referencesOf('agent_1.score')).toEqual([]);
    const told = jest.fn();
    const stop = compiler.onExpressionCompiler(told);
    await compiler.loadExpressionCompiler();
    stop();
    expect(told).toHaveBeenCalledTimes(1);
    expect(expressions.parseExpression('agent_1.score >=')).toMatchObject({ ok: false });
    expect(references.referencesOf('agent_1.score').map((ref) => ref.root)).toEqual(['agent_1']);
    expect(references.renameInSource('agent_1.score > 1', 'expression', 'agent_1', 'lead')).toBe('lead.score > 1');
  });

  it('is installed at once for Node and the tests (the workflow entry and the test setup)', () => {
    // This file's own registry went through the test setup, like a service through the entry.
    const compiler = jest.requireActual<typeof Compiler>('./expressionCompiler');
    expect(compiler.currentExpressionCompiler()).not.toBeNull();
  });
});
