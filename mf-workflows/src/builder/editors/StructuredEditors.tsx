// The structured editors, one chunk loaded with the first JSON-shaped setting
// shown (not in the builder's first view).
import { KeyValueEditor } from './KeyValueEditor';
import { OutputSchemaEditor } from './OutputSchemaEditor';
import { ToolsEditor } from './ToolsEditor';
import type { StructuredKind } from './kinds';

export interface StructuredEditorProps {
  kind: StructuredKind;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
}

export default function StructuredEditor({ kind, label, value, onChange }: StructuredEditorProps) {
  switch (kind) {
    case 'outputSchema':
      return <OutputSchemaEditor label={label} value={value} onChange={onChange} />;
    case 'tools':
      return <ToolsEditor label={label} value={value} onChange={onChange} />;
    case 'headers':
      return <KeyValueEditor texts="headers" label={label} value={value} empty={{}} onChange={onChange} />;
    case 'formFields':
      return <KeyValueEditor texts="formFields" label={label} value={value} empty={undefined} onChange={onChange} />;
  }
}
