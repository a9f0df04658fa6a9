import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useAuth, useI18n, useNavigate } from '@agentflow/shared';
import { fieldErrors, signUpSchema } from '@agentflow/shared/forms';
import { useAfterSignIn, withNext } from '../auth/redirect';
import { FormField, focusFirstInvalid } from '../components/FormField';
import { useAsyncAction } from '../components/useAsyncAction';
import { useDocumentTitle } from '../components/useDocumentTitle';

const FIELD_IDS = { email: 'signup-email', password: 'signup-password', displayName: 'signup-display-name' };

export function SignUpPage() {
  const { t } = useI18n();
  const { user, signUp } = useAuth();
  const navigate = useNavigate();
  const { next, destination } = useAfterSignIn();
  const { busy, error, run } = useAsyncAction();
  const [values, setValues] = useState({ email: '', password: '', displayName: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useDocumentTitle(t('auth.signUp.title'));

  if (user && !busy) return <Navigate to={destination} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = signUpSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      focusFirstInvalid(FIELD_IDS, found);
      return;
    }
    setErrors({});
    const { email, password, displayName } = parsed.data;
    if (await run(() => signUp(email, password, displayName))) navigate(destination, { replace: true });
  };

  const change = (field: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)));
  };
  const errorFor = (field: keyof typeof values) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <section className="centered-page auth-page" aria-labelledby="signup-title">
      <h1 id="signup-title">{t('auth.signUp.title')}</h1>
      {error ? (
        <div className="form-alert" role="alert">
          {error}
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
          value={values.email}
          onChange={change('email')}
          error={errorFor('email')}
        />
        <FormField
          id={FIELD_IDS.password}
          label={t('auth.signIn.password')}
          hint={t('auth.signUp.passwordHint')}
          type="password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={change('password')}
          error={errorFor('password')}
        />
        <FormField
          id={FIELD_IDS.displayName}
          label={t('auth.signUp.displayName')}
          type="text"
          name="displayName"
          autoComplete="nickname"
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
    </section>
  );
}
