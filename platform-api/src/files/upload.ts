// Reading a multipart/form-data request (busboy): text fields and files,
// each file held in memory up to the limit and refused past it with the
// field named (413), at most FILE_LIMITS.maxFilesPerRequest files (400).
// Nothing is stored here: accept.ts decides what each file is, the store
// keeps it.
import busboy from 'busboy';
import type { Request } from 'express';
import { FILE_LIMITS } from '@agentflow/shared/server';
import { badUpload, fileTooLarge, tooManyFiles, type FileRefusedError } from './errors.js';

export interface ReceivedFile {
  field: string;
  /** The name the sender gave (cleaned by the store). */
  name: string;
  /** The type the sender claimed: only a hint for text files; the bytes decide. */
  claimedType: string;
  bytes: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

export interface MultipartLimits {
  maxFileBytes: number;
  maxFiles?: number;
  /** Text fields (count and bytes each). */
  maxFields?: number;
  maxFieldBytes?: number;
}

export const isMultipart = (req: Request): boolean => /^multipart\/form-data\b/i.test(req.get('content-type') ?? '');

export function readMultipart(req: Request, { maxFileBytes, maxFiles = FILE_LIMITS.maxFilesPerRequest, maxFields = 100, maxFieldBytes = 64 * 1024 }: MultipartLimits): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: maxFileBytes, files: maxFiles, fields: maxFields, fieldSize: maxFieldBytes, parts: maxFiles + maxFields } });
    } catch (error) {
      return reject(badUpload(error instanceof Error ? error.message : 'not multipart/form-data'));
    }
    const fields: Record<string, string> = {};
    const files: ReceivedFile[] = [];
    const reading: Promise<void>[] = [];
    let failed: FileRefusedError | null = null;
    const fail = (error: FileRefusedError) => {
      if (failed) return;
      failed = error;
      req.unpipe(parser);
      // Read the rest of the body away so the answer reaches the sender.
      req.resume();
      reject(error);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(badUpload(`the field '${name}' is too long`));
      fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      reading.push(
        new Promise<void>((done) => {
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('limit', () => fail(fileTooLarge(field, maxFileBytes)));
          stream.on('close', () => {
            files.push({ field, name: info.filename ?? 'file', claimedType: info.mimeType ?? 'application/octet-stream', bytes: Buffer.concat(chunks) });
            done();
          });
          stream.on('error', () => done());
        }),
      );
    });
    parser.on('filesLimit', () => fail(tooManyFiles(maxFiles)));
    parser.on('fieldsLimit', () => fail(badUpload('too many fields')));
    parser.on('partsLimit', () => fail(badUpload('too many parts')));
    parser.on('error', (error: Error) => fail(badUpload(error.message)));
    parser.on('close', () => {
      void Promise.all(reading).then(() => {
        if (!failed) resolve({ fields, files });
      });
    });
    req.pipe(parser);
  });
}
