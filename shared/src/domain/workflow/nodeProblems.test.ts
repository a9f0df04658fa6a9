// One node's problems, as the builder's configuration panel shows them.
import { defaultParams } from './params.js';
import { nodeProblems } from './nodeProblems.js';

describe('nodeProblems', () => {
  test('checks one node for the configuration panel', () => {
    expect(nodeProblems({ id: 'c', type: 'condition', params: { expression: 'a =' } })).toEqual([
      { code: 'invalid-expression', nodeId: 'c', path: 'expression', message: 'Unexpected end of expression (at character 3)', reason: 'syntax', params: { position: 3 } },
    ]);
    expect(nodeProblems({ id: 'c', type: 'condition', params: { expression: '' } })).toEqual([
      { code: 'invalid-params', nodeId: 'c', path: 'expression', message: 'is required', reason: 'required' },
    ]);
  });

  test('checks delegates only when given the nodes', () => {
    const a = { id: 'a', type: 'agent' as const, params: { ...defaultParams('agent'), tools: { http: [], delegates: ['b'] } } };
    expect(nodeProblems(a)).toEqual([]);
    expect(nodeProblems(a, [a]).map((p) => p.code)).toEqual(['missing-delegate']);
    expect(nodeProblems(a, [a, { id: 'b', type: 'agent' }])).toEqual([]);
  });
});
