// Stripe's wire format as the fake speaks it: ids, times, the error shape
// `{error: {type, code, message, param}}` with Stripe's statuses, list
// envelopes, and readers of form-encoded params (strings) as the documented types.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StripeObject } from './types.js';

export const API_VERSION = '2023-10-16';
export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const DAY = 86_400;
export const periodSeconds = (interval: string) => (interval === 'year' ? 365 * DAY : 30 * DAY);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16)}`;
export const clone = <T>(value: T): T => structuredClone(value);

export class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

export const missing = (kind: string, id: string, param = 'id') => new StripeHttpError(404, `No such ${kind}: '${id}'`, param, 'resource_missing');
export const required = (param: string) => new StripeHttpError(400, `Missing required param: ${param}.`, param, 'parameter_missing');

export const list = (data: StripeObject[], url: string, hasMore = false) => ({ object: 'list', data, has_more: hasMore, url });

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Stripe's form values are strings; these read them as the types the API documents. */
export const asInt = (value: unknown, param: string): number => {
  const number = Number(value);
  if (typeof value !== 'string' || !/^-?\d+$/.test(value) || !Number.isSafeInteger(number)) throw new StripeHttpError(400, `Invalid integer: ${String(value)}`, param, 'parameter_invalid_integer');
  return number;
};
export const asBool = (value: unknown, param: string): boolean => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new StripeHttpError(400, `Invalid boolean: ${String(value)}`, param, 'parameter_invalid_boolean');
};
export const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : value === undefined ? [] : [value]);
export const asMetadata = (value: unknown, param = 'metadata'): Record<string, string> => {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new StripeHttpError(400, 'Invalid object', param, 'parameter_invalid_object');
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, String(item)]));
};

export function checkParams(params: StripeObject, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) throw new StripeHttpError(400, `Received unknown parameter: ${key}`, key, 'parameter_unknown');
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req'), 'Stripe-Version': API_VERSION });
  res.end(text);
}

export function sendError(res: ServerResponse, error: StripeHttpError): void {
  sendJson(res, error.status, { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.param ? { param: error.param } : {}) } });
}
