// The picker's view of the fields available at a node: one group per source
// (the run's input, then each upstream node by name and key), each field with
// its name, type, reference text and sample value, nested fields under it.
// The references are the domain's (referenceFor, upstreamOf). TEMPORARY: the
// field list is made here until the domain's availableFields (H1, outputs.ts)
// lands; the view types stay and only this file changes then.
import { referenceFor, triggerOf, upstreamOf as upstreamIds, type Workflow } from '@agentflow/shared/workflow';

/** The nodes whose outputs `nodeId`'s step input holds (the domain's rule). */
const upstreamOf = (workflow: Pick<Workflow, 'edges'>, nodeId: string): Set<string> => new Set(upstreamIds(workflow.edges, nodeId));

export interface PickerField {
  name: string;
  /** 'string', 'number', 'object', 'array', …; 'unknown' when only the name is known. */
  type: string;
  /** The JSONata text that reads this field in the node's input. */
  reference: string;
  sample?: unknown;
  fields: PickerField[];
}

export interface PickerSource {
  /** The node's key ('input' for the run's input). */
  key: string;
  /** What the user named it (empty for the run's input: the UI says "Run input"). */
  name: string;
  nodeId: string | null;
  fields: PickerField[];
}

/** Sample outputs by node id; `input`: the run's input. */
export type Samples = Record<string, unknown>;

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Fields of a sample value, a few levels deep. A list shows its first item's
 * fields: `extract.contacts.email` reads that field of every item (JSONata maps paths over lists).
 */
function fieldsOfSample(key: string, path: string[], value: unknown, depth: number): PickerField[] {
  if (depth > 3) return [];
  const target = Array.isArray(value) ? value[0] : value;
  if (!isRecord(target)) return [];
  return Object.entries(target).map(([name, sample]) => {
    const at = [...path, name];
    return { name, type: typeOf(sample), reference: referenceFor(key, at), sample, fields: fieldsOfSample(key, at, sample, depth + 1) };
  });
}

/** Fields a node declares before it has run (a manual trigger's inputs, a JSON agent's schema). */
function declaredFields(key: string, schema: unknown): PickerField[] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return [];
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    type: isRecord(property) && typeof property.type === 'string' ? property.type : 'unknown',
    reference: referenceFor(key, [name]),
    fields: [],
  }));
}

function merge(declared: PickerField[], sampled: PickerField[]): PickerField[] {
  const out = sampled.slice();
  for (const field of declared) if (!out.some((f) => f.name === field.name)) out.push(field);
  return out;
}

/** The sources and fields available to `nodeId`: the run's input, then its upstream nodes in workflow order. */
export function pickerSources(workflow: Workflow, nodeId: string, samples: Samples): PickerSource[] {
  const trigger = triggerOf(workflow);
  const inputSchema = trigger?.type === 'trigger.manual' && Array.isArray(trigger.params.inputSchema) ? trigger.params.inputSchema : [];
  const inputDeclared: PickerField[] = inputSchema
    .filter((f): f is { key: string; type?: string } => isRecord(f) && typeof f.key === 'string')
    .map((f) => ({ name: f.key, type: f.type === 'text' ? 'string' : (f.type ?? 'string'), reference: referenceFor('input', [f.key]), fields: [] }));
  const sources: PickerSource[] = [{ key: 'input', name: '', nodeId: null, fields: merge(inputDeclared, fieldsOfSample('input', [], samples.input, 0)) }];
  const upstream = upstreamOf(workflow, nodeId);
  for (const node of workflow.nodes) {
    if (!upstream.has(node.id) || node.id === trigger?.id) continue;
    const output = node.params.output;
    const schema = isRecord(output) && output.type === 'json' ? output.schema : undefined;
    const sample = samples[node.id];
    const fields = merge(declaredFields(node.id, schema), fieldsOfSample(node.id, [], sample, 0));
    sources.push({ key: node.id, name: node.name, nodeId: node.id, fields: fields.length > 0 ? fields : [{ name: node.id, type: sample === undefined ? 'unknown' : typeOf(sample), reference: referenceFor(node.id, []), sample, fields: [] }] });
  }
  return sources;
}

/** The step input a node would see on the samples, as the engine builds it (`inputFor`). */
export function sampleInputFor(workflow: Workflow, nodeId: string, samples: Samples): Record<string, unknown> | null {
  const upstream = upstreamOf(workflow, nodeId);
  const trigger = triggerOf(workflow);
  const input = isRecord(samples.input) ? samples.input : undefined;
  const data: Record<string, unknown> = { input: input ?? {}, trigger: input ?? {} };
  if (trigger && input) data[trigger.id] = input;
  let any = input !== undefined;
  for (const id of upstream) {
    if (id === trigger?.id || samples[id] === undefined) continue;
    data[id] = samples[id];
    any = true;
  }
  return any ? data : null;
}
