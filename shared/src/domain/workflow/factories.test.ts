// The builder's factories make nodes and workflows that validate.
import { defaultParams } from './params.js';
import { validateWorkflow } from './validate.js';
import { createNode, emptyWorkflow } from './factories.js';
import { isTrigger } from './graph.js';

describe('builder helpers', () => {
  test('emptyWorkflow is valid with one manual trigger', () => {
    const wf = emptyWorkflow('user-1', 'My workflow');
    expect(validateWorkflow(wf)).toEqual([]);
    expect(wf.nodes.map((n) => n.type)).toEqual(['trigger.manual']);
    expect(wf).toMatchObject({ ownerId: 'user-1', name: 'My workflow', visibility: 'private', version: 0, edges: [] });
    expect(emptyWorkflow('u', 'W', { id: 'wf-9', organizationId: 'org-1', industry: 'logistics' })).toMatchObject({ id: 'wf-9', organizationId: 'org-1', industry: 'logistics' });
  });

  test('createNode gives unique ids, default params and names', () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const n = createNode('agent', { x: i, y: 0 }, ids);
      expect(ids).not.toContain(n.id);
      ids.push(n.id);
    }
    expect(ids).toEqual(['agent-1', 'agent-2', 'agent-3', 'agent-4', 'agent-5']);
    expect(createNode('agent', { x: 0, y: 0 }, ['agent-1', 'agent-3']).id).toBe('agent-2');
    expect(createNode('agent', { x: 0, y: 0 }, new Set(['agent-1']))).toMatchObject({ name: 'Agent 2', params: defaultParams('agent') });
    expect(createNode('http', { x: 10, y: 20 }, [])).toMatchObject({ id: 'http-1', name: 'HTTP request', position: { x: 10, y: 20 } });
  });

  test.each(['trigger.manual', 'trigger.webhook', 'trigger.schedule', 'agent', 'condition', 'transform', 'http', 'approval', 'output'] as const)(
    'a new %s node is valid once connected',
    (type) => {
      const wf = emptyWorkflow('user-1', 'W');
      if (isTrigger(type)) wf.nodes = [];
      const n = createNode(type, { x: 0, y: 0 }, wf.nodes.map((x) => x.id));
      wf.nodes.push(n);
      if (wf.nodes.length === 2) wf.edges.push({ id: 'e1', source: wf.nodes[0]!.id, target: n.id });
      expect(validateWorkflow(wf)).toEqual([]);
    },
  );
});
