// The visitors' side of chat apps that is not an API: the widget script
// (GET /widget.js, built from chat-widget/) that any website embeds, and the
// hosted chat page (GET /chat/:appId) that runs the same script full-page.
// Neither reads the app: the script asks the public chat API, which checks
// the app, its status and the page's origin on every call.
import { Router } from 'express';
import { HttpError, isDocumentId } from '@agentflow/shared/server';

export const WIDGET_SCRIPT_PATH = '/widget.js';
export const hostedChatPath = (appId: string): string => `/chat/${encodeURIComponent(appId)}`;

export interface HostedChatOptions {
  /**
   * chat-widget/dist/widget.js (server.ts). null: this app serves no widget (an app built without it, as in
   * tests), and /widget.js is not found (404: a client asking for it is no server fault); a path whose file is
   * missing is a deployment that was not built: 503 saying so.
   */
  widgetScript: string | null;
}

/** The hosted page: a blank page running widget.js in page mode (it sets the title and language). */
export function hostedChatHtml(appId: string): string {
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
<script src="${WIDGET_SCRIPT_PATH}" data-app="${appId}" data-mode="page"></script>
</body>
</html>
`;
}

export function hostedChatRouter(options: HostedChatOptions): Router {
  const router = Router();
  router.get(WIDGET_SCRIPT_PATH, (_req, res, next) => {
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
  router.get('/chat/:appId', (req, res, next) => {
    const { appId } = req.params;
    // A document id has no character HTML would need escaped in an attribute.
    if (!isDocumentId(appId)) return next(new HttpError(404, 'No such chat'));
    res.type('html').setHeader('Cache-Control', 'no-cache');
    res.send(hostedChatHtml(appId));
  });
  return router;
}
