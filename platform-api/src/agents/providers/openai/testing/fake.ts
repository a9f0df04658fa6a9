// Test code only: a fake OpenAI API speaking the real wire format, POST
// {prefix}/chat/completions (JSON, or server-sent events with the usage chunk
// when stream_options.include_usage is set) and GET {prefix}/models, keyed by
// `Authorization: Bearer`. Mistral, Groq and OpenAI-compatible servers speak
// the same shape at their own paths with their own "bad key" bodies, so
// their fakes are this one with another flavour.
import type http from 'node:http';
import { DEFAULT_FAKE_MODELS, DEFAULT_FAKE_REPLY, bearer, sendJson, startFakeServer, type FakeCall, type FakeProvider, type FakeProviderOptions } from '../../testing/fakeServer.js';

export interface OpenAIShapedFlavour {
  /** Where the API lives under the server's origin ('/v1', '/openai/v1'). */
  prefix: string;
  /** The provider's real body for a wrong key (status 401); `presented` is the key that was sent. */
  unauthorized(presented: string | null, echoKey: boolean): unknown;
  /** Extra fields the provider adds to a completion (Groq's x_groq…). */
  completionExtras?: Record<string, unknown>;
  /** Extra fields of one model-list entry (Mistral's capabilities…). */
  modelExtras?: (id: string) => Record<string, unknown>;
}

export const OPENAI_FLAVOUR: OpenAIShapedFlavour = {
  prefix: '/v1',
  // OpenAI's own answer shows the key's first and last characters; echoKey shows it whole.
  unauthorized: (presented, echoKey) => ({
    error: {
      message: presented === null ? "You didn't provide an API key." : `Incorrect API key provided: ${echoKey ? presented : mask(presented)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
      type: 'invalid_request_error',
      param: null,
      code: presented === null ? null : 'invalid_api_key',
    },
  }),
};

function mask(key: string): string {
  return key.length > 12 ? `${key.slice(0, 8)}*****${key.slice(-4)}` : '*****';
}

export function startFakeOpenAIShaped(flavour: OpenAIShapedFlavour, options: FakeProviderOptions = {}): Promise<FakeProvider> {
  const reply = options.reply ?? DEFAULT_FAKE_REPLY;
  let sequence = 0;
  return startFakeServer(flavour.prefix, (call: FakeCall, res: http.ServerResponse) => {
    const presented = bearer(call.headers);
    if (options.apiKey !== undefined && presented !== options.apiKey) return sendJson(res, 401, flavour.unauthorized(presented, options.echoKey ?? false));
    if (call.method === 'GET' && call.path === `${flavour.prefix}/models`) {
      const created = 1_700_000_000;
      return sendJson(res, 200, { object: 'list', data: (options.models ?? DEFAULT_FAKE_MODELS).map((id) => ({ id, object: 'model', created, owned_by: 'fake', ...(flavour.modelExtras?.(id) ?? {}) })) });
    }
    if (call.method === 'POST' && call.path === `${flavour.prefix}/embeddings`) return sendEmbeddings(call, res);
    if (call.method !== 'POST' || call.path !== `${flavour.prefix}/chat/completions`) {
      return sendJson(res, 404, { error: { message: `Invalid URL (${call.method} ${call.path})`, type: 'invalid_request_error', param: null, code: null } });
    }
    const body = (call.body ?? {}) as { model?: unknown; messages?: unknown; stream?: unknown; stream_options?: { include_usage?: unknown } };
    if (typeof body.model !== 'string' || !Array.isArray(body.messages)) {
      return sendJson(res, 400, { error: { message: 'you must provide a model parameter', type: 'invalid_request_error', param: null, code: null } });
    }
    const id = `chatcmpl-fake${++sequence}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = { prompt_tokens: reply.inputTokens, completion_tokens: reply.outputTokens, total_tokens: reply.inputTokens + reply.outputTokens };
    if (body.stream === true) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
      const chunk = (delta: Record<string, unknown>, finish: string | null) =>
        send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] });
      chunk({ role: 'assistant', content: '' }, null);
      for (let i = 0; i < reply.text.length; i += 8) chunk({ content: reply.text.slice(i, i + 8) }, null);
      chunk({}, 'stop');
      if (body.stream_options?.include_usage === true) send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage });
      res.end('data: [DONE]\n\n');
      return;
    }
    sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: reply.text }, logprobs: null, finish_reason: 'stop' }],
      usage,
      ...(flavour.completionExtras ?? {}),
    });
  });
}

/** The vector length the fake embeds with (one of the knowledge bases' indexed lengths). */
export const FAKE_EMBEDDING_DIMENSIONS = 384;

/**
 * A text's fake embedding: a hashed bag of its words, so texts sharing words
 * point the same way and the nearest passage is the one about the question.
 */
export function fakeEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []) {
    let hash = 7;
    for (const char of word) hash = (hash * 31 + char.codePointAt(0)!) % 2_147_483_647;
    vector[hash % dimensions]! += 1;
  }
  return vector;
}

/** Tokens the fake counts for a text: its words (a stand-in for the provider's tokenizer). */
export const fakeTokenCount = (text: string): number => (text.match(/\S+/g) ?? []).length;

/** POST /embeddings: {input: string | string[], model, encoding_format?} → OpenAI's list of embeddings with usage. */
function sendEmbeddings(call: FakeCall, res: http.ServerResponse): void {
  const body = (call.body ?? {}) as { model?: unknown; input?: unknown; encoding_format?: unknown };
  const inputs = typeof body.input === 'string' ? [body.input] : body.input;
  if (typeof body.model !== 'string' || !Array.isArray(inputs) || !inputs.every((input) => typeof input === 'string')) {
    return sendJson(res, 400, { error: { message: "'input' must be a string or an array of strings", type: 'invalid_request_error', param: 'input', code: null } });
  }
  const tokens = (inputs as string[]).reduce((sum, input) => sum + fakeTokenCount(input), 0);
  sendJson(res, 200, {
    object: 'list',
    data: (inputs as string[]).map((input, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(input) })),
    model: body.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

/** A fake OpenAI: baseUrl is http://127.0.0.1:PORT/v1. */
export function startFakeOpenAI(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  return startFakeOpenAIShaped(OPENAI_FLAVOUR, options);
}
