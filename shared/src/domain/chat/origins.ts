// Which pages may open a conversation: the Origin header against the app's
// list. Origins compare exactly after normalising (lower-case scheme and
// host, no default port, no trailing slash); no wildcards, so a listed
// https://shop.example never lets https://evil-shop.example in.
// Pure.

const ORIGIN = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/;
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/** The normalised origin of an http(s) origin ("https://shop.example:8443"), or null when it is not one (a path, a query, credentials…). */
export function normalizeOrigin(value: string): string | null {
  const match = ORIGIN.exec(value.trim().toLowerCase());
  if (!match) return null;
  const [, scheme, host, port] = match as unknown as [string, string, string, string | undefined];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  return port === undefined || DEFAULT_PORTS[scheme] === port ? `${scheme}://${host}` : `${scheme}://${host}:${port}`;
}

/** Whether a request from `origin` (its Origin header; absent = not a browser's cross-origin call) may use the app. */
export function originAllowed(allowedOrigins: readonly string[], origin: string | undefined | null): boolean {
  if (origin === undefined || origin === null || origin === '') return true;
  const normalized = normalizeOrigin(origin);
  return normalized !== null && allowedOrigins.includes(normalized);
}
