// Files: what a stored file is, where it is used, and the limits every upload
// meets. The bytes live in the Storage bucket (written only by platform-api
// with the Admin SDK); `files/{fileId}` holds the metadata, server-written,
// never readable by a browser. Steps, run inputs and decisions hold a
// FileRef (never bytes). Pure: no Node, no Firebase.
/** Server-only collection of file metadata (rules deny every client read and write). */
export const FILES_COLLECTION = 'files';
/** One document per owner: the bytes their files take (kept in the same transaction as each metadata write). */
export const STORAGE_USAGE_COLLECTION = 'storageUsage';

/**
 * Where a file is used, which decides who may read it:
 * - upload: just uploaded by its owner, not yet given to a run or a decision (swept after FILE_LIMITS.stagedHours);
 * - profile: a user's profile photo (the owner; signed-in users through the photo route);
 * - run: a file of a run (its input, or a step's output): whoever may see the run;
 * - approval: a file an approver attached to a decision: whoever may see the run;
 * - knowledge: a knowledge source's file: its owner (the knowledge base's API reads it for its workspace).
 */
export type FileUse =
  | { kind: 'upload' }
  | { kind: 'profile' }
  | { kind: 'run'; runId: string; workflowId: string; stepId: string | null }
  | { kind: 'approval'; runId: string; workflowId: string; stepId: string }
  | { kind: 'knowledge'; knowledgeBaseId: string; sourceId: string };

export interface FileMetadata {
  id: string;
  ownerId: string;
  organizationId: string | null;
  /** The name it was uploaded or saved with (never used as a path). */
  name: string;
  /** The type sniffed from the bytes (not the name or the sender's claim). */
  contentType: string;
  size: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  /** The object's path in the bucket. */
  objectPath: string;
  use: FileUse;
  createdAt: string;
  /** When an unattached upload is swept; null once it is used. */
  expiresAt: string | null;
}

/** A file as run data holds it: enough to show and fetch it, never its bytes. */
export interface FileRef {
  fileId: string;
  name: string;
  contentType: string;
  size: number;
}

export const toFileRef = (file: Pick<FileMetadata, 'id' | 'name' | 'contentType' | 'size'>): FileRef => ({ fileId: file.id, name: file.name, contentType: file.contentType, size: file.size });

/** Limits that hold for everyone (the per-plan ones are in the entitlements table); decimal megabytes, as every page shows them. */
export const FILE_LIMITS = {
  /** The most any single upload may be, whatever the plan (uploads are held in memory while checked). */
  maxUploadBytes: 25_000_000,
  /** Files in one request (a webhook delivery, a run form). */
  maxFilesPerRequest: 10,
  /** A profile photo as sent (it is resized before it is stored). */
  maxPhotoBytes: 5_000_000,
  /** The stored photo's longest side, in pixels. */
  photoSize: 512,
  /** How long an upload waits to be used by a run or a decision before it is swept. */
  stagedHours: 24,
  /** How long a download link works. */
  linkSeconds: 300,
  /** Text an agent reads from one file (characters). */
  maxExtractedChars: 100_000,
  /** The largest file an agent step extracts text from. */
  maxExtractBytes: 10_000_000,
  /** A binary HTTP answer saved as a run file. */
  maxHttpFileBytes: 25_000_000,
  /** File names are cut to this many characters. */
  maxNameLength: 255,
} as const;

/** Image types a profile photo may be (checked on the bytes). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Types a run may take in or save. Decided on the bytes: a PNG named
 * report.pdf is a PNG, an executable named photo.jpg is refused. Text types
 * have no signature; they are accepted when the bytes are UTF-8 text.
 */
export const RUN_FILE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'application/pdf',
  DOCX_TYPE,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/zip',
  'text/plain',
  'text/csv',
  'application/json',
] as const;

/** Types an agent step reads text from. */
export const TEXT_EXTRACTABLE_TYPES = ['application/pdf', DOCX_TYPE, 'text/plain', 'text/csv', 'application/json'] as const;

/** Whether a type matches an accept list ('image/*', 'application/pdf'); an empty list accepts all. */
export function typeAccepted(contentType: string, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  return accept.some((pattern) => (pattern.endsWith('/*') ? contentType.startsWith(pattern.slice(0, -1)) : pattern === contentType));
}

/** Images the run view shows as a thumbnail. */
export const isPreviewableImage = (contentType: string): boolean => (PHOTO_TYPES as readonly string[]).includes(contentType) || contentType === 'image/gif';

/** A name safe to show and to send in Content-Disposition: no path, no control characters, at most the limit. */
export function cleanFileName(name: string | null | undefined, fallback = 'file'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, FILE_LIMITS.maxNameLength);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned;
}

/** formatBytes's units as Intl names them. */
const INTL_UNITS: Readonly<Record<string, string>> = { kB: 'kilobyte', MB: 'megabyte', GB: 'gigabyte', TB: 'terabyte' };

/**
 * Bytes as people read them: 512 B, 1.5 kB, 2.3 MB (decimal units, one
 * decimal under 10). With a language, the same figure in its own decimal
 * sign and unit symbol ("5,0 MB", "2,0 Go"), with a no-break space so it
 * never wraps apart: the plans page, refusals and file lists say one figure.
 */
export function formatBytes(bytes: number, language?: string): string {
  let value = bytes;
  let unit = -1;
  const units = ['kB', 'MB', 'GB', 'TB'];
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit >= 0 && value < 10 ? 1 : 0;
  if (unit < 0) return language ? `${new Intl.NumberFormat(language).format(bytes)}\u00a0B` : `${bytes} B`;
  if (!language) return `${value.toFixed(digits)} ${units[unit]}`;
  return new Intl.NumberFormat(language, { style: 'unit', unit: INTL_UNITS[units[unit]!], unitDisplay: 'short', minimumFractionDigits: digits, maximumFractionDigits: digits })
    .format(Number(value.toFixed(digits)))
    .replace(' ', '\u00a0');
}
