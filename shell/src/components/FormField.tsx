// The shell's account forms use the UI kit's fields; the e-mail, password and display-name fields they share are the shell's own.
import type { ComponentProps } from 'react';
import { useI18n } from '@agentflow/shared';
import { TextField } from '@agentflow/shared/ui';

export { SelectField, TextField as FormField, focusFirstInvalid } from '@agentflow/shared/ui';

interface AccountFieldProps {
  id: string;
  value: string;
  onChange: ComponentProps<typeof TextField>['onChange'];
  error?: string | undefined;
}

/** The e-mail field every account form starts with. */
export function EmailField(field: AccountFieldProps) {
  const { t } = useI18n();
  return <TextField {...field} label={t('auth.signIn.email')} type="email" name="email" autoComplete="email" inputMode="email" />;
}

/** The password field: the saved one when signing in, a new one (with the rules as its hint) when signing up. */
export function PasswordField({ isNew = false, ...field }: AccountFieldProps & { isNew?: boolean }) {
  const { t } = useI18n();
  return (
    <TextField
      {...field}
      label={t('auth.signIn.password')}
      hint={isNew ? t('auth.signUp.passwordHint') : undefined}
      type="password"
      name="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
    />
  );
}

/** The display name the sign-up and profile forms ask for (each with its own label). */
export function DisplayNameField(field: AccountFieldProps & { label: string; maxLength?: number }) {
  return <TextField {...field} type="text" name="displayName" autoComplete="nickname" />;
}
