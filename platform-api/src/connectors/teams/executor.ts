// Microsoft Teams incoming webhooks: one POST of an Adaptive Card message to
// the URL the credential holds. That URL is the secret (it carries the
// webhook's key), so it never appears in an error: the credential is
// checked here before the request, and any error text that would quote it
// is rewritten. Teams answers 200 with the body "1" on success (a Workflows
// webhook: 202 and no body), 400 with a text for a bad payload, 429 when
// throttled; the older connector webhooks also answer 200 with an error
// text when delivery failed, which is read as the failure it is.
import { StepFailure } from '../../runs/steps.js';
import { ConnectorAuthError, ConnectorBusyError, ConnectorRequestError } from '../runtime/errors.js';
import type { ConnectorExecutor, OperationHandler } from '../runtime/types.js';

/** The Adaptive Card message Teams webhooks take: a bold title (if any) above the wrapped text. */
export function adaptiveCardMessage(text: string, title?: string) {
  const body = [...(title ? [{ type: 'TextBlock', text: title, weight: 'Bolder', size: 'Medium', wrap: true }] : []), { type: 'TextBlock', text, wrap: true }];
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: { $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.4', body },
      },
    ],
  };
}

/** The webhook URL of the credential, checked without ever quoting it. */
function webhookUrl(secret: string | undefined): URL {
  let url: URL;
  try {
    url = new URL(secret ?? '');
  } catch {
    throw new StepFailure('The Microsoft Teams credential’s webhook URL is not a web address: paste the URL Teams gave for the incoming webhook on the Credentials page');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new StepFailure('The Microsoft Teams credential’s webhook URL must start with https://: edit it on the Credentials page');
  return url;
}

/** The error's text without the URL or any part of it that identifies the webhook (path, query). */
function withoutUrl(error: unknown, url: URL): unknown {
  if (!(error instanceof Error)) return error;
  const parts = [url.toString(), url.href.replace(/\/$/, ''), `${url.pathname}${url.search}`, url.search.slice(1), url.pathname].filter((part) => part.length > 1);
  let message = error.message;
  for (const part of parts) message = message.split(part).join('[webhook URL]');
  if (message !== error.message) error.message = message;
  return error;
}

const postMessage: OperationHandler = async ({ http, credential, connector }, values) => {
  const url = webhookUrl(credential?.secrets.webhookUrl);
  try {
    const response = await http.request({ method: 'POST', path: url.toString(), json: adaptiveCardMessage(values.text as string, values.title as string | undefined) });
    const answer = typeof response.data === 'string' ? response.data.trim() : response.data === null ? '' : JSON.stringify(response.data);
    if (response.status === 200 && answer !== '1' && answer !== '') {
      // An older connector webhook reports a failed delivery with HTTP 200 and a text naming Teams' own status.
      const detail = answer.slice(0, 300);
      if (/\b429\b/.test(answer)) throw new ConnectorBusyError(connector.name, 429, detail);
      throw new ConnectorRequestError(connector.name, response.status, detail);
    }
    return { delivered: true };
  } catch (error) {
    // A webhook removed from its channel (or a mistyped URL) is not found: only a new URL helps.
    if (error instanceof ConnectorRequestError && (error.status === 404 || error.status === 410)) throw new ConnectorAuthError(connector.name, 'the webhook was removed from its channel or its URL is wrong');
    throw withoutUrl(error, url);
  }
};

export const teamsExecutor: ConnectorExecutor = {
  id: 'teams',
  // The URL itself is the credential: nothing to add to the request.
  auth: () => ({}),
  operations: { postMessage },
};
