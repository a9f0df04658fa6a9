import { WORKFLOW_TEMPLATES } from '@agentflow/shared/workflow';
import { readWorkflowFile, workflowFileName, workflowGraphOf, workflowJson } from './workflowFile';
import { templateSummary } from './templateSummary';

const node = { id: 'start', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: {} };

describe('a workflow file', () => {
  test('an exported workflow reads back as a new workflow with its settings, without pins', () => {
    const template = WORKFLOW_TEMPLATES[0]!;
    const pinnedFirst = { ...template, nodes: template.nodes.map((each, index) => (index === 0 ? { ...each, pinned: { output: 1, pinnedAt: '2026-01-01T00:00:00.000Z' } } : each)) };
    const result = readWorkflowFile(workflowJson(pinnedFirst), 'Fallback');
    expect(result).toMatchObject({ ok: true, workflow: { name: template.name, category: template.category, industry: template.industry, tags: template.tags, edges: template.edges } });
    if (!result.ok) throw new Error('expected a workflow');
    expect(result.workflow.nodes).toEqual(template.nodes);
    expect(JSON.parse(workflowJson(template)).id).toBe(template.id);
  });

  test('unknown settings fall back; a blank name takes the fallback', () => {
    expect(readWorkflowFile(JSON.stringify({ name: '  ', category: 'magic', industry: 7, tags: ['a', 3], nodes: [node], edges: [] }), 'leads')).toEqual({
      ok: true,
      workflow: { name: 'leads', description: '', category: 'automation', industry: 'general', tags: ['a'], nodes: [node], edges: [] },
    });
  });

  test.each([
    ['broken JSON', '{ nope', 'invalid-json'],
    ['a list', '[]', 'not-workflow'],
    ['an edge without its ends', '{"nodes": [], "edges": [{"id": 1}]}', 'not-workflow'],
    ['an unknown node type', JSON.stringify({ nodes: [{ ...node, type: 'teleport' }], edges: [] }), 'not-workflow'],
    ['201 nodes', JSON.stringify({ nodes: Array.from({ length: 201 }, (_, index) => ({ ...node, id: `n${index}` })), edges: [] }), 'too-big'],
  ])('%s is refused (%#)', (_label, text, reason) => {
    expect(readWorkflowFile(text, 'x')).toMatchObject({ ok: false, reason });
  });

  test('the graph check and the file name', () => {
    expect(workflowGraphOf({ nodes: [node], edges: [], name: 'N' })).toEqual({ nodes: [node], edges: [], name: 'N' });
    expect(workflowFileName({ name: 'Lead follow-up / EU' })).toBe('Lead-follow-up-EU.json');
    expect(workflowFileName({ name: '' })).toBe('workflow.json');
  });
});

test('a template summary lists steps in run order, each app once and the manual inputs', () => {
  const summary = templateSummary({
    nodes: [
      { id: 'b', type: 'connector', name: 'B', position: { x: 0, y: 0 }, params: { connector: 'slack' } },
      { id: 'a', type: 'trigger.manual', name: 'A', position: { x: 0, y: 0 }, params: { inputSchema: [{ key: 'email', label: '', required: true }] } },
      { id: 'c', type: 'connector', name: 'C', position: { x: 0, y: 0 }, params: { connector: 'slack' } },
    ],
    edges: [
      { id: 'e1', source: 'a', target: 'b' },
      { id: 'e2', source: 'b', target: 'c' },
    ],
  });
  expect(summary.steps.map((step) => step.id)).toEqual(['a', 'b', 'c']);
  expect(summary.apps.map((app) => app.id)).toEqual(['slack']);
  expect(summary.inputs).toEqual([{ key: 'email', label: 'email', required: true }]);
});
