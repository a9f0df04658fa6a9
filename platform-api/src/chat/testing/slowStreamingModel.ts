// A fake OpenAI chat-completions server for the chat tests (test code): it
// streams its answer in the real SSE wire format (chat.completion.chunk
// events, usage last, then [DONE]) one piece at a time with a delay between
// pieces, and records when each stream began and finished, so a test can
// show the first token reached the visitor before the model finished.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlowStreamingModel {
  baseUrl: string;
  /** The pieces of the next answers (the same answer for every request). */
  pieces: string[];
  delayMs: number;
  /** When set, each stream stops after its first piece until it resolves (a test releases it once the first token arrived). */
  gate: Promise<void> | null;
  /** Holds the next streams after their first piece; call the returned function to let them go on. */
  hold: () => () => void;
  /** Streams the model finished (Date.now() when [DONE] was written), in order. */
  finishedAt: number[];
  /** Requests received (the last user message of each). */
  requests: { stream: boolean; lastUser: string }[];
  close: () => Promise<void>;
}

export async function startSlowStreamingModel(pieces: string[], delayMs: number): Promise<SlowStreamingModel> {
  const model: SlowStreamingModel = {
    baseUrl: '',
    pieces,
    delayMs,
    gate: null,
    hold: () => {
      let release: () => void = () => undefined;
      model.gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        model.gate = null;
        release();
      };
    },
    finishedAt: [],
    requests: [],
    close: async () => undefined,
  };
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(raw || '{}') as { model?: string; stream?: boolean; messages?: { role: string; content: unknown }[] };
        const users = (body.messages ?? []).filter((m) => m.role === 'user');
        const last = users.at(-1)?.content;
        model.requests.push({ stream: body.stream === true, lastUser: typeof last === 'string' ? last : JSON.stringify(last) });
        const id = `chatcmpl-${model.requests.length}`;
        const created = Math.floor(Date.now() / 1000);
        const text = model.pieces.join('');
        const usage = { prompt_tokens: 20, completion_tokens: model.pieces.length, total_tokens: 20 + model.pieces.length };
        if (body.stream !== true) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ id, object: 'chat.completion', created, model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage }));
          model.finishedAt.push(Date.now());
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
        const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
        const chunk = (delta: Record<string, unknown>, finish: string | null = null) => send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] });
        chunk({ role: 'assistant', content: '' });
        for (const [index, piece] of model.pieces.entries()) {
          if (res.destroyed) return;
          chunk({ content: piece });
          await new Promise((resolve) => setTimeout(resolve, model.delayMs));
          if (index === 0 && model.gate) await model.gate;
        }
        chunk({}, 'stop');
        send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage });
        res.end('data: [DONE]\n\n');
        model.finishedAt.push(Date.now());
      })();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  model.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  model.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return model;
}
