// Errors a route throws to answer a client: the router turns them into
// `{"error": message}` with their status. Anything else is a 500.
import type { z } from 'zod';
import { describeIssue } from '@agentflow/shared/rbac';

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Parses with a zod schema; a failure is a 400 naming the field ('roleId is undefined or empty.'). */
export function parseOr400<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(describeIssue(result.error));
  return result.data;
}

/**
 * The shared id schema (shared/src/validation/ids.ts): ids from a URL or a
 * body that fail it cannot exist, so they are answered 404 rather than
 * reaching Firestore.
 */
export { isDocumentId } from '@agentflow/shared/server';

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
