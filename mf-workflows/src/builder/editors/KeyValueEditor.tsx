// Headers and form fields as a table of name → value rows (values may hold
// {{ }} placeholders: each has the field picker). Rows without a name are kept
// while typing and left out of the value.
import { useI18n } from '@agentflow/shared';
import { MappedInput } from '../mapping/MappedInput';
import { useRows } from './useRows';

const E = 'workflows.mapping.editors.';
type Row = { key: string; value: string };

const rowsOf = (value: unknown): Row[] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value as Record<string, unknown>).map(([key, v]) => ({ key, value: typeof v === 'string' ? v : JSON.stringify(v) }))
    : [];

export interface KeyValueEditorProps {
  /** Texts under workflows.mapping.editors.<texts>: name, value, empty, add. */
  texts: 'headers' | 'formFields';
  /** The table's accessible name (the field's label). */
  label: string;
  value: unknown;
  /** What no rows is stored as: {} (headers) or undefined (optional params). */
  empty: Record<string, never> | undefined;
  onChange: (value: unknown) => void;
}

export function KeyValueEditor({ texts, label, value, empty, onChange }: KeyValueEditorProps) {
  const { t } = useI18n();
  const valueOf = (rows: Row[]) => {
    const named = rows.filter((r) => r.key.trim() !== '');
    return named.length > 0 ? Object.fromEntries(named.map((r) => [r.key.trim(), r.value])) : empty;
  };
  const [rows, update] = useRows(value, rowsOf, valueOf, onChange);
  const T = `${E}${texts}.`;
  return (
    <div className="kv-editor" role="group" aria-label={label} data-testid={`kv-${texts}`}>
      {rows.length === 0 && <p className="field-hint">{t(`${T}empty`)}</p>}
      {rows.map((row, index) => (
        <div className="kv-row" key={index}>
          <input
            aria-label={`${t(`${T}name`)} ${index + 1}`}
            placeholder={t(`${T}name`)}
            spellCheck={false}
            value={row.key}
            onChange={(e) => update(rows.map((r, i) => (i === index ? { ...r, key: e.target.value } : r)))}
          />
          <MappedInput
            mode="template"
            compact
            common={{ 'aria-label': `${t(`${T}value`)} ${index + 1}`, placeholder: t(`${T}value`) }}
            value={row.value}
            onChange={(text) => update(rows.map((r, i) => (i === index ? { ...r, value: text } : r)))}
          />
          <button type="button" className="kv-remove" aria-label={`${t(`${E}remove`)} ${row.key || index + 1}`} onClick={() => update(rows.filter((_, i) => i !== index))}>
            ×
          </button>
        </div>
      ))}
      <button type="button" className="kv-add" onClick={() => update([...rows, { key: '', value: '' }])}>
        + {t(`${T}add`)}
      </button>
    </div>
  );
}
