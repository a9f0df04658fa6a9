import jsonata from 'jsonata';
import { NODE_TYPES, WORKFLOW_CATEGORIES, WORKFLOW_INDUSTRIES, type Workflow, type WorkflowNode } from './model.js';
import { WORKFLOW_TEMPLATES, templateById, templatesFor } from './templates.js';
import { validateWorkflow } from './validate.js';
import { isTrigger, triggerOf } from './graph.js';

const INDUSTRIES = WORKFLOW_INDUSTRIES.filter((industry) => industry !== 'general');
const each = WORKFLOW_TEMPLATES.map((template) => [template.id, template] as const);

const params = (node: WorkflowNode) => node.params as Record<string, any>;

/** Nodes reachable from the trigger along edges or an agent's delegation. */
function reachable(workflow: Workflow): Set<string> {
  const trigger = triggerOf(workflow);
  const seen = new Set<string>(trigger ? [trigger.id] : []);
  const queue = [...seen];
  while (queue.length > 0) {
    const id = queue.shift()!;
    const node = workflow.nodes.find((n) => n.id === id)!;
    const onward = [...workflow.edges.filter((e) => e.source === id).map((e) => e.target), ...(node.type === 'agent' ? (params(node).tools.delegates as string[]) : [])];
    for (const next of onward) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

function hasCycle(workflow: Workflow): boolean {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string): boolean => {
    if (state.get(id) === 'open') return true;
    if (state.get(id) === 'done') return false;
    state.set(id, 'open');
    const cyclic = workflow.edges.filter((e) => e.source === id).some((e) => visit(e.target));
    state.set(id, 'done');
    return cyclic;
  };
  return workflow.nodes.some((n) => visit(n.id));
}

/** The {{ … }} expressions of a template string (the simple case the templates use). */
const placeholders = (text: string | undefined) => [...(text ?? '').matchAll(/\{\{([\s\S]+?)\}\}/g)].map((m) => m[1]!);

describe('WORKFLOW_TEMPLATES', () => {
  it('has unique ids of the form tpl-<industry>-…', () => {
    const ids = WORKFLOW_TEMPLATES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of WORKFLOW_TEMPLATES) expect(t.id.startsWith(`tpl-${t.industry}-`)).toBe(true);
  });

  it.each(INDUSTRIES)('has at least three templates for %s', (industry) => {
    expect(templatesFor(industry).length).toBeGreaterThanOrEqual(3);
  });

  it('has general templates too', () => {
    expect(templatesFor('general').length).toBeGreaterThanOrEqual(2);
  });

  it.each(WORKFLOW_CATEGORIES)('has at least one %s template', (category) => {
    expect(WORKFLOW_TEMPLATES.some((t) => t.category === category)).toBe(true);
  });

  it('has a multi-agent template in which an agent delegates to another agent of the workflow', () => {
    const multiAgent = WORKFLOW_TEMPLATES.filter((t) =>
      t.nodes.some((n) => n.type === 'agent' && (params(n).tools.delegates as string[]).some((d) => t.nodes.find((o) => o.id === d)?.type === 'agent')),
    );
    expect(multiAgent.length).toBeGreaterThanOrEqual(1);
  });

  it('puts a human approval in templates that send customer notices or grant discounts', () => {
    for (const id of ['tpl-sales-follow-up-email', 'tpl-logistics-delay-customer-notice', 'tpl-logistics-carrier-invoice-check']) {
      expect(templateById(id)?.nodes.some((n) => n.type === 'approval')).toBe(true);
    }
  });

  it.each(each)('%s is a seeded template document', (_id, t) => {
    expect(t).toMatchObject({ visibility: 'template', ownerId: 'system', version: 1, createdAt: null, updatedAt: null });
    expect(t.name.trim()).not.toBe('');
    expect(t.description.length).toBeGreaterThan(60);
    expect(t.tags.length).toBeGreaterThan(0);
    expect(WORKFLOW_CATEGORIES).toContain(t.category);
    expect(WORKFLOW_INDUSTRIES).toContain(t.industry);
    expect(t.nodes.length).toBeGreaterThanOrEqual(4);
  });

  it.each(each)('%s has exactly one trigger, known node types and unique node and edge ids', (_id, t) => {
    expect(t.nodes.filter((node) => isTrigger(node.type))).toHaveLength(1);
    for (const node of t.nodes) expect(NODE_TYPES).toContain(node.type);
    expect(new Set(t.nodes.map((n) => n.id)).size).toBe(t.nodes.length);
    expect(new Set(t.edges.map((e) => e.id)).size).toBe(t.edges.length);
  });

  it.each(each)('%s: edges join existing nodes, and every condition has a true and a false branch', (_id, t) => {
    const ids = new Set(t.nodes.map((n) => n.id));
    for (const edge of t.edges) {
      expect(ids.has(edge.source)).toBe(true);
      expect(ids.has(edge.target)).toBe(true);
      const source = t.nodes.find((n) => n.id === edge.source)!;
      if (source.type === 'condition') expect(['true', 'false']).toContain(edge.sourceHandle);
      else expect(edge.sourceHandle).toBeUndefined();
    }
    for (const cond of t.nodes.filter((n) => n.type === 'condition')) {
      const handles = t.edges.filter((e) => e.source === cond.id).map((e) => e.sourceHandle).sort();
      expect(handles).toEqual(['false', 'true']);
    }
  });

  it.each(each)('%s: every node is reachable, there are no cycles, and edges run left to right', (_id, t) => {
    expect([...reachable(t)].sort()).toEqual(t.nodes.map((n) => n.id).sort());
    expect(hasCycle(t)).toBe(false);
    const x = new Map(t.nodes.map((n) => [n.id, n.position.x]));
    for (const edge of t.edges) expect(x.get(edge.target)! - x.get(edge.source)!).toBeGreaterThanOrEqual(200);
  });

  it.each(each)('%s: delegates are other agent nodes; agents have role instructions and a prompt', (_id, t) => {
    for (const node of t.nodes.filter((n) => n.type === 'agent')) {
      const p = params(node);
      expect(p.role.length).toBeGreaterThan(80);
      expect(p.promptTemplate).toMatch(/\{\{.+\}\}/);
      for (const delegate of p.tools.delegates as string[]) {
        expect(delegate).not.toBe(node.id);
        expect(t.nodes.find((n) => n.id === delegate)?.type).toBe('agent');
      }
    }
  });

  it.each(each)('%s: conditions read fields that an earlier agent returns as structured JSON', (_id, t) => {
    for (const cond of t.nodes.filter((n) => n.type === 'condition')) {
      const expression = params(cond).expression as string;
      const refs = [...expression.matchAll(/\b([A-Za-z]\w*)\.([A-Za-z]\w*)/g)];
      expect(refs.length).toBeGreaterThan(0);
      for (const [, nodeId, field] of refs) {
        const source = t.nodes.find((n) => n.id === nodeId)!;
        expect(source.type).toBe('agent');
        const output = params(source).output;
        expect(output.type).toBe('json');
        expect(Object.keys(output.schema.properties)).toContain(field);
      }
    }
  });

  it.each(each)('%s: every expression and {{ }} placeholder compiles as JSONata', (_id, t) => {
    const expressions: string[] = [];
    for (const node of t.nodes) {
      const p = params(node);
      if (node.type === 'condition') expressions.push(p.expression);
      if (node.type === 'transform' || (node.type === 'output' && p.mapping !== undefined)) expressions.push(p.mapping);
      if (node.type === 'http') expressions.push(...placeholders(p.url), ...placeholders(p.body));
      if (node.type === 'agent') expressions.push(...placeholders(p.promptTemplate), ...(p.tools.http as { url: string }[]).flatMap((tool) => placeholders(tool.url)));
    }
    expect(expressions.length).toBeGreaterThan(0);
    for (const expression of expressions) expect(() => jsonata(expression)).not.toThrow();
  });

  it.each(each)('%s passes validateWorkflow() with no problems', (_id, t) => {
    expect(validateWorkflow(t)).toEqual([]);
  });
});

describe('templatesFor / templateById', () => {
  it('returns only the templates of the industry asked for', () => {
    for (const industry of WORKFLOW_INDUSTRIES) {
      const found = templatesFor(industry);
      expect(found.every((t) => t.industry === industry)).toBe(true);
    }
    expect(WORKFLOW_INDUSTRIES.flatMap((industry) => templatesFor(industry))).toHaveLength(WORKFLOW_TEMPLATES.length);
  });

  it('finds a template by id and returns undefined for an unknown id', () => {
    expect(templateById('tpl-sales-lead-qualification')?.name).toBe('Inbound lead qualification');
    expect(templateById('tpl-logistics-shipment-delay-triage')?.industry).toBe('logistics');
    expect(templateById('nope')).toBeUndefined();
  });
});
