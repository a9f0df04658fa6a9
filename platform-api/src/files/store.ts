// The file store: bytes in the bucket, metadata in files/{id}, the owner's
// total in storageUsage/{owner}. Order, so that a failure never leaves
// metadata without its object:
//   save:   write the object, then (one transaction) check the plan's storage,
//           write the metadata and add to the total; if that fails, delete the
//           object (and if even that fails, the orphan sweeper will).
//   remove: (one transaction) delete the metadata and subtract, then delete
//           the object; an object left behind is an orphan the sweeper removes.
// The sweeper deletes objects older than a grace period that have no
// metadata (the grace keeps it off a save between its two writes).
import { createHash, randomBytes } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { FieldValue } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import {
  FILES_COLLECTION,
  FILE_LIMITS,
  STORAGE_USAGE_COLLECTION,
  cleanFileName,
  entitlementsFor,
  storageLimitRefusal,
  typeAccepted,
  type FileMetadata,
  type FileRef,
  type FileUse,
} from '@agentflow/shared/server';
import { planRoleOf } from '../plans/planRole.js';
import type { FileBucket } from './bucket.js';
import { fileNotUsable, fileTooLarge, fileTypeNotAllowed, storageFull, storageUnavailable } from './errors.js';

export interface NewFile {
  ownerId: string;
  organizationId?: string | null;
  name: string | null | undefined;
  bytes: Buffer;
  /** The type sniffed from the bytes (accept.ts). */
  contentType: string;
  use: FileUse;
  /** The form field or step it came from, named in refusals. */
  field?: string | null;
}

/** Objects younger than this are never swept: a save may be between its two writes. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

const newFileId = (): string => randomBytes(15).toString('base64url').replace(/[-_]/g, (c) => (c === '-' ? 'a' : 'b'));

export function decodeFile(id: string, data: Record<string, unknown> | undefined): FileMetadata | null {
  if (!data || typeof data.ownerId !== 'string' || typeof data.objectPath !== 'string') return null;
  return {
    id,
    ownerId: data.ownerId,
    organizationId: typeof data.organizationId === 'string' ? data.organizationId : null,
    name: String(data.name ?? 'file'),
    contentType: String(data.contentType ?? 'application/octet-stream'),
    size: Number(data.size ?? 0),
    sha256: String(data.sha256 ?? ''),
    objectPath: data.objectPath,
    use: (data.use ?? { kind: 'upload' }) as FileUse,
    createdAt: String(data.createdAt ?? ''),
    expiresAt: typeof data.expiresAt === 'string' ? data.expiresAt : null,
  };
}

export interface FileStoreOptions {
  db: Firestore;
  bucket: FileBucket;
  logger: Logger;
  now?: () => Date;
}

export class FileStore {
  readonly db: Firestore;
  readonly bucket: FileBucket;
  private readonly logger: Logger;
  readonly now: () => Date;

  constructor({ db, bucket, logger, now = () => new Date() }: FileStoreOptions) {
    this.db = db;
    this.bucket = bucket;
    this.logger = logger;
    this.now = now;
  }

  private files() {
    return this.db.collection(FILES_COLLECTION);
  }

  private usageRef(ownerId: string) {
    return this.db.collection(STORAGE_USAGE_COLLECTION).doc(ownerId);
  }

  /** The largest file this owner's plan takes (never above the upload limit). */
  async maxFileBytes(ownerId: string): Promise<number> {
    return Math.min(entitlementsFor(await planRoleOf(this.db, ownerId)).maxFileBytes, FILE_LIMITS.maxUploadBytes);
  }

  /** Stores a file for its owner; refuses it beyond the plan's file size or storage. */
  async save(file: NewFile): Promise<FileMetadata> {
    const role = await planRoleOf(this.db, file.ownerId);
    const maxBytes = Math.min(entitlementsFor(role).maxFileBytes, FILE_LIMITS.maxUploadBytes);
    if (file.bytes.length > maxBytes) throw fileTooLarge(file.field ?? null, maxBytes);
    const id = newFileId();
    const createdAt = this.now();
    const metadata: FileMetadata = {
      id,
      ownerId: file.ownerId,
      organizationId: file.organizationId ?? null,
      name: cleanFileName(file.name),
      contentType: file.contentType,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      objectPath: `files/${file.ownerId}/${id}`,
      use: file.use,
      createdAt: createdAt.toISOString(),
      expiresAt: file.use.kind === 'upload' ? new Date(createdAt.getTime() + FILE_LIMITS.stagedHours * 3_600_000).toISOString() : null,
    };
    try {
      await this.bucket.put(metadata.objectPath, file.bytes, metadata.contentType);
    } catch (error) {
      this.logger.error({ err: error, fileId: id }, 'could not write a file to the bucket');
      throw storageUnavailable();
    }
    try {
      await this.db.runTransaction(async (tx) => {
        const used = Number((await tx.get(this.usageRef(file.ownerId))).get('bytes') ?? 0);
        const refusal = storageLimitRefusal(await planRoleOf(this.db, file.ownerId, tx), used, metadata.size);
        if (refusal) throw storageFull(refusal);
        tx.set(this.files().doc(id), metadata);
        tx.set(this.usageRef(file.ownerId), { bytes: FieldValue.increment(metadata.size), updatedAt: metadata.createdAt }, { merge: true });
      });
    } catch (error) {
      await this.deleteObject(metadata.objectPath);
      if (error instanceof Error && error.name === 'FileRefusedError') throw error;
      this.logger.error({ err: error, fileId: id }, 'could not record a stored file');
      throw storageUnavailable();
    }
    return metadata;
  }

  async get(fileId: string, tx?: Transaction): Promise<FileMetadata | null> {
    if (!/^[A-Za-z0-9]{20}$/.test(fileId)) return null;
    const snapshot = tx ? await tx.get(this.files().doc(fileId)) : await this.files().doc(fileId).get();
    return snapshot.exists ? decodeFile(snapshot.id, snapshot.data()) : null;
  }

  async read(file: Pick<FileMetadata, 'id' | 'objectPath'>): Promise<Buffer> {
    try {
      return await this.bucket.get(file.objectPath);
    } catch (error) {
      this.logger.error({ err: error, fileId: file.id }, 'could not read a file from the bucket');
      throw storageUnavailable();
    }
  }

  /**
   * Gives the owner's unused uploads to a run or a decision, all or none:
   * each must be theirs, still an unused upload, and not expired. `fields`
   * names each file's field for the refusal.
   */
  async attach(ownerId: string, files: readonly { field: string; ref: FileRef; accept?: readonly string[] }[], use: FileUse): Promise<FileMetadata[]> {
    if (files.length === 0) return [];
    const nowIso = this.now().toISOString();
    return this.db.runTransaction(async (tx) => {
      const found: FileMetadata[] = [];
      for (const { field, ref, accept } of files) {
        const file = await this.get(ref.fileId, tx);
        if (!file || file.ownerId !== ownerId || file.use.kind !== 'upload' || (file.expiresAt !== null && file.expiresAt <= nowIso)) throw fileNotUsable(field);
        // The type the bytes have, against what the field takes (the request's claim does not count).
        if (!typeAccepted(file.contentType, accept ?? [])) throw fileTypeNotAllowed(field, file.contentType);
        if (!found.some((seen) => seen.id === file.id)) found.push(file);
      }
      for (const file of found) tx.update(this.files().doc(file.id), { use, expiresAt: null });
      return found.map((file) => ({ ...file, use, expiresAt: null }));
    });
  }

  /** Deletes a file: its metadata and total first, then the object. False when there was none. */
  async remove(fileId: string): Promise<boolean> {
    const removed = await this.db.runTransaction(async (tx) => {
      const file = await this.get(fileId, tx);
      if (!file) return null;
      tx.delete(this.files().doc(file.id));
      tx.set(this.usageRef(file.ownerId), { bytes: FieldValue.increment(-file.size), updatedAt: this.now().toISOString() }, { merge: true });
      return file;
    });
    if (!removed) return false;
    await this.deleteObject(removed.objectPath);
    return true;
  }

  /** The files of a run (its input, its steps, its decisions). */
  async filesOfRun(runId: string): Promise<FileMetadata[]> {
    const snapshot = await this.files().where('use.runId', '==', runId).get();
    return snapshot.docs.map((doc) => decodeFile(doc.id, doc.data())).filter((file): file is FileMetadata => file !== null);
  }

  /** Deletes every file of a run; returns how many. */
  async removeRunFiles(runId: string): Promise<number> {
    let removed = 0;
    for (const file of await this.filesOfRun(runId)) if (await this.remove(file.id)) removed += 1;
    return removed;
  }

  /** Deletes uploads that were never used before they expired; returns how many. */
  async sweepExpiredUploads(limit = 200): Promise<number> {
    const snapshot = await this.files().where('expiresAt', '<=', this.now().toISOString()).limit(limit).get();
    let removed = 0;
    for (const doc of snapshot.docs) {
      const file = decodeFile(doc.id, doc.data());
      if (file?.use.kind === 'upload' && (await this.remove(file.id))) removed += 1;
    }
    return removed;
  }

  /** Deletes objects with no metadata that are older than the grace period; returns how many. */
  async sweepOrphanObjects(graceMs: number = ORPHAN_GRACE_MS): Promise<number> {
    const cutoff = this.now().getTime() - graceMs;
    let removed = 0;
    let pageToken: string | undefined;
    do {
      const page = await this.bucket.list('files/', pageToken);
      for (const object of page.objects) {
        if (Date.parse(object.createdAt) > cutoff) continue;
        const id = object.path.split('/').pop() ?? '';
        const metadata = await this.files().doc(id).get();
        if (metadata.exists && metadata.get('objectPath') === object.path) continue;
        await this.bucket.delete(object.path);
        removed += 1;
        this.logger.info({ path: object.path }, 'removed a stored object that had no metadata');
      }
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    return removed;
  }

  private async deleteObject(path: string): Promise<void> {
    try {
      await this.bucket.delete(path);
    } catch (error) {
      // Left for the orphan sweeper: it has no metadata, so nobody can reach it.
      this.logger.warn({ err: error, path }, 'could not delete a stored object; the orphan sweeper will');
    }
  }
}
