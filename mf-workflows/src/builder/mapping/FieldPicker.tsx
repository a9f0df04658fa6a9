// The picker: the fields available at a node, grouped by where they come from
// (the run's input, each upstream node by name and key), nested fields
// expandable, with type and sample value, and a search. Click or Enter inserts
// a field's reference; a field can also be dragged into any mapped field.
// Keyboard: the search keeps focus; ↑/↓ move, → opens, ← closes, Enter picks,
// Esc closes. A bottom sheet on a phone (CSS).
import { Fragment, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useI18n } from '@agentflow/shared';
import type { MappingScope } from './context';
import { FIELD_DRAG_TYPE } from './insert';
import { pickerSources, type PickerField, type PickerSource } from './sources';
import { useSamples } from './useSamples';

const M = 'workflows.mapping.picker.';
const KNOWN_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const shortSample = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

interface Row {
  field: PickerField;
  source: PickerSource;
  level: number;
  /** Where it sits: for ids and expansion. */
  path: string;
}

/** The rows shown: every open field's children; while searching, the matches and what leads to them. */
function visibleRows(sources: PickerSource[], open: ReadonlySet<string>, query: string): Map<PickerSource, Row[]> {
  const q = query.trim().toLowerCase();
  const matches = (f: PickerField): boolean => f.name.toLowerCase().includes(q) || f.reference.toLowerCase().includes(q) || f.fields.some(matches);
  const out = new Map<PickerSource, Row[]>();
  for (const source of sources) {
    const rows: Row[] = [];
    const sourceMatches = q !== '' && `${source.name} ${source.key}`.toLowerCase().includes(q);
    const walk = (fields: PickerField[], level: number, prefix: string) => {
      for (const field of fields) {
        if (q !== '' && !sourceMatches && !matches(field)) continue;
        const path = `${prefix}/${field.name}`;
        rows.push({ field, source, level, path });
        if (field.fields.length > 0 && (open.has(path) || (q !== '' && !sourceMatches))) walk(field.fields, level + 1, path);
      }
    };
    walk(source.fields, 1, source.key);
    if (rows.length > 0) out.set(source, rows);
  }
  return out;
}

export default function FieldPicker({ scope, onPick, onClose }: { scope: MappingScope; onPick: (reference: string) => void; onClose: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const samples = useSamples(scope.workflow);
  const sources = useMemo(() => pickerSources(scope.workflow, scope.nodeId, samples), [scope.workflow, scope.nodeId, samples]);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [active, setActive] = useState(0);
  const search = useRef<HTMLInputElement>(null);
  const groups = visibleRows(sources, open, query);
  const rows = [...groups.values()].flat();
  const current = rows[Math.min(active, rows.length - 1)];
  const rowId = (row: Row) => `${id}-${rows.indexOf(row)}`;

  useEffect(() => search.current?.focus(), []);
  useEffect(() => {
    if (current) document.getElementById(rowId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  const toggle = (path: string, to?: boolean) =>
    setOpen((was) => {
      const next = new Set(was);
      if (to ?? !next.has(path)) next.add(path);
      else next.delete(path);
      return next;
    });

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, Math.min(rows.length - 1, Math.min(a, rows.length - 1) + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && current && current.field.fields.length > 0) {
      e.preventDefault();
      toggle(current.path, e.key === 'ArrowRight');
    } else if (e.key === 'Enter' && current) {
      e.preventDefault();
      onPick(current.field.reference);
    }
  };

  const typeLabel = (type: string) => t(`${M}types.${KNOWN_TYPES.has(type) ? type : 'unknown'}`);
  return (
    <div className="field-picker" role="dialog" aria-label={t(`${M}title`)} data-testid="field-picker" onKeyDown={onKeyDown}>
      <div className="field-picker-head">
        <strong>{t(`${M}title`)}</strong>
        <button type="button" className="field-picker-close" onClick={onClose}>
          {t(`${M}close`)}
        </button>
      </div>
      <input
        ref={search}
        type="search"
        role="combobox"
        aria-label={t(`${M}search`)}
        placeholder={t(`${M}search`)}
        aria-expanded="true"
        aria-controls={`${id}-tree`}
        aria-autocomplete="list"
        aria-activedescendant={current ? rowId(current) : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
      />
      <p className="field-hint">{t(`${M}hint`)}</p>
      {rows.length === 0 && <p className="field-picker-empty">{t(query.trim() ? `${M}noMatch` : `${M}empty`)}</p>}
      <div className="field-picker-list" role="tree" id={`${id}-tree`} aria-label={t(`${M}title`)}>
        {[...groups].map(([source, groupRows]) => (
          <Fragment key={source.key}>
            <div className="field-picker-source" role="presentation">
              <span>{source.key === 'input' ? t(`${M}runInput`) : source.name}</span> <code>{source.key}</code>
            </div>
            {groupRows.map((row) => {
              const index = rows.indexOf(row);
              const expandable = row.field.fields.length > 0;
              const expanded = expandable ? open.has(row.path) || query.trim() !== '' : undefined;
              return (
                <div
                  key={row.path}
                  id={rowId(row)}
                  role="treeitem"
                  aria-level={row.level}
                  aria-expanded={expanded}
                  aria-selected={index === active}
                  className={`field-picker-item${index === active ? ' field-picker-item--active' : ''}`}
                  style={{ paddingInlineStart: `${row.level * 12}px` }}
                  draggable
                  data-reference={row.field.reference}
                  onDragStart={(e) => {
                    e.dataTransfer.setData(FIELD_DRAG_TYPE, row.field.reference);
                    e.dataTransfer.setData('text/plain', row.field.reference);
                    e.dataTransfer.effectAllowed = 'copy';
                  }}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => onPick(row.field.reference)}
                >
                  {expandable ? (
                    <button
                      type="button"
                      tabIndex={-1}
                      className="field-picker-toggle"
                      aria-label={t(expanded ? `${M}collapse` : `${M}expand`, { name: row.field.name })}
                      onClick={(e) => {
                        e.stopPropagation();
                        toggle(row.path);
                      }}
                    >
                      {expanded ? '▾' : '▸'}
                    </button>
                  ) : (
                    <span className="field-picker-toggle" aria-hidden="true" />
                  )}
                  <span className="field-picker-name">{row.field.name}</span>
                  <span className="field-picker-type">{typeLabel(row.field.type)}</span>
                  {row.field.sample !== undefined && <span className="field-picker-sample">{shortSample(row.field.sample)}</span>}
                </div>
              );
            })}
          </Fragment>
        ))}
      </div>
    </div>
  );
}
