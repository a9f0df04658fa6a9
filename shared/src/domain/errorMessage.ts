/**
 * An error's message for logs, tool answers and run records: by shape, not
 * instanceof (Node's own errors may come from another realm, such as Jest's
 * sandbox); String(error) when it has no message. Pure, so the run engine
 * (which loads no service kit) and the services share it.
 */
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : String(error);
}
