// The signed-in user's profile photo as this tab knows it, shared by the
// header's avatar and the profile page, so an upload or a removal shows in
// both at once without a reload. Where it comes from:
//   - users/{uid}.photo (the profile, read at sign-in) says whether there is
//     one, so a user without a photo costs no request;
//   - platform-api answers a short-lived link to it (GET /api/profile/photo),
//     fetched once per photo and again when the link has expired;
//   - an upload or a removal here replaces both (the profile the AuthProvider
//     loaded is not reloaded: what this tab did wins over it).
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { ApiError, createApiClient, useAuth, usePlatform, type ApiCall, type ProfilePhoto } from '@agentflow/shared';
import { FILES_API, type FileLink } from '@agentflow/shared/files';

/** What PUT and GET /api/profile/photo answer. */
export interface PhotoAnswer extends FileLink {
  photo: ProfilePhoto;
}

interface PhotoLink {
  url: string;
  /** Browser time after which the link is fetched again rather than trusted. */
  staleAt: number;
}

interface PhotoEntry {
  /** The photo this tab knows of (null: none). */
  photo: ProfilePhoto | null;
  link: PhotoLink | null;
  /** Set while a link is being fetched, or after fetching it failed (no retry loop; the avatar falls back). */
  fetching: 'loading' | 'failed' | null;
}

const entries = new Map<string, PhotoEntry>();
const listeners = new Set<() => void>();

function setEntry(uid: string, entry: PhotoEntry): void {
  entries.set(uid, entry);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Forgets every photo (tests start each case from the profile). */
export function forgetProfilePhotos(): void {
  entries.clear();
  for (const listener of listeners) listener();
}

/**
 * How long a link is trusted, on this browser's clock from when it arrived:
 * a little under FILE_LIMITS.linkSeconds (300 s; useProfilePhoto.test.ts
 * keeps them in step). Not the answer's expiresAt: a browser clock minutes
 * off the server's would then think every link expired and ask again and
 * again. (FILE_LIMITS is not imported: the header would carry zod with it.)
 */
export const LINK_TRUSTED_MS = 270_000;
const linkOf = (answer: FileLink): PhotoLink => ({ url: answer.url, staleAt: Date.now() + LINK_TRUSTED_MS });
const stale = (link: PhotoLink) => link.staleAt <= Date.now();

async function fetchLink(uid: string, api: ApiCall, photo: ProfilePhoto): Promise<void> {
  setEntry(uid, { photo, link: null, fetching: 'loading' });
  try {
    const answer = await api<PhotoAnswer>('GET', FILES_API.profilePhoto);
    setEntry(uid, { photo: answer.photo, link: linkOf(answer), fetching: null });
  } catch (error) {
    // 404: removed elsewhere since the profile was read.
    if (error instanceof ApiError && error.status === 404) setEntry(uid, { photo: null, link: null, fetching: null });
    else setEntry(uid, { photo, link: null, fetching: 'failed' });
  }
}

export interface ProfilePhotoState {
  /** A link to show the photo with, once there is one. */
  url: string | null;
  photo: ProfilePhoto | null;
  /** The platform-api client (the profile page uploads with it). */
  api: ApiCall;
  /** After an upload: the new photo and its link. */
  uploaded: (answer: PhotoAnswer) => void;
  /** After a removal. */
  removed: () => void;
  /** An <img> could not show the link: fetch a fresh one if it had expired. */
  linkFailed: () => void;
}

export function useProfilePhoto(): ProfilePhotoState {
  const { user, userProfile, isDemoUser, getIdToken } = useAuth();
  const { config } = usePlatform();
  const uid = user && !isDemoUser ? user.uid : null;
  const api = useMemo(() => createApiClient({ baseUrl: config.apis.platform, getIdToken }), [config.apis.platform, getIdToken]);
  const entry = useSyncExternalStore(subscribe, () => (uid ? entries.get(uid) : undefined));
  const profilePhoto = userProfile && userProfile.uid === uid ? (userProfile.photo ?? null) : null;
  const photo = entry ? entry.photo : profilePhoto;

  useEffect(() => {
    if (!uid || !photo) return;
    const current = entries.get(uid);
    const linked = current?.link && current.photo?.fileId === photo.fileId && !stale(current.link);
    if (linked || current?.fetching) return;
    void fetchLink(uid, api, photo);
  }, [uid, photo, api]);

  const uploaded = useCallback(
    (answer: PhotoAnswer) => {
      if (uid) setEntry(uid, { photo: answer.photo, link: linkOf(answer), fetching: null });
    },
    [uid],
  );
  const removed = useCallback(() => {
    if (uid) setEntry(uid, { photo: null, link: null, fetching: null });
  }, [uid]);
  const linkFailed = useCallback(() => {
    const current = uid ? entries.get(uid) : undefined;
    if (uid && current?.photo && current.link && stale(current.link)) void fetchLink(uid, api, current.photo);
  }, [uid, api]);

  const url = entry?.link && photo && entry.photo?.fileId === photo.fileId ? entry.link.url : null;
  return { url, photo, api, uploaded, removed, linkFailed };
}
