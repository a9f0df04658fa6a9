// The picker's view of the fields available at a node, from the domain's
// availableFields (the run input, then each upstream node by name and key,
// fields from output schemas merged with sample data, each with the reference
// to insert), and the step input the live preview evaluates on.
import { availableFields, inputSourcesOf, triggerOf, type AvailableField, type Workflow } from '@agentflow/shared/workflow';

export interface PickerField {
  name: string;
  /** 'string', 'number', 'boolean', 'object', 'array' or 'any'. */
  type: string;
  /** The JSONata text that reads this field in the node's input. */
  reference: string;
  /** The sample value as short JSON text. */
  sample?: string;
  fields: PickerField[];
}

export interface PickerSource {
  /** 'input' for the run input, else the node's key. */
  key: string;
  name: string;
  fields: PickerField[];
}

/** Sample outputs by node id; `input`: the run's input. */
export type Samples = Record<string, unknown>;

const fieldOf = (field: AvailableField): PickerField => ({
  name: field.name,
  type: field.type,
  reference: field.reference,
  ...(field.sample !== undefined ? { sample: field.sample } : {}),
  fields: (field.children ?? []).map(fieldOf),
});

/** The sources and fields available to `nodeId`; a source without fields offers its whole output. */
export function pickerSources(workflow: Workflow, nodeId: string, samples: Samples): PickerSource[] {
  return availableFields(workflow, nodeId, samples).map((source) => ({
    key: source.key,
    name: source.name,
    fields:
      source.fields.length > 0
        ? source.fields.map(fieldOf)
        : source.key === 'input'
          ? []
          : [{ name: source.key, type: source.type, reference: source.reference, ...(source.sample !== undefined ? { sample: source.sample } : {}), fields: [] }],
  }));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The step input a node would see on the samples, as the engine builds it (`inputFor`); null without any sample. */
export function sampleInputFor(workflow: Workflow, nodeId: string, samples: Samples): Record<string, unknown> | null {
  const trigger = triggerOf(workflow);
  const input = isRecord(samples.input) ? samples.input : undefined;
  const data: Record<string, unknown> = { input: input ?? {}, trigger: input ?? {} };
  if (trigger && input) data[trigger.id] = input;
  let any = input !== undefined;
  for (const id of inputSourcesOf(workflow, nodeId)) {
    if (id === trigger?.id || samples[id] === undefined) continue;
    data[id] = samples[id];
    any = true;
  }
  return any ? data : null;
}
