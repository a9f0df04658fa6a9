// Where a picked field's reference goes: at the caret of the field it is
// inserted into, wrapped as a {{ placeholder }} in a template, bare in a
// JSONata expression. Pure.

/** 'expression': the whole field is JSONata; 'template': text with {{ JSONata }} placeholders. */
export type MappingMode = 'expression' | 'template';

/** How a field of the domain's expression kind takes a reference: a file expression is written as a template. */
export const mappingModeOf = (kind: 'expression' | 'template' | 'file' | null): MappingMode | null => (kind === null ? null : kind === 'expression' ? 'expression' : 'template');

/** The text a reference is inserted as in a field of this mode. */
export const referenceText = (reference: string, mode: MappingMode): string => (mode === 'template' ? `{{ ${reference} }}` : reference);

/** The field's new text with `insert` replacing start..end (the selection), and where the caret goes after it. */
export function insertAt(value: string, start: number | null | undefined, end: number | null | undefined, insert: string): { value: string; caret: number } {
  const from = Math.max(0, Math.min(start ?? value.length, value.length));
  const to = Math.max(from, Math.min(end ?? from, value.length));
  return { value: value.slice(0, from) + insert + value.slice(to), caret: from + insert.length };
}

/** The drag-and-drop type a field carries from the picker to a field (its reference, bare). */
export const FIELD_DRAG_TYPE = 'application/x-agentflow-field';
