// Workflows offered as tools to MCP clients (issue 24): a workflow's `mcp`
// setting, saved by whoever may edit it like its other settings, marks it
// available on its workspace's MCP endpoint (platform-api `mcp/`). Only a
// workflow with a manual trigger can be offered: the trigger's input fields
// are the tool's input, checked by the same runInputSchema() as the run form
// and the runs API, and described to clients as that schema's JSON Schema.
import { z } from 'zod';
import type { Workflow } from './model.js';
import type { InputField } from './params.js';
import { runInputSchema } from './runInput.js';
import { manualTriggerOf } from './triggers.js';

/** What MCP clients accept as a tool name (the spec's and the common clients' rule). */
export const MCP_TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
export const MCP_LIMITS = { toolNameMax: 64, descriptionMax: 1000 } as const;

/** Workflow.mcp: whether the workflow is a tool of its workspace's MCP endpoint, under which name and description. */
export interface WorkflowMcpSettings {
  enabled: boolean;
  /** Absent or null: derived from the workflow's name (mcpToolNameOf). */
  toolName?: string | null;
  /** Absent or null: the workflow's description. */
  description?: string | null;
}

export const MCP_MESSAGES = {
  toolName: 'must be 1 to 64 letters, digits, _ or -',
  needsManualTrigger: 'Only a workflow with a manual trigger can be offered to MCP clients: its input fields are the tool’s input',
} as const;

/** The setting's shape (validateWorkflow checks it at `mcp`; the Firestore rules hold the same). */
export const workflowMcpSchema = z.strictObject(
  {
    enabled: z.boolean({ error: 'must be true or false' }),
    toolName: z.string({ error: 'must be a string' }).regex(MCP_TOOL_NAME_PATTERN, MCP_MESSAGES.toolName).nullable().optional(),
    description: z.string({ error: 'must be a string' }).max(MCP_LIMITS.descriptionMax, `must be at most ${MCP_LIMITS.descriptionMax} characters`).nullable().optional(),
  },
  { error: 'must be an object' },
);

/** The workflow's MCP setting as stored, or null when it has none or one of another shape (never offered). */
export function mcpSettingsOf(workflow: Pick<Workflow, 'mcp'>): WorkflowMcpSettings | null {
  const parsed = workflowMcpSchema.safeParse(workflow.mcp ?? undefined);
  return parsed.success ? parsed.data : null;
}

/** The manual trigger's input fields; null without a manual trigger (such a workflow cannot be a tool). */
export function mcpInputFieldsOf(workflow: Pick<Workflow, 'nodes'>): InputField[] | null {
  const trigger = manualTriggerOf(workflow);
  if (!trigger) return null;
  const fields = (trigger.params as { inputSchema?: unknown }).inputSchema;
  return Array.isArray(fields) ? (fields as InputField[]) : [];
}

/** Whether the workflow is marked available and can be: enabled, with a manual trigger, not a template, not in the trash. */
export function isMcpTool(workflow: Workflow): boolean {
  return mcpSettingsOf(workflow)?.enabled === true && mcpInputFieldsOf(workflow) !== null && workflow.visibility !== 'template' && !workflow.deletedAt;
}

/** The name a tool gets without one of its own: the workflow's name in lower case, words joined by '_' ('workflow' when nothing is left). */
export function defaultMcpToolName(workflowName: string): string {
  const slug = workflowName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MCP_LIMITS.toolNameMax)
    .replace(/_+$/, '');
  return slug === '' ? 'workflow' : slug;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Older first: a workflow added later never takes a name from one already offered (unknown times last). */
const createdKey = (workflow: Workflow) => workflow.createdAt ?? '\uffff';

/** One workflow as an MCP tool. */
export interface McpTool {
  name: string;
  description: string;
  workflow: Workflow;
  fields: InputField[];
}

/**
 * The tools of a workspace's workflows (those isMcpTool accepts), each with a
 * name unique among them. A name chosen in the builder comes before a derived
 * one, and within each the older workflow first (then the smaller id); a later
 * workflow whose name is taken gets its id's first characters appended. Listing and calling compute
 * the same names from the same workflows, so a name stays put until a
 * workflow's setting, name or availability changes.
 */
export function mcpToolsOf(workflows: readonly Workflow[]): McpTool[] {
  const candidates = workflows
    .filter(isMcpTool)
    .map((workflow) => {
      const settings = mcpSettingsOf(workflow)!;
      return { workflow, chosen: settings.toolName ?? null, settings };
    })
    .sort((a, b) => Number(b.chosen !== null) - Number(a.chosen !== null) || compare(createdKey(a.workflow), createdKey(b.workflow)) || compare(a.workflow.id, b.workflow.id));
  const taken = new Set<string>();
  const tools: McpTool[] = [];
  for (const { workflow, chosen, settings } of candidates) {
    let name = chosen ?? defaultMcpToolName(workflow.name);
    if (taken.has(name)) {
      const suffix = `_${workflow.id.replace(/[^a-zA-Z0-9]/g, '').slice(0, 8)}`;
      name = `${name.slice(0, MCP_LIMITS.toolNameMax - suffix.length)}${suffix}`;
      for (let n = 2; taken.has(name); n++) name = `${name.slice(0, MCP_LIMITS.toolNameMax - String(n).length - 1)}_${n}`;
    }
    taken.add(name);
    const description = settings.description?.trim() || workflow.description.trim() || workflow.name;
    tools.push({ name, description, workflow, fields: mcpInputFieldsOf(workflow)! });
  }
  return tools;
}

/**
 * The tool's inputSchema: the JSON Schema of runInputSchema(fields), on its
 * input side (what a caller sends). A file field is described as any value:
 * it takes a reference to a file uploaded first (POST /api/files).
 */
export function mcpInputJsonSchema(fields: readonly InputField[]): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(runInputSchema(fields), { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  // The form's labels tell a model what each field is.
  for (const field of fields) if (properties[field.key] && field.label) properties[field.key] = { ...properties[field.key], description: field.label };
  return { ...schema, type: 'object', properties };
}
