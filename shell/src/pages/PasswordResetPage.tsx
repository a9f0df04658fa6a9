import { useState, type FormEvent } from 'react';
import { Link, useAuth, useI18n } from '@agentflow/shared';
import { passwordResetSchema } from '@agentflow/shared/forms';
import { useFormState } from '../components/useFormState';
import { AuthCard, AuthForm } from '../components/AuthCard';
import { EmailField } from '../components/FormField';
import { useAsyncAction } from '../components/useAsyncAction';
import { useDocumentTitle } from '../components/useDocumentTitle';

const FIELD_IDS = { email: 'reset-email' };

export function PasswordResetPage() {
  const { t } = useI18n();
  const { sendPasswordReset } = useAuth();
  const { busy, error, run } = useAsyncAction();
  const { field, validate } = useFormState({ email: '' }, FIELD_IDS);
  /** The address the last reset link went to (shown in the confirmation). */
  const [sentTo, setSentTo] = useState<string | null>(null);
  useDocumentTitle(t('auth.reset.title'));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = validate(passwordResetSchema);
    if (!data) return;
    setSentTo(null);
    if (await run(() => sendPasswordReset(data.email))) setSentTo(data.email);
  };

  return (
    <AuthCard id="reset-title" title={t('auth.reset.title')} intro={t('auth.reset.intro')} error={error}>
      {sentTo ? (
        <div className="form-status" role="status">
          {t('auth.messages.passwordResetSent', { email: sentTo })}
        </div>
      ) : null}
      <AuthForm busy={busy} submitLabel={t('auth.reset.submit')} onSubmit={onSubmit}>
        <EmailField {...field('email')} />
      </AuthForm>
      <p className="form-links">
        <Link to="/signin">{t('auth.reset.back')}</Link>
      </p>
    </AuthCard>
  );
}
