// Workflows as MCP tools (issue 24): the setting's shape, the manual-trigger
// rule, tool names that are valid and unique, and an input schema that says
// what runInputSchema() accepts.
import type { NodeType, Workflow, WorkflowNode } from './model.js';
import { emptyWorkflow } from './factories.js';
import { validateWorkflow } from './validate.js';
import { workflowFromDocument } from './documents.js';
import { runInputSchema } from './runInput.js';
import { MCP_TOOL_NAME_PATTERN, defaultMcpToolName, isMcpTool, mcpInputJsonSchema, mcpSettingsOf, mcpToolsOf } from './mcp.js';
import { isProblemReason } from './problemReasons.js';

const node = (id: string, type: NodeType, params: Record<string, unknown> = {}): WorkflowNode => ({ id, type, name: id, position: { x: 0, y: 0 }, params });
const fields = [
  { key: 'email', label: 'E-mail', type: 'string', required: true },
  { key: 'seats', label: 'Seats', type: 'number', required: false },
  { key: 'urgent', label: 'Urgent', type: 'boolean', required: false },
];
function flow(id: string, name: string, extra: Partial<Workflow> = {}, trigger: WorkflowNode = node('start', 'trigger.manual', { inputSchema: fields })): Workflow {
  return { ...emptyWorkflow('u1', name, { id }), version: 1, nodes: [trigger, node('shape', 'transform', { mapping: '{"a": 1}' })], edges: [{ id: 'e1', source: 'start', target: 'shape' }], ...extra };
}

describe('the mcp setting', () => {
  it('validates: a valid one passes, a bad tool name or shape is named at its path', () => {
    expect(validateWorkflow(flow('w1', 'A', { mcp: { enabled: true, toolName: 'lead_follow-up', description: 'Follows up a lead' } }))).toEqual([]);
    expect(validateWorkflow(flow('w1', 'A', { mcp: null }))).toEqual([]);
    const badName = validateWorkflow(flow('w1', 'A', { mcp: { enabled: true, toolName: 'has space' } }));
    expect(badName).toEqual([expect.objectContaining({ code: 'invalid-workflow', path: 'mcp.toolName', reason: 'invalid-format' })]);
    expect(validateWorkflow(flow('w1', 'A', { mcp: { enabled: 'yes' } as never }))[0]).toMatchObject({ path: 'mcp.enabled' });
    expect(validateWorkflow(flow('w1', 'A', { mcp: { enabled: true, extra: 1 } as never }))[0]).toMatchObject({ path: 'mcp.extra', reason: 'unknown-key' });
  });

  it('is refused on a workflow without a manual trigger (its input is the tool’s); turned off it may stay', () => {
    const webhook = node('start', 'trigger.webhook', {});
    const problems = validateWorkflow(flow('w1', 'A', { mcp: { enabled: true } }, webhook));
    expect(problems).toContainEqual(expect.objectContaining({ code: 'invalid-workflow', path: 'mcp.enabled', reason: 'mcp-needs-manual-trigger' }));
    expect(isProblemReason('mcp-needs-manual-trigger')).toBe(true);
    expect(validateWorkflow(flow('w1', 'A', { mcp: { enabled: false } }, webhook)).filter((p) => p.path?.startsWith('mcp'))).toEqual([]);
    expect(isMcpTool(flow('w1', 'A', { mcp: { enabled: true } }, webhook))).toBe(false);
  });

  it('decodes from a stored document; a wrong shape reads as not offered', () => {
    expect(mcpSettingsOf(workflowFromDocument('w1', { mcp: { enabled: true, toolName: 'x' } }))).toEqual({ enabled: true, toolName: 'x' });
    expect(mcpSettingsOf(workflowFromDocument('w1', {}))).toBeNull();
    expect(mcpSettingsOf(workflowFromDocument('w1', { mcp: { enabled: 'true' } }))).toBeNull();
  });
});

describe('tools of a workspace', () => {
  it('lists only marked workflows with a manual trigger, not templates or the trash', () => {
    const tools = mcpToolsOf([
      flow('a', 'Lead follow-up', { mcp: { enabled: true } }),
      flow('b', 'Not marked'),
      flow('c', 'Turned off', { mcp: { enabled: false } }),
      flow('d', 'Trashed', { mcp: { enabled: true }, deletedAt: '2026-01-01T00:00:00.000Z' }),
      flow('e', 'Template', { mcp: { enabled: true }, visibility: 'template' }),
    ]);
    expect(tools.map((tool) => [tool.name, tool.workflow.id])).toEqual([['lead_follow_up', 'a']]);
  });

  it('names are valid and unique: a chosen name first, then older workflows; a taken name gets the id appended', () => {
    const tools = mcpToolsOf([
      flow('b2', 'Invoice check', { mcp: { enabled: true }, createdAt: '2026-01-01T00:00:00.000Z' }),
      flow('a1', 'Invoice check', { mcp: { enabled: true }, createdAt: '2026-02-01T00:00:00.000Z' }),
      flow('a0', 'Invoice check', { mcp: { enabled: true } }),
      flow('c3', 'Other', { mcp: { enabled: true, toolName: 'invoice_check', description: 'Chosen' } }),
      flow('d4', '¡Ünïcode — only!', { mcp: { enabled: true } }),
      flow('e5', '***', { mcp: { enabled: true } }),
      flow('f6', 'x'.repeat(120), { mcp: { enabled: true } }),
    ]);
    const names = Object.fromEntries(tools.map((tool) => [tool.workflow.id, tool.name]));
    // The older b2 keeps its suffix whatever the id order; a0 (no known time) comes last.
    expect(names).toEqual({ c3: 'invoice_check', b2: 'invoice_check_b2', a1: 'invoice_check_a1', a0: 'invoice_check_a0', d4: 'unicode_only', e5: 'workflow', f6: 'x'.repeat(64) });
    expect(mcpToolsOf([flow('z9', 'Invoice check', { mcp: { enabled: true }, createdAt: '2026-01-01T00:00:00.000Z' }), flow('a1', 'Invoice check', { mcp: { enabled: true }, createdAt: '2026-03-01T00:00:00.000Z' })]).map((tool) => [tool.workflow.id, tool.name])).toEqual([
      ['z9', 'invoice_check'],
      ['a1', 'invoice_check_a1'],
    ]);
    for (const name of Object.values(names)) expect(name).toMatch(MCP_TOOL_NAME_PATTERN);
    expect(tools.find((tool) => tool.workflow.id === 'c3')!.description).toBe('Chosen');
    expect(defaultMcpToolName('Weekly  digest (EU)')).toBe('weekly_digest_eu');
  });
});

describe('the input schema', () => {
  it('is the JSON Schema of runInputSchema: types, required fields, no unknown keys, labels as descriptions', () => {
    const schema = mcpInputJsonSchema(fields as never);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        email: { type: 'string', maxLength: expect.any(Number), description: 'E-mail' },
        seats: { type: 'number', description: 'Seats' },
        urgent: { type: 'boolean', description: 'Urgent' },
      },
      required: ['email'],
      additionalProperties: false,
    });
    // What the schema describes, runInputSchema accepts; what it refuses, runInputSchema refuses too.
    expect(runInputSchema(fields as never).safeParse({ email: 'a@b.c', seats: 2, urgent: true }).success).toBe(true);
    expect(runInputSchema(fields as never).safeParse({ seats: 2 }).success).toBe(false);
    expect(runInputSchema(fields as never).safeParse({ email: 'a@b.c', other: 1 }).success).toBe(false);
  });

  it('is an empty object schema for a trigger without fields', () => {
    expect(mcpInputJsonSchema([])).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });
});
