// The shell's account forms use the UI kit's fields; only the e-mail field every one of them starts with is the shell's own.
import type { ComponentProps } from 'react';
import { useI18n } from '@agentflow/shared';
import { TextField } from '@agentflow/shared/ui';

export { SelectField, TextField as FormField, focusFirstInvalid } from '@agentflow/shared/ui';

/** The e-mail field every account form starts with. */
export function EmailField({ id, value, onChange, error }: { id: string; value: string; onChange: ComponentProps<typeof TextField>['onChange']; error?: string }) {
  const { t } = useI18n();
  return (
    <TextField
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
