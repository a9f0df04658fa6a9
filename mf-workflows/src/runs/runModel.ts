// Pure helpers for the run views: the run form's fields (from the manual
// trigger's input schema) parsed with the domain's run-input schema, the step tree (delegated
// calls under their parent), durations and JSON display.
import { RUN_INPUT_MESSAGES, firedTriggerOf, runInputSchema, type RunStatus, type RunStep, type StepStatus, type Workflow, type WorkflowRun, type WorkflowRunSummary } from '@agentflow/shared/workflow';

export type FormFieldType = 'string' | 'text' | 'number' | 'boolean' | 'file';
export interface FormField {
  key: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  /** A file field's accepted types ('image/*'); empty or absent: every type a run takes. */
  accept?: string[];
}

const FIELD_TYPES: readonly string[] = ['string', 'text', 'number', 'boolean', 'file'];

/**
 * The fields of the workflow's manual trigger, or null when the workflow has
 * no manual trigger (a webhook or schedule workflow: the form takes JSON).
 * Entries that are not well-formed are skipped: the builder reports them.
 */
export function runFormFields(workflow: Pick<Workflow, 'nodes'>): FormField[] | null {
  const trigger = workflow.nodes.find((node) => node.type === 'trigger.manual');
  if (!trigger) return null;
  const schema = (trigger.params as { inputSchema?: unknown }).inputSchema;
  if (!Array.isArray(schema)) return [];
  return schema.flatMap((entry): FormField[] => {
    if (!entry || typeof entry !== 'object') return [];
    const { key, label, type, required, accept } = entry as Record<string, unknown>;
    if (typeof key !== 'string' || key === '' || !FIELD_TYPES.includes(String(type))) return [];
    const field: FormField = { key, label: typeof label === 'string' && label.trim() !== '' ? label : key, type: type as FormFieldType, required: required === true };
    if (type === 'file') field.accept = Array.isArray(accept) ? accept.filter((item): item is string => typeof item === 'string') : [];
    return [field];
  });
}

export type FormValues = Record<string, string | boolean>;

/** The typed values of the fields (a file field has none here: its file is picked, then uploaded). */
export function initialValues(fields: FormField[], input: Record<string, unknown> = {}): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const given = input[field.key];
    if (field.type === 'file') continue;
    if (field.type === 'boolean') values[field.key] = given === true;
    else values[field.key] = given === undefined || given === null ? '' : String(given);
  }
  return values;
}

/** Error codes the form translates (workflows.runs.form.errors.<code>). */
export type FieldErrorCode = 'required' | 'number' | 'json';

const NUMBER_MESSAGES: readonly string[] = [RUN_INPUT_MESSAGES.number, RUN_INPUT_MESSAGES.finite];

export type ParsedForm = { ok: true; input: Record<string, unknown> } | { ok: false; errors: Record<string, FieldErrorCode> };

/**
 * The typed fields' input, or why not. File fields are checked for presence
 * only (`picked`: the keys with a file chosen): their FileRefs join the input
 * after the upload, and the runs API checks them with the same schema.
 */
export function parseRunForm(fields: FormField[], values: FormValues, picked: ReadonlySet<string> = new Set()): ParsedForm {
  // The runs API's own schema (the domain's), so the form refuses what the API would;
  // only the fields' keys, an unticked box as false.
  const typed = fields.filter((field) => field.type !== 'file');
  const result = runInputSchema(typed).safeParse(initialValues(typed, values));
  const errors: Record<string, FieldErrorCode> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key && !errors[key]) errors[key] = NUMBER_MESSAGES.includes(issue.message) ? 'number' : 'required';
    }
  }
  for (const field of fields) if (field.type === 'file' && field.required && !picked.has(field.key)) errors[field.key] = 'required';
  if (result.success && Object.keys(errors).length === 0) return { ok: true, input: result.data };
  return { ok: false, errors };
}

/** The JSON input of a workflow without a manual trigger: an object, or an error. */
export function parseJsonInput(text: string): { ok: true; input: Record<string, unknown> } | { ok: false } {
  if (text.trim() === '') return { ok: true, input: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return { ok: true, input: value as Record<string, unknown> };
  } catch {
    // fall through
  }
  return { ok: false };
}

// ---------------------------------------------------------------- steps

export interface StepNode {
  step: RunStep;
  children: StepNode[];
}

/** Top-level steps in run order, each delegated call under the step that made it. */
export function stepTree(steps: RunStep[]): StepNode[] {
  const nodes = new Map<string, StepNode>(steps.map((step) => [step.id, { step, children: [] }]));
  const roots: StepNode[] = [];
  for (const step of steps) {
    const node = nodes.get(step.id)!;
    const parent = step.parentStepId ? nodes.get(step.parentStepId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** A waiting approval step, the one Approve/Reject act on. */
export function waitingApproval(run: WorkflowRun): RunStep | null {
  return run.steps.find((step) => step.status === 'waiting' && step.type === 'approval') ?? run.steps.find((step) => step.status === 'waiting') ?? null;
}

export const isActiveStatus = (status: RunStatus | StepStatus) => status === 'queued' || status === 'running' || status === 'waiting';

// ---------------------------------------------------------------- time

// Durations live in runTime.ts (no zod: the builder's last-run overlay reads them on its first view).
export { durationMs, formatDuration } from './runTime';

export function formatTime(iso: string | null, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** Pretty JSON for the step's input and output panels. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

/** The summary columns of a run (the history may hold full runs or summaries). */
export function summaryOf(run: WorkflowRun | WorkflowRunSummary): WorkflowRunSummary {
  const { id, workflowId, workflowVersion, status, trigger, tokensUsed, error, errorCode = null, createdAt, startedAt, endedAt } = run;
  // A full run names its trigger from its snapshot, as platform-api's summary does.
  const triggerName = 'snapshot' in run ? (firedTriggerOf(run.snapshot, trigger)?.name ?? null) : (run.triggerName ?? null);
  return { id, workflowId, workflowVersion, status, trigger, triggerName, tokensUsed, error, errorCode, createdAt, startedAt, endedAt };
}
