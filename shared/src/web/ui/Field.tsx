// Labelled form controls with their hint and inline error, tied together by
// ids and ARIA (entry '@agentflow/shared/ui': bundled by each app that uses
// them, not part of the singleton).
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface FieldProps {
  id: string;
  label: string;
  /** The translated error, shown under the control and linked to it. */
  error?: string | undefined;
  hint?: string | undefined;
}

/** ids and ARIA attributes tying a control to its hint and error. */
function describe({ id, error, hint }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  return { hintId, errorId, control: { id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined } };
}

function Field({ field, children }: { field: FieldProps; children: (control: ReturnType<typeof describe>['control']) => ReactNode }) {
  const { hintId, errorId, control } = describe(field);
  return (
    <div className="form-field">
      <label htmlFor={field.id}>{field.label}</label>
      {hintId ? (
        <p className="field-hint" id={hintId}>
          {field.hint}
        </p>
      ) : null}
      {children(control)}
      {errorId ? (
        <p className="field-error" id={errorId}>
          {field.error}
        </p>
      ) : null}
    </div>
  );
}

type Without<T> = Omit<T, 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A labelled input (text unless `type` says otherwise) with its hint and inline error. */
export function TextField({ id, label, error, hint, ...input }: FieldProps & Without<InputHTMLAttributes<HTMLInputElement>>) {
  return <Field field={{ id, label, error, hint }}>{(control) => <input type="text" {...input} {...control} />}</Field>;
}

/** A labelled textarea with its hint and inline error. */
export function TextAreaField({ id, label, error, hint, ...input }: FieldProps & Without<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return <Field field={{ id, label, error, hint }}>{(control) => <textarea rows={3} {...input} {...control} />}</Field>;
}

/** A labelled select with its hint and inline error. */
export function SelectField({ id, label, error, hint, children, ...select }: FieldProps & Without<SelectHTMLAttributes<HTMLSelectElement>>) {
  return (
    <Field field={{ id, label, error, hint }}>
      {(control) => (
        <select {...select} {...control}>
          {children}
        </select>
      )}
    </Field>
  );
}

/**
 * Moves focus to the first field (in `order`, form order) that has an error,
 * so a keyboard or screen-reader user lands on what needs fixing.
 */
export function focusFirstInvalid(order: Record<string, string>, errors: Record<string, string>): void {
  const first = Object.keys(order).find((field) => errors[field]);
  if (first) document.getElementById(order[first] ?? '')?.focus();
}
