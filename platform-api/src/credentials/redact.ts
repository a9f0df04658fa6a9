// Secrets must not come back out in anything a step, a test or a log says,
// even when a provider echoes the key in its error body.
export const REDACTED = '[redacted]';

/** Shorter values are not redacted: too likely to match ordinary text, and too short to be a usable secret. */
const MIN_REDACTED_LENGTH = 4;

/** `text` with every occurrence of any secret value replaced. */
export function redactSecrets(text: string, secrets: Readonly<Record<string, string>> | readonly string[]): string {
  const values = (Array.isArray(secrets) ? secrets : Object.values(secrets)).filter((value) => value.length >= MIN_REDACTED_LENGTH).sort((a, b) => b.length - a.length);
  let result = text;
  for (const value of values) result = result.split(value).join(REDACTED);
  return result;
}

/** A JSON-able value with secrets redacted in every string inside it. */
export function redactDeep<T>(value: T, secrets: Readonly<Record<string, string>> | readonly string[]): T {
  if (typeof value === 'string') return redactSecrets(value, secrets) as T;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, secrets)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redactDeep(inner, secrets)])) as T;
  }
  return value;
}
