// A fake language-model server for tests (test code: never imported by the
// service). A real node:http server speaking the OpenAI chat-completions wire
// format (POST /v1/chat/completions, JSON or `stream: true` server-sent
// events; GET /v1/models) and Ollama's (POST /api/chat, JSON or NDJSON), so
// the unchanged @ai-sdk/openai-compatible and ollama-ai-provider-v2 providers
// talk to it. Replies are scripted by matching the system prompt, the last
// user message, the model or whether tool results came back, so a
// multi-agent workflow gets deterministic answers; every request is logged
// with the usage the fake reported, so tests can compare token debits.
import { platformTokensFor } from '@agentflow/shared/domain';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeToolCall {
  name: string;
  /** Serialised as the JSON arguments string the wire format carries. */
  arguments: unknown;
  id?: string;
}

export interface FakeReply {
  /** Assistant text. */
  text?: string;
  /** Content as JSON (structured output): serialised into the message content. */
  json?: unknown;
  toolCalls?: FakeToolCall[];
  /** Overrides the computed usage. total = prompt + completion. */
  usage?: { prompt: number; completion: number };
  /** A scripted failure: the HTTP status and the error body of the wire format. */
  error?: { status: number; message?: string; type?: string; code?: string; retryAfterSeconds?: number };
  /** Wait before answering (for timeouts and cancellation). */
  delayMs?: number;
  /** A streamed answer (OpenAI wire format): wait this long before each piece of text, so a client can be seen receiving it piece by piece. */
  pieceDelayMs?: number;
  /** The OpenAI finish_reason; default 'tool_calls' with tool calls, else 'stop'. */
  finishReason?: string;
}

export interface FakeMatch {
  /** Substring of (or pattern for) the system prompt. */
  system?: string | RegExp;
  /** Substring of (or pattern for) the last user message. */
  user?: string | RegExp;
  model?: string | RegExp;
  /** True: only once a tool result is the last message; false: only before. */
  afterToolResults?: boolean;
  /** Substring of (or pattern for) the newest tool result. */
  toolResult?: string | RegExp;
  /** The names of tools the request offers must include this one. */
  offersTool?: string;
}

export interface FakeRule {
  match?: FakeMatch;
  reply: FakeReply | ((request: FakeRequest) => FakeReply);
  /** Use this rule at most this many times (then the next matching rule answers). */
  times?: number;
}

export interface FakeMessage {
  role: string;
  content: string;
  toolCalls?: { id: string; name: string; arguments: string }[];
  toolCallId?: string;
}

export interface FakeRequest {
  protocol: 'openai' | 'ollama';
  path: string;
  model: string;
  stream: boolean;
  system: string;
  lastUser: string;
  messages: FakeMessage[];
  tools: string[];
  /** The tools as the request sent them (name, description, JSON schema of the parameters). */
  toolDefinitions: { name: string; description: string; parameters: unknown }[];
  /** Tool results since the last assistant message, oldest first. */
  toolResults: string[];
  /** response_format (OpenAI) or format (Ollama), when set. */
  responseFormat: unknown;
  authorization: string | null;
  body: unknown;
  /** Filled in when answered. */
  status: number;
  usage: { prompt: number; completion: number; total: number } | null;
  reply: FakeReply | null;
}

export interface FakeOpenAI {
  /** For AI_BASE_URL: http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  /** For OLLAMA_URL: http://127.0.0.1:PORT (the provider adds /api). */
  ollamaUrl: string;
  requests: FakeRequest[];
  /** Adds rules; the first matching rule with uses left answers. */
  script(...rules: FakeRule[]): FakeOpenAI;
  /** Forgets rules and the request log. */
  reset(): void;
  /** The provider tokens of every successful reply so far. */
  totalTokens(): number;
  /** What the ledger should have debited for those replies on the platform's provider: the domain's price table applied to each call. */
  platformTokens(): number;
  /** The same, call by call, in the order answered. */
  platformTokensPerCall(): number[];
  close(): Promise<void>;
}

export interface FakeOpenAIOptions {
  port?: number;
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  /** What GET /v1/models lists. */
  models?: string[];
  /**
   * The answer when no rule matches. Default: when the request asks for
   * structured output, a sample object that satisfies its JSON schema
   * (sampleFromSchema), so any workflow runs unscripted; otherwise text 'OK'.
   */
  defaultReply?: FakeReply | ((request: FakeRequest) => FakeReply);
}

const DEFAULT_MODELS = ['fake-model', 'fake-model-large'];

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const rules: { rule: FakeRule; used: number }[] = [];
  const requests: FakeRequest[] = [];
  let sequence = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: { message: `fake server error: ${String(error)}`, type: 'server_error', param: null, code: null } });
        else res.destroy();
      });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname.replace(/\/+$/, '');
    const authorization = req.headers.authorization ?? null;
    if (req.method === 'GET' && path === '/v1/models') {
      if (!authorized(authorization)) return sendJson(res, 401, openAIError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
      const created = Math.floor(Date.now() / 1000);
      return sendJson(res, 200, { object: 'list', data: (options.models ?? DEFAULT_MODELS).map((id) => ({ id, object: 'model', created, owned_by: 'fake' })) });
    }
    if (req.method === 'GET' && path === '/api/tags') {
      return sendJson(res, 200, { models: (options.models ?? DEFAULT_MODELS).map((name) => ({ name, model: name })) });
    }
    const protocol = req.method === 'POST' && path === '/v1/chat/completions' ? 'openai' : req.method === 'POST' && path === '/api/chat' ? 'ollama' : null;
    if (protocol === null) return sendJson(res, 404, openAIError(`Unknown route ${req.method} ${path}`, 'invalid_request_error', 'not_found'));

    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, openAIError('We could not parse the JSON body of your request.', 'invalid_request_error', null));
    }
    const request = normalise(protocol, path, body, authorization);
    requests.push(request);
    if (protocol === 'openai' && !authorized(authorization)) {
      request.status = 401;
      return sendJson(res, 401, openAIError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
    }
    if (typeof body.model !== 'string' || !Array.isArray(body.messages)) {
      request.status = 400;
      const message = typeof body.model !== 'string' ? 'you must provide a model parameter' : "Missing required parameter: 'messages'.";
      return protocol === 'openai' ? sendJson(res, 400, openAIError(message, 'invalid_request_error', null)) : sendJson(res, 400, { error: message });
    }

    const reply = pickReply(request);
    request.reply = reply;
    if (reply.delayMs) {
      const closed = await delayUnlessClosed(reply.delayMs, res);
      if (closed) {
        request.status = 499;
        return;
      }
    }
    if (reply.error) {
      request.status = reply.error.status;
      const headers: Record<string, string> = reply.error.retryAfterSeconds !== undefined ? { 'retry-after': String(reply.error.retryAfterSeconds) } : {};
      const message = reply.error.message ?? (reply.error.status === 429 ? 'Rate limit reached for requests' : 'The server had an error while processing your request.');
      if (protocol === 'ollama') return sendJson(res, reply.error.status, { error: message }, headers);
      const type = reply.error.type ?? (reply.error.status === 429 ? 'requests' : reply.error.status >= 500 ? 'server_error' : 'invalid_request_error');
      return sendJson(res, reply.error.status, openAIError(message, type, reply.error.code ?? null), headers);
    }

    const content = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? (reply.toolCalls?.length ? '' : 'OK'));
    const toolCalls = (reply.toolCalls ?? []).map((call) => ({
      id: call.id ?? `call_${++sequence}`,
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
    }));
    const usage = reply.usage ?? estimateUsage(request, content, toolCalls);
    request.usage = { prompt: usage.prompt, completion: usage.completion, total: usage.prompt + usage.completion };
    request.status = 200;
    const finishReason = reply.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop');
    const id = `chatcmpl-fake${++sequence}`;
    const created = Math.floor(Date.now() / 1000);

    if (protocol === 'ollama') return answerOllama(res, request, content, toolCalls, usage, finishReason);
    if (request.stream) return answerOpenAIStream(res, body, request, id, created, content, toolCalls, usage, finishReason, reply.pieceDelayMs ?? 0);
    return sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model: request.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: content === '' && toolCalls.length > 0 ? null : content,
            ...(toolCalls.length > 0 ? { tool_calls: toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
          },
          finish_reason: finishReason,
        },
      ],
      usage: { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion },
    });
  }

  function authorized(authorization: string | null): boolean {
    return options.apiKey === undefined || authorization === `Bearer ${options.apiKey}`;
  }

  function pickReply(request: FakeRequest): FakeReply {
    for (const entry of rules) {
      if (entry.rule.times !== undefined && entry.used >= entry.rule.times) continue;
      if (!matches(entry.rule.match ?? {}, request)) continue;
      entry.used++;
      return typeof entry.rule.reply === 'function' ? entry.rule.reply(request) : entry.rule.reply;
    }
    const fallback = options.defaultReply ?? defaultReply;
    return typeof fallback === 'function' ? fallback(request) : fallback;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const fake: FakeOpenAI = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    ollamaUrl: `http://127.0.0.1:${port}`,
    requests,
    script(...added) {
      for (const rule of added) rules.push({ rule, used: 0 });
      return fake;
    },
    reset() {
      rules.length = 0;
      requests.length = 0;
    },
    totalTokens() {
      return requests.reduce((sum, r) => sum + (r.status === 200 && r.usage ? r.usage.total : 0), 0);
    },
    platformTokens() {
      return fake.platformTokensPerCall().reduce((sum, tokens) => sum + tokens, 0);
    },
    platformTokensPerCall() {
      return requests.filter((r) => r.status === 200 && r.usage).map((r) => platformTokensFor({ inputTokens: r.usage!.prompt, outputTokens: r.usage!.completion }, r.model));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

function defaultReply(request: FakeRequest): FakeReply {
  const schema = requestedSchema(request);
  return schema === undefined ? { text: 'OK' } : { json: sampleFromSchema(schema) };
}

/** The JSON schema a request asks the answer to follow: undefined for free text, null for any JSON. */
function requestedSchema(request: FakeRequest): unknown {
  const format = request.responseFormat as Record<string, unknown> | string | null;
  if (format === null) return undefined;
  if (format === 'json') return null;
  if (typeof format !== 'object') return undefined;
  if (format.type === 'json_schema') return ((format.json_schema ?? {}) as { schema?: unknown }).schema ?? null;
  if (format.type === 'json_object') return null;
  // Ollama sends the schema itself as `format`.
  return format;
}

/**
 * A deterministic value that satisfies a (simple) JSON schema: the first enum
 * value, the middle of a number range, one array item, every property.
 */
export function sampleFromSchema(schema: unknown, key = 'value'): unknown {
  if (schema === null || typeof schema !== 'object') return {};
  const s = schema as Record<string, unknown>;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  for (const alternatives of [s.anyOf, s.oneOf, s.allOf]) {
    if (Array.isArray(alternatives) && alternatives.length > 0) return sampleFromSchema(alternatives[0], key);
  }
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? s.type[0]) : s.type;
  switch (type) {
    case 'string':
      return s.format === 'date-time' ? '2030-01-01T09:00:00Z' : s.format === 'date' ? '2030-01-01' : s.format === 'email' ? 'someone@example.com' : `Sample ${key}`;
    case 'number':
    case 'integer': {
      const min = typeof s.minimum === 'number' ? s.minimum : null;
      const max = typeof s.maximum === 'number' ? s.maximum : null;
      const value = min !== null && max !== null ? (min + max) / 2 : (min ?? (max !== null ? Math.min(max, 1) : 1));
      return type === 'integer' ? Math.round(value) : value;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = Math.max(1, typeof s.minItems === 'number' ? s.minItems : 1);
      return Array.from({ length: count }, () => sampleFromSchema(s.items ?? { type: 'string' }, key));
    }
    default: {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, sampleFromSchema(property, name)]));
    }
  }
}

function matches(match: FakeMatch, request: FakeRequest): boolean {
  if (match.system !== undefined && !test(match.system, request.system)) return false;
  if (match.user !== undefined && !test(match.user, request.lastUser)) return false;
  if (match.model !== undefined && !test(match.model, request.model)) return false;
  const afterToolResults = request.messages.length > 0 && request.messages[request.messages.length - 1]!.role === 'tool';
  if (match.afterToolResults !== undefined && match.afterToolResults !== afterToolResults) return false;
  if (match.toolResult !== undefined && !test(match.toolResult, request.toolResults[request.toolResults.length - 1] ?? '')) return false;
  if (match.offersTool !== undefined && !request.tools.includes(match.offersTool)) return false;
  return true;
}

function test(pattern: string | RegExp, value: string): boolean {
  return typeof pattern === 'string' ? value.includes(pattern) : pattern.test(value);
}

/** Flattens either wire format's messages into one shape for matching and assertions. */
function normalise(protocol: 'openai' | 'ollama', path: string, body: Record<string, unknown>, authorization: string | null): FakeRequest {
  const rawMessages = Array.isArray(body.messages) ? (body.messages as Record<string, unknown>[]) : [];
  const messages: FakeMessage[] = rawMessages.map((m) => {
    const message: FakeMessage = { role: String(m.role ?? ''), content: contentText(m.content) };
    if (Array.isArray(m.tool_calls)) {
      message.toolCalls = (m.tool_calls as Record<string, unknown>[]).map((c) => {
        const fn = (c.function ?? {}) as Record<string, unknown>;
        return { id: String(c.id ?? ''), name: String(fn.name ?? ''), arguments: typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {}) };
      });
    }
    if (typeof m.tool_call_id === 'string') message.toolCallId = m.tool_call_id;
    return message;
  });
  const lastAssistant = messages.map((m) => m.role).lastIndexOf('assistant');
  const toolDefinitions = (Array.isArray(body.tools) ? (body.tools as Record<string, unknown>[]) : []).map((t) => {
    const fn = (t.function ?? {}) as Record<string, unknown>;
    return { name: String(fn.name ?? ''), description: String(fn.description ?? ''), parameters: fn.parameters };
  });
  return {
    protocol,
    path,
    model: typeof body.model === 'string' ? body.model : '',
    // OpenAI streams only when asked; Ollama streams unless told not to.
    stream: protocol === 'openai' ? body.stream === true : body.stream !== false,
    system: messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n'),
    lastUser: [...messages].reverse().find((m) => m.role === 'user')?.content ?? '',
    messages,
    tools: toolDefinitions.map((t) => t.name),
    toolDefinitions,
    toolResults: messages.slice(lastAssistant + 1).filter((m) => m.role === 'tool').map((m) => m.content),
    responseFormat: protocol === 'openai' ? (body.response_format ?? null) : (body.format ?? null),
    authorization,
    body,
    status: 0,
    usage: null,
    reply: null,
  };
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : ''))
      .join('');
  }
  return content == null ? '' : JSON.stringify(content);
}

/** Roughly four characters a token, like real tokenisers on English; deterministic. */
function estimateUsage(request: FakeRequest, content: string, toolCalls: { name: string; arguments: string }[]): { prompt: number; completion: number } {
  const promptChars = request.messages.reduce((sum, m) => sum + m.content.length + (m.toolCalls ?? []).reduce((s, c) => s + c.name.length + c.arguments.length, 0), 0);
  const toolChars = JSON.stringify(request.toolDefinitions).length;
  const completionChars = content.length + toolCalls.reduce((sum, c) => sum + c.name.length + c.arguments.length, 0);
  return { prompt: 8 + Math.ceil((promptChars + toolChars) / 4), completion: Math.max(1, Math.ceil(completionChars / 4)) };
}

function openAIError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Resolves true when the client went away first (a cancelled call). */
function delayUnlessClosed(ms: number, res: http.ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(false);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(true);
    };
    res.once('close', onClose);
  });
}

async function answerOpenAIStream(
  res: http.ServerResponse,
  body: Record<string, unknown>,
  request: FakeRequest,
  id: string,
  created: number,
  content: string,
  toolCalls: { id: string; name: string; arguments: string }[],
  usage: { prompt: number; completion: number },
  finishReason: string,
  pieceDelayMs: number,
): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    send({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [{ index: 0, delta, finish_reason: finish }] });
  chunk({ role: 'assistant', content: '' });
  // The text in a few pieces, as a real stream would deliver it.
  for (let i = 0; i < content.length; i += 16) {
    // The client went away while it waited: nothing more to send.
    if (pieceDelayMs > 0 && (await delayUnlessClosed(pieceDelayMs, res))) return;
    chunk({ content: content.slice(i, i + 16) });
  }
  toolCalls.forEach((call, index) => {
    chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] });
    chunk({ tool_calls: [{ index, function: { arguments: call.arguments } }] });
  });
  chunk({}, finishReason);
  const streamOptions = (body.stream_options ?? {}) as { include_usage?: unknown };
  if (streamOptions.include_usage === true) {
    send({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [], usage: { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion } });
  }
  res.end('data: [DONE]\n\n');
}

function answerOllama(
  res: http.ServerResponse,
  request: FakeRequest,
  content: string,
  toolCalls: { id: string; name: string; arguments: string }[],
  usage: { prompt: number; completion: number },
  finishReason: string,
): void {
  const createdAt = new Date().toISOString();
  const message = {
    role: 'assistant',
    content,
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls.map((c) => ({ id: c.id, function: { name: c.name, arguments: JSON.parse(c.arguments) as unknown } })) } : {}),
  };
  const doneReason = finishReason === 'length' ? 'length' : 'stop';
  const final = { model: request.model, created_at: createdAt, message, done: true, done_reason: doneReason, prompt_eval_count: usage.prompt, eval_count: usage.completion };
  if (!request.stream) return sendJson(res, 200, final);
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  if (content !== '') res.write(`${JSON.stringify({ model: request.model, created_at: createdAt, message: { role: 'assistant', content }, done: false })}\n`);
  res.end(`${JSON.stringify({ ...final, message: { ...message, content: '' } })}\n`);
}
