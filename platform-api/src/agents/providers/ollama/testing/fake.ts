// Test code only: a fake Ollama server. POST /api/chat (one JSON answer when
// stream is false, else NDJSON lines ending with done: true) and GET
// /api/tags, usage in Ollama's own prompt_eval_count/eval_count. Ollama has
// no keys; unknown routes get its plain 404 "404 page not found".
import type http from 'node:http';
import { DEFAULT_FAKE_MODELS, DEFAULT_FAKE_REPLY, sendJson, startFakeServer, type FakeCall, type FakeProvider, type FakeProviderOptions } from '../../testing/fakeServer.js';

export function startFakeOllama(options: Omit<FakeProviderOptions, 'apiKey' | 'echoKey'> = {}): Promise<FakeProvider> {
  const reply = options.reply ?? DEFAULT_FAKE_REPLY;
  const models = options.models ?? DEFAULT_FAKE_MODELS;
  // Ollama's base URL is the server's root (the adapter adds /api).
  return startFakeServer('', (call: FakeCall, res: http.ServerResponse) => {
    if (call.method === 'GET' && call.path === '/api/tags') {
      return sendJson(res, 200, {
        models: models.map((name) => ({
          name,
          model: name,
          modified_at: '2025-01-01T00:00:00Z',
          size: 2_019_393_189,
          digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
          details: { format: 'gguf', family: 'llama', parameter_size: '3.2B', quantization_level: 'Q4_K_M' },
        })),
      });
    }
    if (call.method !== 'POST' || call.path !== '/api/chat') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('404 page not found');
      return;
    }
    const body = (call.body ?? {}) as { model?: unknown; messages?: unknown; stream?: unknown };
    if (typeof body.model !== 'string' || body.model === '') return sendJson(res, 400, { error: 'model is required' });
    if (!models.includes(body.model)) return sendJson(res, 404, { error: `model "${body.model}" not found, try pulling it first` });
    const createdAt = new Date().toISOString();
    const final = {
      model: body.model,
      created_at: createdAt,
      message: { role: 'assistant', content: reply.text },
      done: true,
      done_reason: 'stop',
      total_duration: 1_000_000,
      load_duration: 100_000,
      prompt_eval_count: reply.inputTokens,
      prompt_eval_duration: 200_000,
      eval_count: reply.outputTokens,
      eval_duration: 700_000,
    };
    if (body.stream === false) return sendJson(res, 200, final);
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    res.write(`${JSON.stringify({ model: body.model, created_at: createdAt, message: { role: 'assistant', content: reply.text }, done: false })}\n`);
    res.end(`${JSON.stringify({ ...final, message: { role: 'assistant', content: '' } })}\n`);
  });
}
