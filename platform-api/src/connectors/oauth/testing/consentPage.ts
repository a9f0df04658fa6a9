// The fake authorization server's pages (test code): the consent screen a
// browser test clicks through (buttons #allow and #deny post the decision
// back) and the error page shown when the request cannot be sent back to the
// client (unknown client or redirect URI, as RFC 6749 §4.1.2.1 asks).
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export function consentPage(options: { provider: string; appName: string; account: string; scopes: readonly string[]; requestId: string }): string {
  const scopes = options.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in with ${escapeHtml(options.provider)}</title></head>
<body>
<main>
<h1>${escapeHtml(options.appName)} wants to access your account</h1>
<p>Signed in to ${escapeHtml(options.provider)} as <strong id="account">${escapeHtml(options.account)}</strong>.</p>
<p>${escapeHtml(options.appName)} will be able to:</p>
<ul id="scopes">${scopes}</ul>
<form method="post" action="/authorize/decision">
<input type="hidden" name="request" value="${escapeHtml(options.requestId)}">
<button type="submit" id="deny" name="decision" value="deny">Deny</button>
<button type="submit" id="allow" name="decision" value="allow">Allow</button>
</form>
</main>
</body>
</html>`;
}

export function errorPage(provider: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(provider)}: error</title></head>
<body><main><h1>Authorization error</h1><p id="error">${escapeHtml(message)}</p></main></body>
</html>`;
}
