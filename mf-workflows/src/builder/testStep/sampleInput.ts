// Pure: the sample step input Test step starts from, keyed as the engine
// builds a step's input (platform-api execution.ts inputFor): `trigger` and
// `input` (the run input), and every upstream node's output under its key.
// Each value comes from the node's pinned output, else from the last run's
// step for that node; upstream nodes with neither are named (`missing`) so
// the panel can say what to test or pin first. Also the size rule of Pin.
import { PINNED_OUTPUT_MAX_BYTES, isTrigger, sampleFailedRunDetails, upstreamOf, type Workflow, type WorkflowRun } from '@agentflow/shared/workflow';

/** 'sample': an error trigger's built-in sample failed-run details (no pin, no run yet). */
export type SampleSource = 'pinned' | 'lastRun' | 'sample';

export interface SampleInput {
  input: Record<string, unknown>;
  /** Where each key's value came from. */
  sources: Record<string, SampleSource>;
  /** Upstream node ids with no pinned output and no output in the last run. */
  missing: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

export function sampleInput(workflow: Pick<Workflow, 'nodes' | 'edges'>, nodeId: string, lastRun: Pick<WorkflowRun, 'input' | 'steps'> | null): SampleInput {
  const byId = new Map(workflow.nodes.map((node) => [node.id, node]));
  const input: Record<string, unknown> = {};
  const sources: Record<string, SampleSource> = {};
  const missing: string[] = [];
  const lastOutput = (id: string) => lastRun?.steps.find((step) => step.nodeId === id && step.parentStepId === null && step.status === 'succeeded');

  for (const id of upstreamOf(workflow.edges, nodeId)) {
    const node = byId.get(id);
    if (!node) continue;
    const step = lastOutput(id);
    if (node.pinned && 'output' in node.pinned) {
      input[id] = node.pinned.output;
      sources[id] = 'pinned';
    } else if (step) {
      input[id] = step.output;
      sources[id] = 'lastRun';
    } else if (!isTrigger(node.type)) {
      missing.push(id);
    }
  }
  // The run input last, as the engine does (a node keyed `trigger` or `input` is shadowed by it):
  // the trigger's pinned sample, else the last run's input.
  const trigger = workflow.nodes.find((node) => isTrigger(node.type));
  const triggerPin = trigger?.pinned && isObject(trigger.pinned.output) ? trigger.pinned.output : null;
  const lastInput = lastRun && isObject(lastRun.input) ? lastRun.input : null;
  // An error trigger's details have one known shape: before any failure reached it, its sample stands in.
  const builtIn = !triggerPin && !lastInput && trigger?.type === 'trigger.error' ? (sampleFailedRunDetails() as unknown as Record<string, unknown>) : null;
  const runInput = triggerPin ?? lastInput ?? builtIn;
  if (runInput) sources.trigger = sources.input = triggerPin ? 'pinned' : lastInput ? 'lastRun' : 'sample';
  const upstream = Object.entries(input).filter(([key]) => key !== 'trigger' && key !== 'input');
  // Shown first in the sample's text, where the user looks for them.
  const ordered = { trigger: runInput ?? {}, input: runInput ?? {}, ...Object.fromEntries(upstream) };
  return { input: ordered, sources, missing };
}

/** The JSON text area's value as a step input: an object, or why not. */
export function parseSampleInput(text: string): { ok: true; input: Record<string, unknown> } | { ok: false; reason: 'json' | 'object' } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'json' };
  }
  return isObject(value) ? { ok: true, input: value } : { ok: false, reason: 'object' };
}

/** Bytes of a value as JSON (UTF-8): what the pin size rule counts; null when it is no JSON. */
export function jsonBytes(value: unknown): number | null {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? null : new TextEncoder().encode(text).length;
  } catch {
    return null;
  }
}

/** Whether an output may be pinned: JSON of at most PINNED_OUTPUT_MAX_BYTES (the domain's rule). */
export function pinnable(output: unknown): { ok: true } | { ok: false; bytes: number | null } {
  const bytes = jsonBytes(output);
  return bytes !== null && bytes <= PINNED_OUTPUT_MAX_BYTES ? { ok: true } : { ok: false, bytes };
}
