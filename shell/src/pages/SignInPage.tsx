import type { FormEvent } from 'react';
import { Link, Navigate, useAuth, useI18n, useNavigate } from '@agentflow/shared';
import { signInSchema } from '@agentflow/shared/forms';
import { useAfterSignIn, withNext } from '../auth/redirect';
import { useFormState } from '../components/useFormState';
import { AuthCard, AuthForm } from '../components/AuthCard';
import { EmailField, PasswordField } from '../components/FormField';
import { useAsyncAction } from '../components/useAsyncAction';
import { useDocumentTitle } from '../components/useDocumentTitle';

const FIELD_IDS = { email: 'signin-email', password: 'signin-password' };

export function SignInPage() {
  const { t } = useI18n();
  const { user, signIn, signInWithGoogle, signInAsDemoUser, demoAvailable } = useAuth();
  const navigate = useNavigate();
  const { next, destination } = useAfterSignIn();
  const { busy, error, run } = useAsyncAction();
  const { field, validate } = useFormState({ email: '', password: '' }, FIELD_IDS);
  useDocumentTitle(t('auth.signIn.title'));

  // Already signed in (or the provider reported the new session first): go on.
  if (user && !busy) return <Navigate to={destination} replace />;

  const act = async (action: () => Promise<void>) => {
    if (await run(action)) navigate(destination, { replace: true });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = validate(signInSchema);
    if (data) void act(() => signIn(data.email, data.password));
  };

  return (
    <AuthCard id="signin-title" title={t('auth.signIn.title')} error={error}>
      <AuthForm busy={busy} submitLabel={t('auth.signIn.submit')} onSubmit={onSubmit}>
        <EmailField {...field('email')} />
        <PasswordField {...field('password')} />
      </AuthForm>
      <p className="form-divider">
        <span>{t('auth.signIn.or')}</span>
      </p>
      <div className="form-actions">
        <button type="button" className="button button-block" disabled={busy} onClick={() => void act(signInWithGoogle)}>
          {t('auth.signIn.google')}
        </button>
        {demoAvailable ? (
          <button type="button" className="button button-block" disabled={busy} onClick={() => void act(signInAsDemoUser)}>
            {t('auth.signIn.demo')}
          </button>
        ) : null}
      </div>
      <p className="form-links">
        <Link to="/reset-password">{t('auth.signIn.forgot')}</Link>
      </p>
      <p className="form-links">
        {t('auth.signIn.noAccount')} <Link to={withNext('/signup', next)}>{t('auth.signIn.createAccount')}</Link>
      </p>
    </AuthCard>
  );
}
