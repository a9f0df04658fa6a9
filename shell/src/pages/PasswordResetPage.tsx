import { useState, type FormEvent } from 'react';
import { Link, useAuth, useI18n } from '@agentflow/shared';
import { fieldErrors, passwordResetSchema } from '@agentflow/shared/forms';
import { FormField, focusFirstInvalid } from '../components/FormField';
import { useAsyncAction } from '../components/useAsyncAction';
import { useDocumentTitle } from '../components/useDocumentTitle';

const FIELD_IDS = { email: 'reset-email' };

export function PasswordResetPage() {
  const { t } = useI18n();
  const { sendPasswordReset } = useAuth();
  const { busy, error, run } = useAsyncAction();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The address the last reset link went to (shown in the confirmation). */
  const [sentTo, setSentTo] = useState<string | null>(null);
  useDocumentTitle(t('auth.reset.title'));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = passwordResetSchema.safeParse({ email });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      focusFirstInvalid(FIELD_IDS, found);
      return;
    }
    setErrors({});
    setSentTo(null);
    if (await run(() => sendPasswordReset(parsed.data.email))) setSentTo(parsed.data.email);
  };

  return (
    <section className="centered-page auth-page" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('auth.reset.title')}</h1>
      <p className="muted">{t('auth.reset.intro')}</p>
      {error ? (
        <div className="form-alert" role="alert">
          {error}
        </div>
      ) : null}
      {sentTo ? (
        <div className="form-status" role="status">
          {t('auth.messages.passwordResetSent', { email: sentTo })}
        </div>
      ) : null}
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
        <FormField
          id={FIELD_IDS.email}
          label={t('auth.signIn.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors({});
          }}
          error={errors.email ? t(errors.email) : undefined}
        />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {t('auth.reset.submit')}
        </button>
      </form>
      <p className="form-links">
        <Link to="/signin">{t('auth.reset.back')}</Link>
      </p>
    </section>
  );
}
