// One param of the node form by its field kind: select, number, list, lines,
// checkbox, text; an expression or template text gets the field picker and
// the live preview (MappedInput). Its own id (useId): every form id is unique.
import { useId } from 'react';
import { useI18n } from '@agentflow/shared';
import type { WorkflowProblem } from '@agentflow/shared/workflow';
import type { FieldSpec } from '../fields';
import type { MappingMode } from '../mapping/insert';
import { CheckboxEditor, LinesEditor, fileProblemText } from '../FileParamEditors';
import { MappedInput } from '../mapping/MappedInput';
import { problemText } from '../problems/problemText';

const P = 'workflows.builder.';

export interface ParamFieldProps {
  field: FieldSpec;
  value: unknown;
  problems: WorkflowProblem[];
  onChange: (value: unknown) => void;
  /** A JSONata expression or a {{ }} template (the domain's EXPRESSION_PARAMS): the picker and the preview go with it. */
  mapping?: MappingMode | null;
}

export function ParamField({ field, value, problems, onChange, mapping }: ParamFieldProps) {
  const { t } = useI18n();
  const id = useId();
  const label = t(`${P}fields.${field.label}`);
  const errorId = `${id}-error`;
  const invalid = problems.length > 0;
  const common = { id, 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? errorId : undefined };
  const text = (raw: string) => onChange(field.optional && raw === '' ? undefined : raw);
  const str = typeof value === 'string' ? value : '';

  let editor;
  switch (field.kind) {
    case 'select':
      editor = (
        <select {...common} value={typeof value === 'string' ? value : (field.defaultValue ?? '')} onChange={(e) => onChange(e.target.value)}>
          {field.options!.map((o) => (
            <option key={o} value={o}>
              {field.path === 'output.type' ? t(`${P}outputTypes.${o}`) : field.optionsKey ? t(`${P}${field.optionsKey}.${o}`) : o}
            </option>
          ))}
        </select>
      );
      break;
    case 'number':
      editor = (
        <input
          {...common}
          type="number"
          inputMode="numeric"
          value={typeof value === 'number' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
      );
      break;
    case 'list':
      editor = (
        <input
          {...common}
          value={Array.isArray(value) ? value.join(', ') : ''}
          onChange={(e) => onChange(e.target.value.split(',').map((s) => s.trim()).filter((s) => s !== ''))}
        />
      );
      break;
    case 'lines':
      editor = <LinesEditor common={common} value={value} onChange={onChange} />;
      break;
    case 'checkbox':
      editor = <CheckboxEditor common={common} value={value} checkedValue={field.checkedValue ?? 'true'} onChange={onChange} />;
      break;
    case 'textarea':
      editor = mapping ? (
        <MappedInput mode={mapping} multiline common={common} value={str} onChange={text} />
      ) : (
        <textarea {...common} rows={4} value={str} onChange={(e) => text(e.target.value)} />
      );
      break;
    default:
      editor = mapping ? <MappedInput mode={mapping} common={common} value={str} onChange={text} /> : <input {...common} value={str} onChange={(e) => text(e.target.value)} />;
  }

  return (
    <div className="builder-field">
      <label htmlFor={id}>{label}</label>
      {editor}
      {field.kind === 'list' && <p className="field-hint">{t(`${P}config.listHint`)}</p>}
      {field.hint && <p className="field-hint" data-testid="field-hint">{t(`${P}config.${field.hint}`)}</p>}
      {invalid && (
        <div id={errorId} className="field-error" role="alert">
          {problems.map((p, i) => (
            <p key={i}>{problemLine(p, field.path, t)}</p>
          ))}
        </div>
      )}
    </div>
  );
}

/** A problem under its field: the file checks' own words, else the sub-path (if any) and the message. */
export function problemLine(p: WorkflowProblem, path: string, t: (key: string, options?: Record<string, unknown>) => string): string {
  const text = problemText(t, p);
  return fileProblemText(p, t) ?? (p.path && p.path !== path ? `${p.path.slice(path.length + 1)}: ${text}` : text);
}
