// Test code only: a fake Gemini API (generativelanguage.googleapis.com).
// POST /v1beta/models/{model}:generateContent and GET /v1beta/models (paged
// with pageSize/pageToken, each model with its supportedGenerationMethods),
// keyed by x-goog-api-key. A wrong key gets Gemini's real answer: 400
// INVALID_ARGUMENT with reason API_KEY_INVALID; a missing one 403.
import type http from 'node:http';
import { DEFAULT_FAKE_MODELS, DEFAULT_FAKE_REPLY, sendJson, startFakeServer, type FakeCall, type FakeProvider, type FakeProviderOptions } from '../../testing/fakeServer.js';

/** Listed but unable to generate content: the adapter must leave it out. */
export const GOOGLE_EMBEDDING_MODEL = 'text-embedding-004';

function googleError(res: http.ServerResponse, code: number, status: string, message: string, reason?: string): void {
  const details = reason
    ? [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } }]
    : undefined;
  sendJson(res, code, { error: { code, message, status, ...(details ? { details } : {}) } });
}

export function startFakeGoogle(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  const reply = options.reply ?? DEFAULT_FAKE_REPLY;
  const models = [...(options.models ?? DEFAULT_FAKE_MODELS), GOOGLE_EMBEDDING_MODEL];
  return startFakeServer('/v1beta', (call: FakeCall, res: http.ServerResponse) => {
    const key = call.headers['x-goog-api-key'];
    const presented = typeof key === 'string' ? key : (call.query.get('key') ?? null);
    if (options.apiKey !== undefined && presented === null) {
      return googleError(res, 403, 'PERMISSION_DENIED', "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.");
    }
    if (options.apiKey !== undefined && presented !== options.apiKey) {
      return googleError(res, 400, 'INVALID_ARGUMENT', options.echoKey ? `API key not valid: ${presented}. Please pass a valid API key.` : 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID');
    }
    if (call.method === 'GET' && call.path === '/v1beta/models') {
      const size = Number(call.query.get('pageSize') ?? '50');
      const start = Number(call.query.get('pageToken') ?? '0');
      const page = models.slice(start, start + size);
      return sendJson(res, 200, {
        models: page.map((id) => ({
          name: `models/${id}`,
          version: '001',
          displayName: id,
          supportedGenerationMethods: id === GOOGLE_EMBEDDING_MODEL ? ['embedContent'] : ['generateContent', 'countTokens'],
        })),
        ...(start + size < models.length ? { nextPageToken: String(start + size) } : {}),
      });
    }
    const generate = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(call.path);
    if (call.method !== 'POST' || !generate) return googleError(res, 404, 'NOT_FOUND', `Method not found: ${call.method} ${call.path}`);
    const body = (call.body ?? {}) as { contents?: unknown };
    if (!Array.isArray(body.contents) || body.contents.length === 0) return googleError(res, 400, 'INVALID_ARGUMENT', '* GenerateContentRequest.contents: contents is not specified');
    sendJson(res, 200, {
      candidates: [{ content: { parts: [{ text: reply.text }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: reply.inputTokens, candidatesTokenCount: reply.outputTokens, totalTokenCount: reply.inputTokens + reply.outputTokens },
      modelVersion: decodeURIComponent(generate[1]!),
      responseId: 'fake-response-1',
    });
  });
}
