// What the fake Google APIs share (test code): a request as a handler sees
// it, an answer, and Google's error body.
// https://cloud.google.com/apis/design/errors#http_mapping
export interface FakeRequest {
  method: string;
  /** The raw (still percent-encoded) path: Sheets' ranges hold ':' and '!' that matter before decoding. */
  rawPath: string;
  query: URLSearchParams;
  /** The JSON body, undefined when there is none. */
  body: unknown;
}

export interface FakeReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  429: 'RESOURCE_EXHAUSTED',
};

/** Google's error answer: {error: {code, message, status, errors: [{message, domain, reason}]}}. */
export function googleError(code: number, message: string, reason = 'invalid'): FakeReply {
  return { status: code, body: { error: { code, message, status: STATUS_NAMES[code] ?? 'UNKNOWN', errors: [{ message, domain: 'global', reason }] } } };
}

export const ok = (body: unknown): FakeReply => ({ status: 200, body });
export const notFound = (): FakeReply => googleError(404, 'Requested entity was not found.', 'notFound');

/** A text field of a JSON body, else undefined. */
export function textOf(body: unknown, key: string): string | undefined {
  const value = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}
