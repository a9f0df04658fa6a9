// Named values (a record's fields, a row's columns, a button's label and
// address) as rows of name and value, added and removed one by one: no JSON.
// Rows are kept in local state while a name is blank or repeated, so typing
// never loses a row; the node gets the rows that have a name.
import { useState } from 'react';
import { useI18n } from '@agentflow/shared';
import { K } from './connectorTexts';

type Row = { key: string; value: string };
type Values = Record<string, unknown>;

const rowsOf = (value: unknown): Row[] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value as Values).map(([key, v]) => ({ key, value: v === null || v === undefined ? '' : String(v) }))
    : [];

const recordOf = (rows: Row[]): Values => Object.fromEntries(rows.filter((r) => r.key.trim() !== '').map((r) => [r.key.trim(), r.value]));

export interface RecordEditorProps {
  id: string;
  label: string;
  value: unknown;
  invalid: boolean;
  describedBy?: string;
  onChange: (value: Values | undefined) => void;
}

export function RecordEditor({ id, label, value, invalid, describedBy, onChange }: RecordEditorProps) {
  const { t } = useI18n();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(value));
  // Follow outside changes (undo, import) that the rows do not already say.
  const serialized = JSON.stringify(value ?? {});
  const [followed, setFollowed] = useState(serialized);
  if (followed !== serialized) {
    setFollowed(serialized);
    if (JSON.stringify(recordOf(rows)) !== serialized) setRows(rowsOf(value));
  }
  const update = (next: Row[]) => {
    setRows(next);
    const record = recordOf(next);
    const out = Object.keys(record).length > 0 ? record : undefined;
    setFollowed(JSON.stringify(out ?? {}));
    onChange(out);
  };
  return (
    <div className="record-editor" role="group" aria-labelledby={`${id}-label`} aria-invalid={invalid || undefined} aria-describedby={describedBy} id={id}>
      {rows.length === 0 && <p className="field-hint">{t(`${K}record.empty`)}</p>}
      {rows.map((row, index) => (
        <div className="record-row" key={index}>
          <input
            aria-label={`${label}: ${t(`${K}record.key`)} ${index + 1}`}
            placeholder={t(`${K}record.key`)}
            value={row.key}
            onChange={(e) => update(rows.map((r, i) => (i === index ? { ...r, key: e.target.value } : r)))}
          />
          <input
            aria-label={`${label}: ${t(`${K}record.value`)} ${index + 1}`}
            placeholder={t(`${K}record.value`)}
            value={row.value}
            onChange={(e) => update(rows.map((r, i) => (i === index ? { ...r, value: e.target.value } : r)))}
          />
          <button type="button" className="record-remove" aria-label={t(`${K}record.remove`, { key: row.key || index + 1 })} onClick={() => update(rows.filter((_, i) => i !== index))}>
            ×
          </button>
        </div>
      ))}
      <button type="button" className="record-add" onClick={() => setRows([...rows, { key: '', value: '' }])}>
        <span aria-hidden="true">+ </span>
        {t(`${K}record.add`)}
      </button>
    </div>
  );
}
