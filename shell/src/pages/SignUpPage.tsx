import type { FormEvent } from 'react';
import { Link, Navigate, useAuth, useI18n, useNavigate } from '@agentflow/shared';
import { signUpSchema } from '@agentflow/shared/forms';
import { useAfterSignIn, withNext } from '../auth/redirect';
import { useFormState } from '../components/useFormState';
import { AuthCard, AuthForm } from '../components/AuthCard';
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
  const { field, validate } = useFormState({ email: '', password: '', displayName: '' }, FIELD_IDS);
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
      <AuthForm busy={busy} submitLabel={t('auth.signUp.submit')} onSubmit={onSubmit}>
        <EmailField {...field('email')} />
        <PasswordField {...field('password')} isNew />
        <DisplayNameField {...field('displayName')} label={t('auth.signUp.displayName')} maxLength={200} />
      </AuthForm>
      <p className="form-links">
        {t('auth.signUp.haveAccount')} <Link to={withNext('/signin', next)}>{t('auth.signUp.signInLink')}</Link>
      </p>
    </AuthCard>
  );
}
