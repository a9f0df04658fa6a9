import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { useI18n } from '@agentflow/shared';

interface FieldProps {
  id: string;
  label: string;
  /** The translated error, shown under the field and linked to it. */
  error?: string | undefined;
  /** A translated hint shown under the label. */
  hint?: string | undefined;
}

/** ids and ARIA attributes tying a control to its hint and error. */
function describe({ id, error, hint }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  return {
    hintId,
    errorId,
    control: { id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined },
  };
}

function Field({ field, children }: { field: FieldProps; children: (control: ReturnType<typeof describe>['control']) => ReactNode }) {
  const { hintId, errorId, control } = describe(field);
  return (
    <div className="form-field">
      <label htmlFor={field.id}>{field.label}</label>
      {hint(hintId, field.hint)}
      {children(control)}
      {errorId ? (
        <p className="field-error" id={errorId}>
          {field.error}
        </p>
      ) : null}
    </div>
  );
}

function hint(id: string | undefined, text: string | undefined) {
  return id ? (
    <p className="field-hint" id={id}>
      {text}
    </p>
  ) : null;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A labelled text input with its hint and inline error. */
export function FormField({ id, label, error, hint: hintText, ...input }: FieldProps & InputProps) {
  return <Field field={{ id, label, error, hint: hintText }}>{(control) => <input {...input} {...control} />}</Field>;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A labelled select with its hint and inline error. */
export function SelectField({ id, label, error, hint: hintText, children, ...select }: FieldProps & SelectProps) {
  return (
    <Field field={{ id, label, error, hint: hintText }}>
      {(control) => (
        <select {...select} {...control}>
          {children}
        </select>
      )}
    </Field>
  );
}

/**
 * Moves focus to the first field (in form order) that has an error, so a
 * keyboard or screen-reader user lands on what needs fixing.
 */
export function focusFirstInvalid(fieldIds: Record<string, string>, errors: Record<string, string>): void {
  const first = Object.keys(fieldIds).find((field) => errors[field]);
  if (first) document.getElementById(fieldIds[first] ?? '')?.focus();
}

/** The e-mail field every account form starts with. */
export function EmailField({ id, value, onChange, error }: { id: string; value: string; onChange: InputProps['onChange']; error?: string }) {
  const { t } = useI18n();
  return (
    <FormField
      id={id}
      label={t('auth.signIn.email')}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
