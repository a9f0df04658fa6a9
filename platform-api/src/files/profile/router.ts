// The caller's profile photo (FILES_API.profilePhoto):
//   PUT     multipart, field 'photo': JPEG/PNG/WebP by its bytes, at most
//           FILE_LIMITS.maxPhotoBytes; stored resized and stripped
//           (photoImage.ts); users/{uid}.photo swapped in a transaction that
//           reads the previous one, which is deleted after the commit.
//   DELETE  clears users/{uid}.photo, then deletes the file.
//   GET     a short-lived link to it, or 404.
// Order on PUT: the new file is stored before the profile points at it (so
// the profile never names a missing file); if the swap fails the new file
// goes. The old one is deleted only after the commit, so a failed swap
// leaves the previous photo in place.
import { Router, type Request } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  FILES_API,
  FILE_ERROR_CODES,
  FILE_LIMITS,
  GENERIC_ERROR_CODES,
  HttpError,
  PHOTO_TYPES,
  PROFILES_COLLECTION,
  PROFILE_PHOTO_FIELD,
  decodeProfilePhoto,
  requireAuth,
  serviceErrors,
  type Caller,
  type ProfilePhoto,
} from '@agentflow/shared/server';
import type { Logger } from 'pino';
import { acceptedType } from '../accept.js';
import type { FileInspector } from '../inspect/fileInspector.js';
import type { FileLinkSigner } from '../links.js';
import { asHttp, fileLink } from '../router.js';
import type { FileStore } from '../store.js';
import { isMultipart, readMultipart } from '../upload.js';
import { processPhoto } from './photoImage.js';

/** The form field the photo comes in. */
export const PHOTO_FIELD = 'photo';

export interface ProfilePhotoRouterOptions {
  auth: Auth;
  store: FileStore;
  inspector: FileInspector;
  links: FileLinkSigner;
  logger: Logger;
  publicUrl?: string | null;
}

const noProfile = () => new HttpError(404, 'There is no profile to put a photo on; sign in with an account that has one', GENERIC_ERROR_CODES.notFound);
const noPhoto = () => new HttpError(404, 'There is no profile photo', FILE_ERROR_CODES.notFound);

export function createProfilePhotoRouter({ auth, store, inspector, links, logger, publicUrl }: ProfilePhotoRouterOptions): Router {
  const router = Router();
  const authed = requireAuth(auth);
  const db: Firestore = store.db;
  const userRef = (uid: string) => db.collection(PROFILES_COLLECTION).doc(uid);
  const callerOf = (req: Request): Caller => {
    if (!req.caller) throw new HttpError(401, 'Missing Authorization header with a Bearer ID token');
    return req.caller;
  };

  /** Deletes a photo that is no longer the profile's; a failure is logged, never the caller's problem. */
  const discard = async (uid: string, photo: ProfilePhoto | null) => {
    if (!photo) return;
    try {
      const file = await store.get(photo.fileId);
      // The profile field is server-written, but a file is deleted only when it is this user's photo.
      if (file && file.ownerId === uid && file.use.kind === 'profile') await store.remove(file.id);
    } catch (error) {
      logger.warn({ err: error, fileId: photo.fileId }, 'could not delete a replaced profile photo');
    }
  };

  router.put(FILES_API.profilePhoto, authed, async (req, res) => {
    const { uid } = callerOf(req);
    if (!isMultipart(req)) throw new HttpError(400, `${PHOTO_FIELD}: send the photo as multipart/form-data`, FILE_ERROR_CODES.badUpload, { field: PHOTO_FIELD });
    try {
      const body = await readMultipart(req, { maxFileBytes: FILE_LIMITS.maxPhotoBytes, maxFiles: 1, maxFields: 10 });
      const sent = body.files.find((file) => file.field === PHOTO_FIELD);
      if (!sent || body.files.length !== 1) throw new HttpError(400, `${PHOTO_FIELD}: send one JPEG, PNG or WebP image in this field`, FILE_ERROR_CODES.badUpload, { field: PHOTO_FIELD });
      await acceptedType(inspector, PHOTO_FIELD, sent.bytes, sent.name, { allowed: PHOTO_TYPES });
      const photo = await processPhoto(sent.bytes, PHOTO_FIELD);
      const stored = await store.save({ ownerId: uid, name: 'profile-photo.webp', bytes: photo.bytes, contentType: photo.contentType, use: { kind: 'profile' }, field: PHOTO_FIELD });
      const next: ProfilePhoto = { fileId: stored.id, updatedAt: stored.createdAt };
      let previous: ProfilePhoto | null;
      try {
        previous = await db.runTransaction(async (tx) => {
          const profile = await tx.get(userRef(uid));
          if (!profile.exists) throw noProfile();
          tx.update(userRef(uid), { [PROFILE_PHOTO_FIELD]: next });
          return decodeProfilePhoto(profile.get(PROFILE_PHOTO_FIELD));
        });
      } catch (error) {
        await store.remove(stored.id).catch((cause: unknown) => logger.warn({ err: cause, fileId: stored.id }, 'could not delete a photo the profile never took'));
        throw error;
      }
      if (previous?.fileId !== next.fileId) await discard(uid, previous);
      res.json({ photo: next, width: photo.width, height: photo.height, ...fileLink(req, stored, links, publicUrl, store.now().getTime()) });
    } catch (error) {
      throw asHttp(error);
    }
  });

  router.get(FILES_API.profilePhoto, authed, async (req, res) => {
    const { uid } = callerOf(req);
    const photo = decodeProfilePhoto((await userRef(uid).get()).get(PROFILE_PHOTO_FIELD));
    const file = photo ? await store.get(photo.fileId) : null;
    if (!photo || !file || file.ownerId !== uid) throw noPhoto();
    res.json({ photo, ...fileLink(req, file, links, publicUrl, store.now().getTime()) });
  });

  // Idempotent: removing a photo that is not there is done already.
  router.delete(FILES_API.profilePhoto, authed, async (req, res) => {
    const { uid } = callerOf(req);
    const previous = await db.runTransaction(async (tx) => {
      const profile = await tx.get(userRef(uid));
      const photo = profile.exists ? decodeProfilePhoto(profile.get(PROFILE_PHOTO_FIELD)) : null;
      if (profile.exists && profile.get(PROFILE_PHOTO_FIELD) !== undefined) tx.update(userRef(uid), { [PROFILE_PHOTO_FIELD]: FieldValue.delete() });
      return photo;
    });
    await discard(uid, previous);
    res.status(204).end();
  });

  router.use(serviceErrors());
  return router;
}
