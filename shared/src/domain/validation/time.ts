// Stored times as the ISO 8601 strings the wire carries. Duck-typed on
// `toDate()`, so the pure core reads a Firestore Timestamp from either SDK
// (web or Admin) without importing Firebase.

/** What Firestore hands back for a stored time (a Timestamp of either SDK). */
export interface TimestampLike {
  toDate(): Date;
}

export function isTimestampLike(value: unknown): value is TimestampLike {
  return typeof value === 'object' && value !== null && typeof (value as { toDate?: unknown }).toDate === 'function';
}

function isoOfDate(date: unknown): string | null {
  return date instanceof Date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/**
 * A stored time as ISO 8601: a Timestamp or Date converted, a string passed
 * through as stored; null when absent or unreadable.
 */
export function toIso(value: unknown): string | null {
  if (typeof value === 'string') return value;
  return isoOfDate(isTimestampLike(value) ? value.toDate() : value);
}

/**
 * The strict reading, for fields the ledger computes with: a Timestamp, Date,
 * date string or epoch milliseconds, normalized to ISO 8601; anything that is
 * not a date is null (a malformed string is never passed on).
 */
export function parseIso(value: unknown): string | null {
  if (typeof value === 'string') return Number.isNaN(Date.parse(value)) ? null : new Date(value).toISOString();
  if (typeof value === 'number') return Number.isFinite(value) ? isoOfDate(new Date(value)) : null;
  return isoOfDate(isTimestampLike(value) ? value.toDate() : value);
}
