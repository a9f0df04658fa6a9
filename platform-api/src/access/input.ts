// Reading access-control bodies the way the seed's API did: a partial update
// keeps only what the client sent, and an absent required id is reported
// like an empty one. (The HTTP error and parseOr400 are the server kit's.)
/**
 * The shared update schemas are `create.partial()`, and zod 4 still fills a
 * field's default when it is absent (description '', system 'custom',
 * permissions []). A partial update must change only what the client sent,
 * so keep the parsed values of the keys present in the raw body.
 */
export function sentFieldsOnly<T extends Record<string, unknown>>(parsed: T, raw: unknown): Partial<T> {
  const sent = raw && typeof raw === 'object' ? new Set(Object.keys(raw)) : new Set<string>();
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => sent.has(key))) as Partial<T>;
}

/**
 * A required id that is absent (or null) is reported like an empty one,
 * 'roleId is undefined or empty.', rather than 'roleId must be a string'.
 */
export function missingAsEmpty(raw: unknown, fields: readonly string[]): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const copy: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const field of fields) if (copy[field] === undefined || copy[field] === null) copy[field] = '';
  return copy;
}
