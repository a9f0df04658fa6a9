// POST /v1/files (issue 24): one file, multipart in the part 'file', stored
// as the key's creator's unused upload through the app's own upload path
// (files/router.ts storeUploads: the type read from the bytes, the plan's size
// and storage limits). Its reference goes in a run's input; an upload no run
// uses within FILE_LIMITS.stagedHours is swept.
import type { Request } from 'express';
import { FILE_LIMITS } from '@agentflow/shared/files';
import type { FileRef } from '@agentflow/shared/server';
import { storeUploads, type FilesModule } from '../files/index.js';

export async function uploadPublicFile(files: FilesModule, req: Request): Promise<{ file: FileRef; expiresAt: string }> {
  const [saved] = await storeUploads(files, req.caller!.uid, req, 'file');
  return { file: saved!.file, expiresAt: new Date(files.store.now().getTime() + FILE_LIMITS.stagedHours * 3_600_000).toISOString() };
}
