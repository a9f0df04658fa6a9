// Test code only: a fake Anthropic API. POST /v1/messages and GET /v1/models
// (paged: `limit`, `after_id`, has_more/last_id), both requiring x-api-key and
// anthropic-version, answering as the real API does: 401
// authentication_error for a wrong key, 400 without the version header,
// usage as input_tokens/output_tokens.
import type http from 'node:http';
import { DEFAULT_FAKE_MODELS, DEFAULT_FAKE_REPLY, sendJson, startFakeServer, type FakeCall, type FakeProvider, type FakeProviderOptions } from '../../testing/fakeServer.js';

const REQUEST_ID = 'req_011CfakeAnthropic';

function anthropicError(res: http.ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { type: 'error', error: { type, message }, request_id: REQUEST_ID }, { 'request-id': REQUEST_ID });
}

export function startFakeAnthropic(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  const reply = options.reply ?? DEFAULT_FAKE_REPLY;
  const models = options.models ?? DEFAULT_FAKE_MODELS;
  let sequence = 0;
  return startFakeServer('/v1', (call: FakeCall, res: http.ServerResponse) => {
    const key = call.headers['x-api-key'];
    const presented = typeof key === 'string' ? key : null;
    if (options.apiKey !== undefined && presented !== options.apiKey) {
      const message = presented === null ? 'x-api-key header is required' : options.echoKey ? `invalid x-api-key: ${presented}` : 'invalid x-api-key';
      return anthropicError(res, 401, 'authentication_error', message);
    }
    if (call.headers['anthropic-version'] === undefined) return anthropicError(res, 400, 'invalid_request_error', 'anthropic-version: header is required');
    if (call.method === 'GET' && call.path === '/v1/models') {
      const limit = Number(call.query.get('limit') ?? '20');
      const afterId = call.query.get('after_id');
      const start = afterId === null ? 0 : models.indexOf(afterId) + 1;
      const page = models.slice(start, start + limit);
      return sendJson(res, 200, {
        data: page.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' })),
        has_more: start + limit < models.length,
        first_id: page[0] ?? null,
        last_id: page[page.length - 1] ?? null,
      });
    }
    if (call.method !== 'POST' || call.path !== '/v1/messages') return anthropicError(res, 404, 'not_found_error', 'Not found');
    const body = (call.body ?? {}) as { model?: unknown; max_tokens?: unknown; messages?: unknown };
    if (typeof body.model !== 'string') return anthropicError(res, 400, 'invalid_request_error', 'model: Field required');
    if (typeof body.max_tokens !== 'number') return anthropicError(res, 400, 'invalid_request_error', 'max_tokens: Field required');
    if (!Array.isArray(body.messages)) return anthropicError(res, 400, 'invalid_request_error', 'messages: Field required');
    sendJson(res, 200, {
      id: `msg_01fake${++sequence}`,
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [{ type: 'text', text: reply.text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: reply.inputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: reply.outputTokens },
    });
  });
}
