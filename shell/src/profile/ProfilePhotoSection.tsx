// The profile page's photo card: the current photo (or the initials), Upload
// photo (a file picker for JPEG/PNG/WebP, checked for size here so a too big
// photo is refused before it is sent; the server checks type and size
// again on the bytes), and Remove photo after a confirmation. The header's
// avatar follows at once (useProfilePhoto).
import { useRef, useState, type ChangeEvent } from 'react';
import { ApiError, fileErrorMessage, refusedField, useI18n, useRemoteCatalogs, type UserProfile } from '@agentflow/shared';
import { ConfirmDialog } from '@agentflow/shared/dialog';
import { FILES_API, FILE_ERROR_CODES, FILE_LIMITS, PHOTO_TYPES, formatBytes } from '@agentflow/shared/files';
import { Avatar } from './Avatar';
import { PROFILE_PHOTO_CATALOGS } from './i18n';
import { useProfilePhoto, type PhotoAnswer } from './useProfilePhoto';

type Translate = ReturnType<typeof useI18n>['t'];
type Busy = 'uploading' | 'removing' | null;

/** A refused photo in the user's words: the photo's own texts for size, type and a damaged image, else the shared file texts. */
export function photoErrorMessage(t: Translate, error: unknown, language: string): string {
  if (error instanceof ApiError && refusedField(error) === 'photo') {
    if (error.code === FILE_ERROR_CODES.tooLarge) return t('profilePhoto.tooLarge', { size: formatBytes(FILE_LIMITS.maxPhotoBytes, language) });
    if (error.code === FILE_ERROR_CODES.typeNotAllowed) return t('profilePhoto.wrongType');
    if (error.code === FILE_ERROR_CODES.badUpload && error.details.reason === 'image_unreadable') return t('profilePhoto.unreadable');
  }
  return fileErrorMessage(t, error, language);
}

export function ProfilePhotoSection({ profile, name }: { profile: UserProfile; name: string }) {
  useRemoteCatalogs(PROFILE_PHOTO_CATALOGS);
  const { t, language } = useI18n();
  const { url, photo, api, uploaded, removed, linkFailed } = useProfilePhoto();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const size = formatBytes(FILE_LIMITS.maxPhotoBytes, language);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file || busy) return;
    setDone(null);
    if (file.size > FILE_LIMITS.maxPhotoBytes) return setError(t('profilePhoto.tooLarge', { size }));
    setError(null);
    setBusy('uploading');
    try {
      const form = new FormData();
      form.append('photo', file, file.name);
      uploaded(await api<PhotoAnswer>('PUT', FILES_API.profilePhoto, { body: form }));
      setDone(t('profilePhoto.uploaded'));
    } catch (cause) {
      setError(photoErrorMessage(t, cause, language));
    } finally {
      setBusy(null);
    }
  };

  const onRemove = async () => {
    setBusy('removing');
    setRemoveError(null);
    try {
      await api('DELETE', FILES_API.profilePhoto);
      removed();
      setConfirming(false);
      setError(null);
      setDone(t('profilePhoto.removed'));
    } catch (cause) {
      setRemoveError(fileErrorMessage(t, cause, language));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card profile-photo" aria-labelledby="profile-photo-title" aria-busy={busy !== null}>
      <h2 id="profile-photo-title">{t('profilePhoto.title')}</h2>
      <div className="profile-photo-row">
        <Avatar
          name={name}
          size="large"
          sources={[url, profile.photoURL]}
          alt={t('profilePhoto.current')}
          fallbackLabel={t('profilePhoto.none')}
          onSourceError={linkFailed}
        />
        <div className="profile-photo-controls">
          <p className="profile-photo-hint" id="profile-photo-hint">
            {t('profilePhoto.hint', { size })}
          </p>
          {/* Picked through the button (keyboard and screen readers reach a button, not a hidden input). */}
          <input ref={input} type="file" accept={PHOTO_TYPES.join(',')} hidden aria-label={t('profilePhoto.upload')} data-testid="photo-input" onChange={(event) => void onFile(event)} />
          <div className="profile-photo-actions">
            <button type="button" className="button button-primary" disabled={busy !== null} aria-describedby="profile-photo-hint" onClick={() => input.current?.click()}>
              {busy === 'uploading' ? t('profilePhoto.uploading') : t('profilePhoto.upload')}
            </button>
            {photo ? (
              <button
                type="button"
                className="button button-ghost"
                disabled={busy !== null}
                onClick={() => {
                  setRemoveError(null);
                  setConfirming(true);
                }}
              >
                {t('profilePhoto.remove')}
              </button>
            ) : null}
          </div>
          {error ? (
            <div className="form-alert" role="alert">
              {error}
            </div>
          ) : null}
          {done ? (
            <div className="form-status" role="status">
              {done}
            </div>
          ) : null}
        </div>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('profilePhoto.confirmTitle')}
          description={<p>{t('profilePhoto.confirmBody')}</p>}
          confirmLabel={busy === 'removing' ? t('profilePhoto.removing') : t('profilePhoto.remove')}
          cancelLabel={t('profilePhoto.keep')}
          busy={busy === 'removing'}
          error={removeError}
          onConfirm={() => void onRemove()}
          onCancel={() => setConfirming(false)}
          testId="remove-photo-dialog"
        />
      ) : null}
    </section>
  );
}
