// One field per param of an app operation or trigger, made from its schema
// (paramFieldsOf): text, textarea, select, number, checkbox, date-time,
// e-mail, key → value rows, file expression. Any value may be a {{ … }}
// template (a hint says so); the node's problems at params.<key> sit under
// their field.
import { useId } from 'react';
import { useI18n } from '@agentflow/shared';
import { isTemplateValue, type WorkflowProblem, type ConnectorParamsShape } from '@agentflow/shared/workflow';
import type { z } from 'zod';
import { paramFieldsOf, type ParamField } from './paramFields';
import { K, optionLabel, paramLabel } from './connectorTexts';
import { RecordEditor } from './RecordEditor';
import { MappedInput } from '../builder/mapping/MappedInput';
import { problemText } from '../builder/problems/problemText';

export interface ConnectorParamsFormProps {
  schema: z.ZodObject<ConnectorParamsShape>;
  values: Record<string, unknown>;
  problems: readonly WorkflowProblem[];
  onChange: (values: Record<string, unknown>) => void;
}

const problemsAt = (problems: readonly WorkflowProblem[], key: string) =>
  problems.filter((p) => p.path === `params.${key}` || p.path?.startsWith(`params.${key}.`));

export function ConnectorParamsForm({ schema, values, problems, onChange }: ConnectorParamsFormProps) {
  const { t } = useI18n();
  const fields = paramFieldsOf(schema);
  const set = (key: string, value: unknown) => {
    const next = { ...values };
    if (value === undefined || value === '') delete next[key];
    else next[key] = value;
    onChange(next);
  };
  return (
    <div className="connector-params" data-testid="connector-params">
      {fields.length > 0 && <p className="field-hint">{t(`${K}step.templateHint`, { example: '{{ input.name }}' })}</p>}
      {fields.map((field) => (
        <ParamEditor key={field.key} field={field} value={values[field.key]} problems={problemsAt(problems, field.key)} onChange={(value) => set(field.key, value)} />
      ))}
    </div>
  );
}

function ParamEditor({ field, value, problems, onChange }: { field: ParamField; value: unknown; problems: WorkflowProblem[]; onChange: (value: unknown) => void }) {
  const { t } = useI18n();
  const id = useId();
  const label = paramLabel(t, field.key, field.description);
  const errorId = `${id}-error`;
  const invalid = problems.length > 0;
  const common = {
    id,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorId : undefined,
    'aria-required': field.required || undefined,
    title: field.description,
  };
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  let editor;
  let hint: string | null = null;
  switch (field.kind) {
    case 'textarea':
      // Templates: the field picker and the preview go with them.
      editor = <MappedInput mode="template" multiline common={common} value={text} onChange={onChange} />;
      break;
    case 'select':
      editor = (
        <select {...common} value={text} onChange={(e) => onChange(e.target.value || undefined)}>
          <option value="">{t(`${K}step.choose`)}</option>
          {field.options!.map((option) => (
            <option key={option} value={option}>
              {optionLabel(t, option)}
            </option>
          ))}
          {text !== '' && !field.options!.includes(text) && <option value={text}>{text}</option>}
        </select>
      );
      break;
    case 'number':
      // Text, not type=number: a template ({{ input.amount }}) is a valid value too.
      editor = (
        <input
          {...common}
          inputMode={field.integer ? 'numeric' : 'decimal'}
          value={text}
          onChange={(e) => {
            const raw = e.target.value;
            const n = Number(raw);
            onChange(raw.trim() === '' ? undefined : !isTemplateValue(raw) && Number.isFinite(n) && !/\s$|\.$/.test(raw) ? n : raw);
          }}
        />
      );
      break;
    case 'checkbox':
      editor = <input {...common} type="checkbox" checked={value === true || value === 'true'} onChange={(e) => onChange(e.target.checked ? true : undefined)} />;
      break;
    case 'dateTime':
      editor = <input {...common} placeholder="2026-11-26T14:00:00Z" value={text} onChange={(e) => onChange(e.target.value)} />;
      hint = t(`${K}step.dateTimeHint`, { example: '{{ input.date }}' });
      break;
    case 'email':
      editor = <input {...common} inputMode="email" autoComplete="off" spellCheck={false} value={text} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'files':
      editor = <input {...common} spellCheck={false} value={text} onChange={(e) => onChange(e.target.value)} />;
      hint = t(`${K}step.filesHint`, { example: '{{ input.report }}' });
      break;
    case 'record':
      editor = <RecordEditor id={id} label={label} value={value} invalid={invalid} describedBy={invalid ? errorId : undefined} onChange={onChange} />;
      break;
    default:
      editor = <MappedInput mode="template" common={common} value={text} onChange={onChange} />;
  }
  const labelProps = field.kind === 'record' ? { id: `${id}-label` } : { htmlFor: id };
  return (
    <div className={`builder-field connector-field connector-field--${field.kind}`} data-param={field.key}>
      <label {...labelProps}>
        {label}
        {field.required && (
          <span className="field-required" title={t(`${K}step.required`)} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {editor}
      {hint && <p className="field-hint">{hint}</p>}
      {invalid && (
        <div id={errorId} className="field-error" role="alert">
          {problems.map((p, i) => (
            <p key={i}>{p.path && p.path !== `params.${field.key}` ? `${p.path.slice(`params.${field.key}.`.length)}: ${problemText(t, p)}` : problemText(t, p)}</p>
          ))}
        </div>
      )}
    </div>
  );
}
