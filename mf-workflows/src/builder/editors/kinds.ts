// Which JSON-shaped params get which structured editor, and whether a value
// can be shown by it (else only the JSON view edits it). Pure and small: the
// config panel decides with it before the editors' chunk is loaded.
import { schemaRowsOf } from './outputSchema';

export type StructuredKind = 'outputSchema' | 'tools' | 'headers' | 'formFields';

/** The structured editor of a node type's JSON param, if it has one. */
export function structuredKindOf(nodeType: string, path: string): StructuredKind | null {
  if (nodeType === 'agent' && path === 'output.schema') return 'outputSchema';
  if (nodeType === 'agent' && path === 'tools') return 'tools';
  if (nodeType === 'http' && path === 'headers') return 'headers';
  if (nodeType === 'http' && path === 'formFields') return 'formFields';
  return null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringRecord = (v: unknown) => v === undefined || (isRecord(v) && Object.values(v).every((x) => typeof x === 'string'));

/** Whether the form can show the value without losing anything. */
export function representable(kind: StructuredKind, value: unknown): boolean {
  switch (kind) {
    case 'outputSchema':
      return schemaRowsOf(value) !== null;
    case 'headers':
    case 'formFields':
      return isStringRecord(value);
    case 'tools':
      return (
        value === undefined ||
        (isRecord(value) &&
          (value.http === undefined || (Array.isArray(value.http) && value.http.every((tool) => isRecord(tool) && isStringRecord(tool.headers)))) &&
          (value.delegates === undefined || Array.isArray(value.delegates)))
      );
  }
}
