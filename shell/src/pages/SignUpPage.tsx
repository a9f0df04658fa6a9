import type { FormEvent } from 'react';
import { Link, Navigate, useAuth, useI18n, useNavigate } from '@agentflow/shared';
import { signUpSchema } from '@agentflow/shared/forms';
import { useAfterSignIn, withNext } from '../auth/redirect';
import { useFormState } from '../components/useFormState';
import { AuthCard } from '../components/AuthCard';
import { DisplayNameField, EmailField, PasswordField } from '../components/FormField';
import { useAsyncAction } from '../components/useAsyncAction';
import { useDocumentTitle } from '../components/useDocumentTitle';

const FIELD_IDS = { email: 'signup-email', password: 'signup-password', displayName: 'signup-display-name' };

export function SignUpPage() {
  const { t } = useI18n();
  const { user, signUp } = useAuth();
  const navigate = useNavigate();
  const { next, destination } = useAfterSignIn();
  const { busy, error, run } = useAsyncAction();
  const { values, change, errorFor, validate } = useFormState({ email: '', password: '', displayName: '' }, FIELD_IDS);
  useDocumentTitle(t('auth.signUp.title'));

  if (user && !busy) return <Navigate to={destination} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = validate(signUpSchema);
    if (!data) return;
    if (await run(() => signUp(data.email, data.password, data.displayName))) navigate(destination, { replace: true });
  };

  return (
    <AuthCard id="signup-title" title={t('auth.signUp.title')} error={error}>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
        <EmailField id={FIELD_IDS.email} value={values.email} onChange={change('email')} error={errorFor('email')} />
        <PasswordField id={FIELD_IDS.password} value={values.password} onChange={change('password')} error={errorFor('password')} isNew />
        <DisplayNameField
          id={FIELD_IDS.displayName}
          label={t('auth.signUp.displayName')}
          maxLength={200}
          value={values.displayName}
          onChange={change('displayName')}
          error={errorFor('displayName')}
        />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {t('auth.signUp.submit')}
        </button>
      </form>
      <p className="form-links">
        {t('auth.signUp.haveAccount')} <Link to={withNext('/signin', next)}>{t('auth.signUp.signInLink')}</Link>
      </p>
    </AuthCard>
  );
}
