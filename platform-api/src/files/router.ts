// The file endpoints (FILES_API). Every route but /content needs a verified
// ID token; /content needs the link this API signed after the check. A file
// the caller may not see answers 404 exactly as a missing one does, so ids
// reveal nothing.
import { Router, type Request, type Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import {
  FILES_API,
  FILE_ERROR_CODES,
  HttpError,
  isPreviewableImage,
  requireAuth,
  serviceErrors,
  toFileRef,
  type Caller,
  type FileMetadata,
  type UploadedFile,
} from '@agentflow/shared/server';
import type { Logger } from 'pino';
import { acceptedType } from './accept.js';
import { FileRefusedError, fileNotFound } from './errors.js';
import type { FileInspector } from './inspect/fileInspector.js';
import type { FileLinkSigner } from './links.js';
import type { FileStore } from './store.js';
import { isMultipart, readMultipart } from './upload.js';

/** Whether a caller may see a run (runs/access.ts's mayViewRun, given by the app so files do not import runs). */
export type RunVisibility = (caller: Caller, runId: string) => Promise<boolean>;

export interface FilesRouterOptions {
  auth: Auth;
  store: FileStore;
  inspector: FileInspector;
  links: FileLinkSigner;
  canSeeRun: RunVisibility;
  logger: Logger;
  /** Base URL of this API as browsers reach it (PLATFORM_API_URL); else taken from the request. */
  publicUrl?: string | null;
}

/** Whether the caller may read a file: its owner; for a run's or a decision's file, whoever may see the run. */
export async function mayReadFile(caller: Caller, file: FileMetadata, canSeeRun: RunVisibility): Promise<boolean> {
  if (file.ownerId === caller.uid) return true;
  if (file.use.kind === 'run' || file.use.kind === 'approval') return canSeeRun(caller, file.use.runId);
  return false;
}

/** Sends a refusal of the file code as its HTTP answer. */
export const asHttp = (error: unknown): unknown => (error instanceof FileRefusedError ? error.toHttp() : error);

export function baseUrlOf(req: Request, publicUrl: string | null | undefined): string {
  return (publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`).replace(/\/$/, '');
}

/** A link to the file's bytes, valid for FILE_LIMITS.linkSeconds. */
export function fileLink(req: Request, file: Pick<FileMetadata, 'id'>, links: FileLinkSigner, publicUrl: string | null | undefined, nowMs: number) {
  const { exp, sig } = links.sign(file.id, nowMs);
  return { url: `${baseUrlOf(req, publicUrl)}${FILES_API.content(file.id)}?exp=${exp}&sig=${sig}`, expiresAt: new Date(exp * 1000).toISOString() };
}

/** Sends a file's bytes: inline for images, as a download for anything else, never run as a page. */
export function sendFileBytes(res: Response, file: FileMetadata, bytes: Buffer): void {
  const disposition = isPreviewableImage(file.contentType) ? 'inline' : 'attachment';
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/\\/g, '_');
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(bytes.length));
  res.setHeader('Content-Disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  // The app's pages (another origin) show images from here.
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('Cache-Control', 'private, max-age=300');
  res.end(bytes);
}

/**
 * Stores the files of a multipart upload as the user's unused uploads
 * (POST /api/files, the public POST /v1/files): every file's type is read
 * from its bytes and checked before any is stored, so one refused file stores
 * none; the plan's file size and storage limits apply. `only`: the one part
 * the request must carry (a 400 naming it otherwise).
 */
export async function storeUploads(deps: { store: FileStore; inspector: FileInspector }, uid: string, req: Request, only?: string): Promise<UploadedFile[]> {
  const { store, inspector } = deps;
  if (!isMultipart(req)) throw new HttpError(400, 'Send the files as multipart/form-data', FILE_ERROR_CODES.badUpload);
  try {
    const body = await readMultipart(req, { maxFileBytes: await store.maxFileBytes(uid) });
    const field = only ?? 'file';
    if (body.files.length === 0) throw new HttpError(400, `${field}: is required`, FILE_ERROR_CODES.badUpload, { field });
    if (only !== undefined) {
      const other = body.files.find((file) => file.field !== only);
      if (other) throw new HttpError(400, `${other.field}: is not a known field (send the file as '${only}')`, FILE_ERROR_CODES.badUpload, { field: other.field });
      if (body.files.length > 1) throw new HttpError(400, `${only}: send one file`, FILE_ERROR_CODES.badUpload, { field: only });
    }
    const typed = [];
    for (const file of body.files) typed.push({ ...file, contentType: await acceptedType(inspector, file.field, file.bytes, file.name) });
    const saved: UploadedFile[] = [];
    try {
      for (const file of typed) {
        const stored = await store.save({ ownerId: uid, name: file.name, bytes: file.bytes, contentType: file.contentType, use: { kind: 'upload' }, field: file.field });
        saved.push({ field: file.field, file: toFileRef(stored) });
      }
    } catch (error) {
      for (const done of saved) await store.remove(done.file.fileId).catch(() => false);
      throw error;
    }
    return saved;
  } catch (error) {
    throw asHttp(error);
  }
}

export function createFilesRouter({ auth, store, inspector, links, canSeeRun, logger, publicUrl }: FilesRouterOptions): Router {
  const router = Router();
  const authed = requireAuth(auth);
  const callerOf = (req: Request): Caller => {
    if (!req.caller) throw new HttpError(401, 'Missing Authorization header with a Bearer ID token');
    return req.caller;
  };
  const readable = async (req: Request): Promise<FileMetadata> => {
    const id = String(req.params.fileId ?? '');
    const file = await store.get(id);
    if (!file || !(await mayReadFile(callerOf(req), file, canSeeRun))) throw fileNotFound(id).toHttp();
    return file;
  };

  router.post(FILES_API.upload, authed, async (req, res) => {
    res.status(201).json({ files: await storeUploads({ store, inspector }, callerOf(req).uid, req) });
  });

  router.get(`${FILES_API.upload}/:fileId`, authed, async (req, res) => {
    const file = await readable(req);
    res.json({ ...toFileRef(file), createdAt: file.createdAt, use: file.use.kind });
  });

  router.delete(`${FILES_API.upload}/:fileId`, authed, async (req, res) => {
    const file = await readable(req);
    // A file a run or decision uses goes with the run (housekeeping), not on its own.
    if (file.ownerId !== callerOf(req).uid || file.use.kind !== 'upload') throw new HttpError(409, 'Only an upload not yet used can be deleted on its own', 'conflict');
    await store.remove(file.id);
    res.status(204).end();
  });

  router.post(`${FILES_API.upload}/:fileId/link`, authed, async (req, res) => {
    const file = await readable(req);
    res.json(fileLink(req, file, links, publicUrl, store.now().getTime()));
  });

  router.get(`${FILES_API.upload}/:fileId/content`, async (req, res) => {
    const id = String(req.params.fileId ?? '');
    if (!links.verify(id, req.query.exp, req.query.sig, store.now().getTime())) {
      throw new HttpError(403, 'This download link has expired or is not valid; open the file again from the app', FILE_ERROR_CODES.linkInvalid);
    }
    const file = await store.get(id);
    if (!file) throw fileNotFound(id).toHttp();
    try {
      sendFileBytes(res, file, await store.read(file));
    } catch (error) {
      logger.warn({ err: error, fileId: id }, 'could not send a file');
      throw asHttp(error);
    }
  });

  router.use(serviceErrors());
  return router;
}
