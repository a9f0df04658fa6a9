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

  test('emptyWorkflow starts with the trigger asked for', () => {
    for (const trigger of ['trigger.webhook', 'trigger.schedule', 'trigger.poll'] as const) {
      expect(emptyWorkflow('u', 'W', { trigger }).nodes.map((n) => n.type)).toEqual([trigger]);
    }
    expect(validateWorkflow(emptyWorkflow('u', 'W', { trigger: 'trigger.webhook' }))).toEqual([]);
  });

  test('createNode gives unique ids, default params and names', () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const n = createNode('agent', { x: i, y: 0 }, ids);
      expect(ids).not.toContain(n.id);
      ids.push(n.id);
    }
    expect(ids).toEqual(['agent_1', 'agent_2', 'agent_3', 'agent_4', 'agent_5']);
    expect(createNode('agent', { x: 0, y: 0 }, ['agent_1', 'agent_3']).id).toBe('agent_2');
    expect(createNode('agent', { x: 0, y: 0 }, new Set(['agent_1']))).toMatchObject({ name: 'Agent 2', params: defaultParams('agent') });
    // Old hyphenated ids do not take a new key's number.
    expect(createNode('agent', { x: 0, y: 0 }, ['agent-1']).id).toBe('agent_1');
    expect(createNode('http', { x: 10, y: 20 }, [])).toMatchObject({ id: 'http_1', name: 'HTTP request', position: { x: 10, y: 20 } });
    expect(createNode('connector', { x: 0, y: 0 }, []).id).toBe('app_1');
    expect(createNode('trigger.manual', { x: 0, y: 0 }, []).id).toBe('manual_1');
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
