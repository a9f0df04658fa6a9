import { useState, type ChangeEvent, type FormEvent } from 'react';
import { type AuthUser, HelpButton, LANGUAGE_NAMES, RequireAuth, type UserProfile, isSupportedLanguage, useAuth, useI18n } from '@agentflow/shared';
import { profileUpdateSchema } from '@agentflow/shared/forms';
import { useFormState } from '../components/useFormState';
import { DisplayNameField, FormField, SelectField } from '../components/FormField';
import { useAsyncAction } from '../components/useAsyncAction';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { useRenderFault } from '../testHooks/renderFault';
import { ProfilePhotoSection } from '../profile/ProfilePhotoSection';
import { NotificationPreferencesSection } from '../profile/notificationPreferences/NotificationPreferencesSection';

const FIELD_IDS = { displayName: 'profile-display-name', phoneNumber: 'profile-phone-number', language: 'profile-language' };

/** The signed-in user's profile: what it holds, and a form for the editable fields. */
export function ProfilePage() {
  return (
    <RequireAuth>
      <ProfileContent />
    </RequireAuth>
  );
}

function ProfileContent() {
  const { t } = useI18n();
  const { user, userProfile, isDemoUser, loading, error } = useAuth();
  useDocumentTitle(t('auth.profile.title'));
  useRenderFault('profile');

  let body;
  if (isDemoUser) {
    body = <p className="card">{t('auth.profile.demoNote')}</p>;
  } else if (userProfile && user) {
    body = (
      <>
        <ProfileDetails profile={userProfile} user={user} />
        <ProfilePhotoSection profile={userProfile} name={userProfile.displayName || user.email || user.uid} />
        <ProfileForm key={userProfile.uid} profile={userProfile} />
        <NotificationPreferencesSection />
      </>
    );
  } else if (error && !loading) {
    body = (
      <div className="form-alert" role="alert">
        {error}
      </div>
    );
  } else {
    body = (
      <p className="page-loading" role="status">
        {t('common.loading')}
      </p>
    );
  }

  return (
    <section className="profile-page">
      <header className="page-header">
        <div className="page-header-top">
          <h1>{t('auth.profile.title')}</h1>
          <HelpButton topic="account" />
        </div>
      </header>
      {body}
    </section>
  );
}

function ProfileDetails({ profile, user }: { profile: UserProfile; user: AuthUser }) {
  const { t, language } = useI18n();
  const email = profile.email ?? user.email;
  const memberSince = profile.createdAt ? new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(profile.createdAt) : null;
  return (
    <dl className="card profile-details">
      <div>
        <dt>{t('auth.profile.email')}</dt>
        <dd>{email ?? t('auth.profile.notAvailable')}</dd>
      </div>
      {/* No roles here: the profile's `roles` field is internal bookkeeping (b2c_user…); the plan is billing's and
          access roles are the workspace's (issue 21: never shown as one list). */}
      <div>
        <dt>{t('auth.profile.memberSince')}</dt>
        <dd>{memberSince ?? t('auth.profile.notAvailable')}</dd>
      </div>
    </dl>
  );
}

function ProfileForm({ profile }: { profile: UserProfile }) {
  const { t, language: currentLanguage, setLanguage, supportedLanguages } = useI18n();
  const { updateProfile } = useAuth();
  const { busy, error, run } = useAsyncAction();
  const form = useFormState<{ displayName: string; phoneNumber: string; language: string }>(
    () => ({
      displayName: profile.displayName,
      phoneNumber: profile.phoneNumber ?? '',
      language: profile.preferences.language ?? currentLanguage,
    }),
    FIELD_IDS,
  );
  const { values } = form;
  const [saved, setSaved] = useState(false);

  const update = (field: keyof typeof values, value: string) => {
    form.set(field, value);
    setSaved(false);
  };
  /** A field bound to the form; editing it also clears the last "saved" notice. */
  const bind = (field: keyof typeof values) => ({ ...form.field(field), onChange: (event: ChangeEvent<HTMLInputElement>) => update(field, event.target.value) });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSaved(false);
    const data = form.validate(
      profileUpdateSchema,
      { displayName: values.displayName, phoneNumber: values.phoneNumber, preferences: { language: values.language } },
      (path) => (path === 'preferences' ? 'language' : path),
    );
    if (!data) return;
    const { displayName, phoneNumber, preferences } = data;
    const chosen = preferences?.language;
    const ok = await run(async () => {
      await updateProfile({ displayName, phoneNumber, preferences: { language: chosen } });
      // The page switches to the saved language at once.
      if (chosen && chosen !== currentLanguage) await setLanguage(chosen);
    });
    if (ok) setSaved(true);
  };

  return (
    <form className="form card profile-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      {error ? (
        <div className="form-alert" role="alert">
          {error}
        </div>
      ) : null}
      {saved ? (
        <div className="form-status" role="status">
          {t('auth.messages.profileSaved')}
        </div>
      ) : null}
      <DisplayNameField {...bind('displayName')} label={t('auth.profile.displayName')} />
      <FormField {...bind('phoneNumber')} label={t('auth.profile.phoneNumber')} hint={t('auth.profile.phoneHint')} type="tel" name="phoneNumber" autoComplete="tel" inputMode="tel" />
      <SelectField
        {...form.field('language')}
        label={t('auth.profile.language')}
        name="language"
        onChange={(event) => {
          if (isSupportedLanguage(event.target.value)) update('language', event.target.value);
        }}
      >
        {supportedLanguages.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="button button-primary" disabled={busy}>
        {t('auth.profile.save')}
      </button>
    </form>
  );
}
