// An agent's output schema as rows: name, type, required, description; an
// object (or a list of objects) has its own rows, one level deep.
import { useId, useState } from 'react';
import { useI18n } from '@agentflow/shared';
import { ITEM_TYPES, SCHEMA_TYPES, freshName, schemaOfRows, schemaRowsOf, type SchemaRow } from './outputSchema';
import { moved, useRows } from './useRows';

const E = 'workflows.mapping.editors.';
const S = `${E}schema.`;

export function OutputSchemaEditor({ label, value, onChange }: { label: string; value: unknown; onChange: (value: unknown) => void }) {
  const { t } = useI18n();
  const [rows, update] = useRows(value, (v) => schemaRowsOf(v) ?? [], (next) => schemaOfRows(next, value), onChange);
  return (
    <div className="schema-editor" role="group" aria-label={label} data-testid="output-schema-editor">
      <p className="field-hint">{t(`${S}hint`)}</p>
      <RowList rows={rows} nested={false} onRows={update} />
    </div>
  );
}

function RowList({ rows, nested, onRows }: { rows: SchemaRow[]; nested: boolean; onRows: (rows: SchemaRow[]) => void }) {
  const { t } = useI18n();
  const set = (index: number, change: Partial<SchemaRow>) => onRows(rows.map((r, i) => (i === index ? { ...r, ...change } : r)));
  return (
    <>
      {rows.length === 0 && <p className="field-hint">{t(`${S}empty`)}</p>}
      <ol className={`schema-rows${nested ? ' schema-rows--nested' : ''}`}>
        {rows.map((row, index) => (
          <SchemaRowEditor
            key={index}
            row={row}
            index={index}
            count={rows.length}
            nested={nested}
            onChange={(change) => set(index, change)}
            onMove={(by) => onRows(moved(rows, index, by))}
            onRemove={() => onRows(rows.filter((_, i) => i !== index))}
          />
        ))}
      </ol>
      <button type="button" className="schema-add" onClick={() => onRows([...rows, { name: freshName(rows), type: 'string', required: false, description: '' }])}>
        + {t(nested ? `${S}addChild` : `${S}add`)}
      </button>
    </>
  );
}

interface RowProps {
  row: SchemaRow;
  index: number;
  count: number;
  nested: boolean;
  onChange: (change: Partial<SchemaRow>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function SchemaRowEditor({ row, index, count, nested, onChange, onMove, onRemove }: RowProps) {
  const { t } = useI18n();
  const id = useId();
  const name = row.name || String(index + 1);
  const hasChildren = !nested && (row.type === 'object' || (row.type === 'array' && row.items === 'object'));
  // In a nested row a list holds plain values only (one level deep).
  const itemTypes = nested ? ITEM_TYPES.filter((type) => type !== 'object') : ITEM_TYPES;
  return (
    <li className="schema-row" data-testid="schema-row">
      <div className="schema-row-line">
        <span className="schema-cell">
          <label htmlFor={`${id}-name`}>{t(`${S}name`)}</label>
          <input id={`${id}-name`} className="schema-name" spellCheck={false} value={row.name} onChange={(e) => onChange({ name: e.target.value })} />
        </span>
        <span className="schema-cell">
          <label htmlFor={`${id}-type`}>{t(`${S}type`)}</label>
          <select
            id={`${id}-type`}
            value={row.type}
            onChange={(e) => {
              const type = e.target.value as SchemaRow['type'];
              onChange({ type, items: type === 'array' ? (row.items ?? 'string') : undefined, children: type === 'object' || type === 'array' ? row.children : undefined });
            }}
          >
            {SCHEMA_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`${S}types.${type}`)}
              </option>
            ))}
          </select>
        </span>
        {row.type === 'array' && (
          <span className="schema-cell">
            <label htmlFor={`${id}-items`}>{t(`${S}items`)}</label>
            <select id={`${id}-items`} value={row.items ?? 'string'} onChange={(e) => onChange({ items: e.target.value as SchemaRow['items'] })}>
              {itemTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`${S}types.${type}`)}
                </option>
              ))}
            </select>
          </span>
        )}
        <label className="schema-required">
          <input type="checkbox" checked={row.required} onChange={(e) => onChange({ required: e.target.checked })} />
          {t(`${S}required`)}
        </label>
      </div>
      <label htmlFor={`${id}-description`}>{t(`${S}description`)}</label>
      <input id={`${id}-description`} value={row.description} onChange={(e) => onChange({ description: e.target.value })} />
      {row.type === 'string' && (
        <>
          <label htmlFor={`${id}-choices`}>{t(`${S}choices`)}</label>
          <ChoicesInput id={`${id}-choices`} choices={row.choices ?? []} onChange={(choices) => onChange({ choices })} />
        </>
      )}
      {hasChildren && (
        <div className="schema-children" role="group" aria-label={t(`${S}inside`, { name })}>
          <RowList rows={row.children ?? []} nested onRows={(children) => onChange({ children })} />
        </div>
      )}
      <div className="schema-row-actions">
        <button type="button" aria-label={`${t(`${E}moveUp`)}: ${name}`} title={t(`${E}moveUp`)} disabled={index === 0} onClick={() => onMove(-1)}>
          ↑
        </button>
        <button type="button" aria-label={`${t(`${E}moveDown`)}: ${name}`} title={t(`${E}moveDown`)} disabled={index === count - 1} onClick={() => onMove(1)}>
          ↓
        </button>
        <button type="button" className="schema-remove" onClick={onRemove}>
          {t(`${E}remove`)}
        </button>
      </div>
    </li>
  );
}

const choicesOf = (text: string) => text.split(',').map((c) => c.trim()).filter((c) => c !== '');

/** Allowed values as comma-separated text, kept as typed (a trailing comma stays while the next value is typed). */
function ChoicesInput({ id, choices, onChange }: { id: string; choices: string[]; onChange: (choices: string[]) => void }) {
  const [text, setText] = useState(() => choices.join(', '));
  // Follow outside changes (the JSON view, undo) the text does not already say.
  if (JSON.stringify(choicesOf(text)) !== JSON.stringify(choices)) setText(choices.join(', '));
  return (
    <input
      id={id}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(choicesOf(e.target.value));
      }}
    />
  );
}
