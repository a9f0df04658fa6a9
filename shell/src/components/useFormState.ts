import { useState, type ChangeEvent } from 'react';
import type { ZodType } from 'zod';
import { useI18n } from '@agentflow/shared';
import { fieldErrors } from '@agentflow/shared/forms';
import { focusFirstInvalid } from './FormField';

/**
 * A form's values and its field errors: typing in a field clears that
 * field's error; `validate` runs a schema, shows each error (an i18n key)
 * beside its field, focuses the first invalid one, and returns the parsed
 * data or null.
 */
export function useFormState<V extends Record<string, string>>(initial: V | (() => V), fieldIds: Record<keyof V & string, string>) {
  const { t } = useI18n();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = (field: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)));
  };

  const change = (field: keyof V & string) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(field, event.target.value);

  const errorFor = (field: keyof V & string) => (errors[field] ? t(errors[field]) : undefined);

  /** What a field component needs to show and edit one value: its id, value, change handler and translated error. */
  const field = (name: keyof V & string) => ({ id: fieldIds[name], value: values[name], onChange: change(name), error: errorFor(name) });

  /** `fieldFor` maps an error's path to the field that shows it (a nested preference, say). */
  function validate<T>(schema: ZodType<T>, input: unknown = values, fieldFor: (path: string) => string = (path) => path): T | null {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const found = Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([path, key]) => [fieldFor(path), key]));
      setErrors(found);
      focusFirstInvalid(fieldIds, found);
      return null;
    }
    setErrors({});
    return parsed.data;
  }

  return { values, set, change, errorFor, field, validate };
}
