// A file reference as run data holds it, checked: the schema the runs API
// and run inputs parse with, and the walk that finds references in any value.
// Apart from model.ts because it needs zod, which the browser singleton does
// not carry.
import { z } from 'zod';
import type { FileRef } from './model.js';

export const fileRefSchema = z.strictObject({
  fileId: z.string({ error: 'must be a file id' }).regex(/^[A-Za-z0-9]{20}$/, 'must be a file id'),
  name: z.string({ error: 'must be a string' }).min(1).max(255),
  contentType: z.string({ error: 'must be a string' }).min(1).max(255),
  size: z.number({ error: 'must be a number' }).int().nonnegative(),
});

/** Whether a value is a file reference (how the engine and run view find files in step data). */
export function isFileRef(value: unknown): value is FileRef {
  return fileRefSchema.safeParse(value).success;
}

/** Every file reference in a value (inputs, outputs), depth-first, each file once. */
export function fileRefsIn(value: unknown, found: Map<string, FileRef> = new Map(), depth = 0): FileRef[] {
  if (depth > 32 || value === null || typeof value !== 'object') return [...found.values()];
  if (isFileRef(value)) {
    if (!found.has(value.fileId)) found.set(value.fileId, { fileId: value.fileId, name: value.name, contentType: value.contentType, size: value.size });
    return [...found.values()];
  }
  for (const item of Array.isArray(value) ? value : Object.values(value)) fileRefsIn(item, found, depth + 1);
  return [...found.values()];
}

