// What the runs routes (router.ts, webhook.ts) share: body parsing that names
// the field, path ids on the shared id schema, the verified caller, and
// constant-time secret comparison. Workflow documents are read by the domain's
// workflowFromDocument. The HTTP error is the server kit's.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { z } from 'zod';
import { HttpError, isDocumentId, parseOr400 as parseInput, type Caller } from '@agentflow/shared/server';

/** Body parsing that names the field: the kit's parseOr400 in the wording runs have always used ('input.name is not a known field'). */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.output<T> {
  return parseInput(schema, value, { prefix, unknownKeys: 'field' });
}

export const missing = (value: unknown) => value === undefined || value === null;

export const pathParam = (req: Request, name: string): string => {
  const value = req.params[name];
  // The kit refused undecodable and over-long segments; a well-formed one that is no id cannot exist.
  if (!isDocumentId(value)) throw new HttpError(404, 'Not found');
  return value;
};

export const caller = (req: Request): Caller => {
  if (!req.caller) throw new HttpError(401, 'Missing Authorization header with a Bearer ID token');
  return req.caller;
};

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time comparison of two secrets (of any lengths). */
export function secretsMatch(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
