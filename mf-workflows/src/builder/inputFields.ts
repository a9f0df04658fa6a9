// The manual trigger's input schema as the builder edits it: a list of fields
// (key, label, type, required, and for a file field the accepted types). Pure:
// each edit returns a new list; entries an import left malformed are kept as
// they are (the problems list names them) until the user edits them.
import { INPUT_FIELD_TYPES, type InputFieldType } from '@agentflow/shared/workflow';
import { ACCEPT_PRESETS, type AcceptPreset } from '../runs/files/fileChecks';

export type InputFieldEntry = Record<string, unknown>;

export const FIELD_TYPE_CHOICES: readonly InputFieldType[] = INPUT_FIELD_TYPES;

/** The schema's entries (an absent or non-list schema is empty). */
export const entriesOf = (schema: unknown): InputFieldEntry[] =>
  Array.isArray(schema) ? schema.map((entry) => (entry && typeof entry === 'object' && !Array.isArray(entry) ? (entry as InputFieldEntry) : {})) : [];

/** A key not yet used: field1, field2, … */
export function freshKey(entries: readonly InputFieldEntry[]): string {
  const used = new Set(entries.map((entry) => entry.key));
  let n = entries.length + 1;
  while (used.has(`field${n}`)) n += 1;
  return `field${n}`;
}

export const addField = (entries: readonly InputFieldEntry[], label: string): InputFieldEntry[] => [...entries, { key: freshKey(entries), label, type: 'string', required: false }];

export const removeField = (entries: readonly InputFieldEntry[], index: number): InputFieldEntry[] => entries.filter((_, i) => i !== index);

export function moveField(entries: readonly InputFieldEntry[], index: number, by: -1 | 1): InputFieldEntry[] {
  const to = index + by;
  if (to < 0 || to >= entries.length) return [...entries];
  const copy = [...entries];
  [copy[index], copy[to]] = [copy[to]!, copy[index]!];
  return copy;
}

/** Sets one property; a field that stops being a file field loses its accepted types. */
export function updateField(entries: readonly InputFieldEntry[], index: number, change: Partial<Record<'key' | 'label' | 'type', string> & { required: boolean }>): InputFieldEntry[] {
  return entries.map((entry, i) => {
    if (i !== index) return entry;
    const next: InputFieldEntry = { ...entry, ...change };
    if (next.type !== 'file') delete next.accept;
    return next;
  });
}

/** A file field's accepted types from a preset: "any" leaves the list out (every type a run takes). */
export function setAccept(entries: readonly InputFieldEntry[], index: number, preset: AcceptPreset): InputFieldEntry[] {
  return entries.map((entry, i) => {
    if (i !== index) return entry;
    const { accept: _old, ...rest } = entry;
    return preset === 'any' ? rest : { ...rest, accept: [...ACCEPT_PRESETS[preset]] };
  });
}
