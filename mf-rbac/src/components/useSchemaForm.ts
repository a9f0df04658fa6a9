import { useCallback, useState } from 'react';
import { useI18n } from '@agentflow/shared';
import { focusFirstInvalid } from '@agentflow/shared/ui';
import { schemaFieldErrors, type SchemaIssue } from './messages';

/** What the console needs of a zod schema (kept structural: the console does not import zod itself). */
export interface FormSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

/**
 * Field errors for a form validated with one of the shared request schemas:
 * `validate` shows each problem (translated) beside its field, focuses the
 * first one and returns the parsed data, or null.
 */
export function useSchemaForm(fieldIds: Record<string, string>) {
  const { t } = useI18n();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const validate = useCallback(
    <T,>(schema: FormSchema<T>, input: unknown): T | null => {
      const parsed = schema.safeParse(input);
      if (!parsed.success) {
        const found = schemaFieldErrors(t, parsed.error.issues);
        setErrors(found);
        focusFirstInvalid(fieldIds, found);
        return null;
      }
      setErrors({});
      return parsed.data;
    },
    [t, fieldIds],
  );

  const clear = useCallback((field: string) => setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== field))), []);

  return { errors, validate, clear, setErrors };
}
