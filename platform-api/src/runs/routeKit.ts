// What the runs routes (router.ts, webhook.ts) share: their HTTP error, body
// parsing that names the field, path ids on the shared id schema, the
// verified caller, workflow documents, and constant-time secret comparison.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { isDocumentId, type Caller, type RequestErrorCode } from '@agentflow/shared/server';
import type { Workflow, WorkflowNode } from '@agentflow/shared/workflow';

export class RunsHttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413,
    message: string,
    /** A stable machine code beside the message (REQUEST_ERROR_CODES), for the newer refusals. */
    readonly code?: RequestErrorCode,
  ) {
    super(message);
    this.name = 'RunsHttpError';
  }
}

function describe(error: z.ZodError, prefix = ''): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  if (issue.code === 'unrecognized_keys') return `${prefix}${issue.keys[0]} is not a known field`;
  const field = `${prefix}${issue.path.join('.')}`.replace(/\.$/, '');
  return field ? `${field} ${issue.message}` : issue.message;
}

export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new RunsHttpError(400, describe(result.error, prefix));
  return result.data;
}

export const missing = (value: unknown) => value === undefined || value === null;

function iso(value: unknown): string | null {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  return typeof value === 'string' ? value : null;
}

export function workflowFromDoc(id: string, data: Record<string, unknown>): Workflow {
  return { ...(data as unknown as Workflow), id, organizationId: (data.organizationId as string | null | undefined) ?? null, createdAt: iso(data.createdAt), updatedAt: iso(data.updatedAt) };
}

export const triggerOf = (workflow: Pick<Workflow, 'nodes'>): WorkflowNode | undefined => workflow.nodes.find((node) => node.type.startsWith('trigger.'));

export const pathParam = (req: Request, name: string): string => {
  const value = req.params[name];
  // The kit refused undecodable and over-long segments; a well-formed one that is no id cannot exist.
  if (!isDocumentId(value)) throw new RunsHttpError(404, 'Not found');
  return value;
};

export const caller = (req: Request): Caller => {
  if (!req.caller) throw new RunsHttpError(401, 'Missing Authorization header with a Bearer ID token');
  return req.caller;
};

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time comparison of two secrets (of any lengths). */
export function secretsMatch(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
