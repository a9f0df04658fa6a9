// The one id schema of the platform: what a path parameter or an id field of
// a body may be. Both services check paths with it before any route runs
// (decodePathSegment) and check ids before they reach Firestore
// (isDocumentId), so no client string can make the SDK throw or a query hang.
import { z } from 'zod';

/**
 * Longest id: Firebase uids are at most 128 characters and every id the
 * platform mints (auto ids, run ids, role slugs, Stripe ids) is shorter.
 * Also the limit of any path segment, so a 600-character id never reaches a query.
 */
export const ID_MAX_LENGTH = 128;

// Auto ids, uids and run ids are alphanumeric; slugs add '_' and '-'; Stripe ids '_'; ':' and '.' for composite keys.
const ID_CHARACTERS = /^[A-Za-z0-9_.:-]+$/;
// Firestore reserves ids of the form __x__.
const RESERVED_ID = /^__.*__$/;
// C0 controls and DEL: never part of an id, and unreadable in an error message.
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export const ID_CHARACTERS_TEXT = 'letters, digits, "_", "-", "." and ":"';

/** True when the value can be an id: 1–128 of the id characters, not '.', '..' or a reserved __x__ name. */
export function isDocumentId(id: unknown): id is string {
  return typeof id === 'string' && id.length > 0 && id.length <= ID_MAX_LENGTH && ID_CHARACTERS.test(id) && id !== '.' && id !== '..' && !RESERVED_ID.test(id);
}

/** The id schema for body and query fields ('rerunOf must be an id: letters, digits, ...'). */
export const documentIdSchema = z
  .string({ error: 'must be a string' })
  .min(1, { error: 'is required' })
  .max(ID_MAX_LENGTH, { error: `must be at most ${ID_MAX_LENGTH} characters` })
  .refine(isDocumentId, { error: `must be an id (${ID_CHARACTERS_TEXT})` });

/**
 * True for text no document id can be: '.', '..', anything with '/', and
 * Firestore's reserved __x__ form. A path parameter like that names nothing
 * (404), whatever the route; handing it to the SDK would throw.
 */
export function cannotNameDocument(value: string): boolean {
  return value === '.' || value === '..' || value.includes('/') || RESERVED_ID.test(value);
}

export type PathSegmentResult = { ok: true; value: string } | { ok: false; problem: string };

/**
 * Decodes one raw (still percent-encoded) path segment without throwing.
 * Refused: malformed percent-encoding or encoded bytes that are not UTF-8
 * ('%ZZ', '%C0%AF', an encoded lone surrogate), control characters, and
 * more than ID_MAX_LENGTH characters once decoded. A segment that decodes
 * well but cannot name a document ('..', 'a%2Fb', '__x__') is a 404 (see
 * cannotNameDocument); one that can but is no id ('a b') is the route's 404.
 */
export function decodePathSegment(raw: string): PathSegmentResult {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return { ok: false, problem: 'is not valid percent-encoded UTF-8' };
  }
  if (CONTROL_CHARACTERS.test(value)) return { ok: false, problem: 'contains control characters' };
  if (!isWellFormedText(value)) return { ok: false, problem: 'is not well-formed Unicode' };
  if (value.length > ID_MAX_LENGTH) return { ok: false, problem: `is longer than ${ID_MAX_LENGTH} characters` };
  return { ok: true, value };
}

// In a 'u' regex a paired surrogate is one code point, so \p{Cs} finds only lone ones.
const LONE_SURROGATE = /\p{Cs}/u;

/** String.prototype.isWellFormed (ES2024) for every runtime: no lone UTF-16 surrogate. */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** The text with each lone surrogate replaced by U+FFFD, safe to echo in a message. */
export function toWellFormedText(text: string): string {
  return text.replace(/\p{Cs}/gu, '\uFFFD');
}
