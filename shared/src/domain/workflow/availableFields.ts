// The fields a node's expressions can refer to, for the builder's field
// picker: the run input (`input`) and every upstream node's output, each
// field from the node's output schema (outputs.ts) merged with what sample
// data shows (the last run's outputs, or a node's pinned output), with the
// reference text to insert. Pure.
import type { NodeType, Workflow } from './model.js';
import { inputSourcesOf, isTrigger, triggerOf } from './graph.js';
import { nodeOutput, valueType, type OutputField, type OutputFieldType } from './outputs.js';
import { referenceFor } from './references.js';
import { isRecord } from './fields.js';
import { enclosingLoopOf } from './loop.js';
import { sampleFailedRunDetails } from './errorTriggerSample.js';
import { ERROR_OUTPUT_FIELDS, onErrorOf } from './nodeSettings.js';

/** Longest sample text shown beside a field. */
export const SAMPLE_TEXT_MAX = 60;
/** Deepest level of sample data read into fields, and most fields listed per level. */
const MAX_DEPTH = 5;
const MAX_FIELDS = 100;
/** Items of a sample list whose fields are merged. */
const MAX_ITEMS = 20;

export interface AvailableField {
  name: string;
  /** Field names from the source's root: ['items', 'price']. */
  path: string[];
  /** The JSONata to insert: `agent_1.items.price`. */
  reference: string;
  type: OutputFieldType;
  description?: string;
  /** The sample value as short JSON text, cut at SAMPLE_TEXT_MAX characters. */
  sample?: string;
  /** Where the field is known from: the output schema, the sample data, or both. */
  from: 'schema' | 'sample' | 'both';
  /** Fields not listed may be there too. */
  open?: boolean;
  children?: AvailableField[];
}

export interface AvailableSource {
  /** The root expressions use: 'input' for the run input, else the node's key. */
  key: string;
  /** The node it comes from (the trigger for 'input'). */
  nodeId: string | null;
  name: string;
  nodeType: NodeType | null;
  reference: string;
  type: OutputFieldType;
  /** Its shape is not fully known: fields not listed may be there. */
  open: boolean;
  /** Whether there was sample data for it. */
  hasSample: boolean;
  sample?: string;
  fields: AvailableField[];
}

/** A value as short JSON text for the picker. */
export function sampleText(value: unknown, max = SAMPLE_TEXT_MAX): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The objects a sample holds at this level: itself, or the items of a list. */
function sampleObjects(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).filter(isRecord);
  return isRecord(value) ? [value] : [];
}

interface Merging {
  root: string;
  path: string[];
  depth: number;
}

/** Schema fields and sample data merged: schema fields first (their order), then fields only the sample has. */
function mergeFields(schema: readonly OutputField[], samples: readonly Record<string, unknown>[], at: Merging): AvailableField[] {
  const names = [...schema.map((f) => f.name)];
  for (const sample of samples) for (const key of Object.keys(sample)) if (!names.includes(key)) names.push(key);
  return names.slice(0, MAX_FIELDS).map((name) => {
    const known = schema.find((f) => f.name === name);
    const holder = samples.find((sample) => name in sample);
    const value = holder?.[name];
    const seen = holder !== undefined;
    const path = [...at.path, name];
    const type = known && known.type !== 'any' ? known.type : seen ? valueType(value) : (known?.type ?? 'any');
    const nested = seen ? samples.flatMap((sample) => sampleObjects(sample[name])) : [];
    const children =
      at.depth < MAX_DEPTH && ((known?.children?.length ?? 0) > 0 || nested.length > 0)
        ? mergeFields(known?.children ?? [], nested, { root: at.root, path, depth: at.depth + 1 })
        : undefined;
    return {
      name,
      path,
      reference: referenceFor(at.root, path),
      type,
      ...(known?.description ? { description: known.description } : {}),
      ...(seen ? { sample: sampleText(value) } : {}),
      from: known && seen ? 'both' : known ? 'schema' : 'sample',
      ...(known?.open ? { open: true } : {}),
      ...(children ? { children } : {}),
    } satisfies AvailableField;
  });
}

/**
 * What node `nodeId` can refer to: first the run input (`input`, from the
 * trigger), then each upstream node nearest first (inputSourcesOf), each with its fields from
 * its output schema merged with `samples[key]` (the trigger's under 'input',
 * 'trigger' or its key), or when absent the node's pinned output. A trigger
 * refers to nothing.
 */
export function availableFields(workflow: Pick<Workflow, 'nodes' | 'edges'>, nodeId: string, samples: Readonly<Record<string, unknown>> = {}): AvailableSource[] {
  const node = workflow.nodes.find((n) => n.id === nodeId);
  if (!node || isTrigger(node.type)) return [];
  // Several triggers: the manual one's input form describes the input best (the others' outputs are open).
  const trigger = workflow.nodes.find((n) => n.type === 'trigger.manual') ?? triggerOf(workflow);
  const byId = new Map(workflow.nodes.map((n) => [n.id, n]));
  const sources: AvailableSource[] = [];
  const add = (key: string, source: (typeof workflow.nodes)[number], sampleKeys: string[]) => {
    const declared = nodeOutput(source);
    // A step whose failures are handled hands on { error, input } when it fails: its successors may read those too.
    const handled = !isTrigger(source.type) && onErrorOf(source) !== 'stop';
    const extra = handled ? ERROR_OUTPUT_FIELDS.filter((field) => !declared.fields.some((f) => f.name === field.name)) : [];
    const output = extra.length > 0 ? { ...declared, fields: [...declared.fields, ...extra] } : declared;
    const sampleKey = sampleKeys.find((k) => k in samples);
    // An error trigger's details have one known shape: without a real failed run, its sample shows what they look like.
    const builtIn = source.type === 'trigger.error' ? { output: sampleFailedRunDetails() } : undefined;
    const fallback = source.pinned ?? builtIn;
    const hasSample = sampleKey !== undefined || fallback !== undefined;
    const sample = sampleKey !== undefined ? samples[sampleKey] : fallback?.output;
    sources.push({
      key,
      nodeId: source.id,
      name: source.name,
      nodeType: source.type,
      reference: referenceFor(key),
      type: output.type === 'any' && hasSample ? valueType(sample) : output.type,
      open: output.open,
      hasSample,
      ...(hasSample ? { sample: sampleText(sample) } : {}),
      fields: mergeFields(output.fields, hasSample ? sampleObjects(sample) : [], { root: key, path: [], depth: 0 }),
    });
  };
  if (trigger) add('input', trigger, ['input', 'trigger', trigger.id]);
  // A loop's body step also reads its item and index (loop.ts); an item's shape is whatever the list holds.
  const loop = byId.get(enclosingLoopOf(workflow, nodeId) ?? '');
  if (loop) {
    const item = 'item' in samples ? { hasSample: true, sample: sampleText(samples.item), type: valueType(samples.item) } : { hasSample: false, type: 'any' as const };
    const itemFields = 'item' in samples ? mergeFields([], sampleObjects(samples.item), { root: 'item', path: [], depth: 0 }) : [];
    sources.push({ key: 'item', nodeId: loop.id, name: loop.name, nodeType: loop.type, reference: 'item', open: true, fields: itemFields, ...item });
    sources.push({ key: 'index', nodeId: loop.id, name: loop.name, nodeType: loop.type, reference: 'index', type: 'number', open: false, hasSample: false, fields: [] });
  }
  for (const id of inputSourcesOf(workflow, nodeId)) {
    const upstream = byId.get(id);
    if (upstream && !isTrigger(upstream.type)) add(id, upstream, [id]);
  }
  return sources;
}
