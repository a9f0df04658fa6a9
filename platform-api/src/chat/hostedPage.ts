// The visitors' side of chat apps that is not an API: the widget script
// (GET /widget.js, built from chat-widget/) that any website embeds, and the
// hosted chat page (GET /chat/:appId) that runs the same script full-page.
// Neither reads the app: the script asks the public chat API, which checks
// the app, its status and the page's origin on every call.
import { Router } from 'express';
import helmet from 'helmet';
import { CHAT_PAGES, type VisitorSignInConfig } from '@agentflow/shared/chat';
import { HttpError, isDocumentId } from '@agentflow/shared/server';


export interface HostedChatOptions {
  /**
   * chat-widget/dist/widget.js (server.ts). null: this app serves no widget (an app built without it, as in
   * tests), and /widget.js is not found (404: a client asking for it is no server fault); a path whose file is
   * missing is a deployment that was not built: 503 saying so.
   */
  widgetScript: string | null;
  /**
   * Where the hosted page signs visitors in when an app requires it (visitorSignInConfig; the platform's
   * Firebase Auth). null: the page cannot sign anyone in and says sign-in is required.
   */
  signIn?: VisitorSignInConfig | null;
}

/** Attribute text: the values are checked already (visitorSignInConfig), this only keeps markup out. */
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The hosted page: a blank page running widget.js in page mode (it sets the title and language), told where visitors sign in. */
export function hostedChatHtml(appId: string, signIn: VisitorSignInConfig | null = null): string {
  const auth = signIn ? ` data-auth-url="${attribute(signIn.authUrl)}" data-auth-key="${attribute(signIn.apiKey)}"` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>Chat</title>
<style>html,body{margin:0;min-height:100%;background:#f3f4f6}</style>
</head>
<body>
<noscript>This chat needs JavaScript.</noscript>
<script src="${CHAT_PAGES.widgetScript}" data-app="${appId}" data-mode="page"${auth}></script>
</body>
</html>
`;
}

export function hostedChatRouter(options: HostedChatOptions): Router {
  const router = Router();
  const signIn = options.signIn ?? null;
  // The page may also talk to Firebase Auth's REST API (to sign a visitor in); everything else as helmet's default.
  const pagePolicy = helmet.contentSecurityPolicy({
    directives: { ...helmet.contentSecurityPolicy.getDefaultDirectives(), 'connect-src': ["'self'", ...(signIn ? [new URL(signIn.authUrl).origin] : [])] },
  });
  router.get(CHAT_PAGES.widgetScript, (_req, res, next) => {
    if (!options.widgetScript) return next(new HttpError(404, 'This server does not serve the chat widget'));
    res.sendFile(
      options.widgetScript,
      {
        maxAge: '5m',
        headers: {
          'Content-Type': 'text/javascript; charset=utf-8',
          // Helmet's same-origin default would stop every other website's <script src>.
          'Cross-Origin-Resource-Policy': 'cross-origin',
        },
      },
      (error?: Error & { status?: number }) => {
        if (error && !res.headersSent) next(error.status === 404 ? new HttpError(503, 'The chat widget is not built (npm run build)') : error);
      },
    );
  });
  // CHAT_PAGES.hosted(appId)'s route.
  router.get('/chat/:appId', pagePolicy, (req, res, next) => {
    const { appId } = req.params;
    // A document id has no character HTML would need escaped in an attribute.
    if (!isDocumentId(appId)) return next(new HttpError(404, 'No such chat'));
    res.type('html').setHeader('Cache-Control', 'no-cache');
    res.send(hostedChatHtml(appId, signIn));
  });
  return router;
}
