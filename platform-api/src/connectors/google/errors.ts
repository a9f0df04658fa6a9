// What Google's APIs say when they refuse a request, for the plain-words
// step error. Every Google REST API answers errors the same way:
// {"error": {"code": 400, "message": "Unable to parse range: Leads!1:1", "status": "INVALID_ARGUMENT", "errors": [...]}}
// https://cloud.google.com/apis/design/errors#http_mapping
// (the OAuth token endpoint's {"error": "invalid_grant", "error_description": …} is read too).
export function googleErrorMessage(_status: number, body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const error = (body as { error?: unknown; error_description?: unknown }).error;
  if (error !== null && typeof error === 'object') {
    const message = (error as { message?: unknown }).message;
    return typeof message === 'string' && message.trim() !== '' ? message.trim() : null;
  }
  const description = (body as { error_description?: unknown }).error_description;
  if (typeof description === 'string' && description.trim() !== '') return description.trim();
  return typeof error === 'string' ? error : null;
}
