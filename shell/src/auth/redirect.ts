import { useSearchParams } from '@agentflow/shared';

/** Where a sign-in, sign-up or demo session lands without a usable `next`: the dashboard (issue 21). */
export const DEFAULT_AFTER_SIGN_IN = '/workflows/dashboard';

const BASE = 'https://agentflow.invalid';

/**
 * `value` when it is a path inside this app, else null. It must start with
 * one '/' (not '//', a scheme-relative URL) and hold no backslash, whitespace
 * or control character: browsers read '/\evil.com' and '/\t/evil.com' as
 * '//evil.com'. Finally it must resolve to this origin.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- refusing control characters is this check's purpose
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    if (new URL(value, BASE).origin !== BASE) return null;
  } catch {
    return null;
  }
  return value;
}

/** `path` carrying the same `next` on, so switching between sign-in and sign-up keeps it. */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/** The safe `next` of the current URL (null when absent or unsafe), and where to go after signing in. */
export function useAfterSignIn(): { next: string | null; destination: string } {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  return { next, destination: next ?? DEFAULT_AFTER_SIGN_IN };
}
