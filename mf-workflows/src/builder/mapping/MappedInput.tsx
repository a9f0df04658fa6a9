// A text field that takes references to the fields available at its node:
// an "Insert field" button beside it opens the picker (loaded on first use),
// a field dragged from the picker drops in at the caret, and the value on the
// sample data shows under it. Template fields get `{{ ref }}`, expressions the
// bare reference. Outside a node's form (no MappingContext) it is a plain field.
import { Suspense, lazy, useRef, useState, type DragEvent, type InputHTMLAttributes } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { useMappingScope } from './context';
import { FIELD_DRAG_TYPE, insertAt, referenceText, type MappingMode } from './insert';
import { MAPPING_CATALOGS } from './i18n';
import './mapping.css';

const FieldPicker = lazy(() => import('./FieldPicker'));
const Preview = lazy(() => import('./Preview'));

const M = 'workflows.mapping.';

type Common = Pick<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby' | 'aria-required' | 'title' | 'inputMode' | 'placeholder' | 'aria-label'>;

export interface MappedInputProps {
  mode: MappingMode;
  value: string;
  onChange: (value: string) => void;
  /** The field's id, aria and hint attributes. */
  common: Common;
  multiline?: boolean;
  rows?: number;
  /** No preview under it (a row of a table). */
  compact?: boolean;
}

export function MappedInput({ mode, value, onChange, common, multiline, rows = 4, compact }: MappedInputProps) {
  useRemoteCatalogs(MAPPING_CATALOGS);
  const { t } = useI18n();
  const scope = useMappingScope();
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [open, setOpen] = useState(false);
  const [over, setOver] = useState(false);
  // Where the caret was when the user last left it (null: never placed, so an insert appends).
  const caret = useRef<{ start: number; end: number } | null>(null);
  const remember = () => {
    const el = ref.current;
    if (el) caret.current = { start: el.selectionStart ?? value.length, end: el.selectionEnd ?? value.length };
  };
  const props = { ...common, ref, spellCheck: false, value, onSelect: remember, onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
  const field = multiline ? <textarea {...props} rows={rows} /> : <input {...props} />;
  if (!scope) return field;

  const insert = (reference: string) => {
    const el = ref.current;
    const next = insertAt(value, caret.current?.start, caret.current?.end, referenceText(reference, mode));
    caret.current = { start: next.caret, end: next.caret };
    onChange(next.value);
    // After React has rendered the new text: the caret after the insert.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };
  const accepts = (e: DragEvent) => e.dataTransfer.types.includes(FIELD_DRAG_TYPE);
  return (
    <div
      className={`mapped-field${compact ? ' mapped-field--compact' : ''}${over ? ' mapped-field--over' : ''}`}
      data-testid="mapped-field"
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        const reference = e.dataTransfer.getData(FIELD_DRAG_TYPE);
        setOver(false);
        if (!reference) return;
        e.preventDefault();
        insert(reference);
      }}
    >
      <div className="mapped-row">
        {field}
        <button type="button" className="mapped-insert" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <span aria-hidden="true">{'{ } '}</span>
          {t(`${M}insert`)}
        </button>
      </div>
      {open && (
        <Suspense fallback={<p className="field-hint">{t(`${M}loading`)}</p>}>
          <FieldPicker
            scope={scope}
            onPick={(reference) => {
              insert(reference);
              setOpen(false);
            }}
            onClose={() => {
              setOpen(false);
              ref.current?.focus();
            }}
          />
        </Suspense>
      )}
      {!compact && (
        <Suspense fallback={null}>
          <Preview scope={scope} mode={mode} source={value} />
        </Suspense>
      )}
    </div>
  );
}
