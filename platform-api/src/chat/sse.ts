// The answer's event stream to a visitor (SSE, EventSource-friendly): the
// run's events as its agent streams them (runs/streams), then `done` with the
// answer as stored (or `error` with its code), whichever process stored it:
// the end is read from the message document, not from the run stream, so a
// stream opened late or on another instance still ends right. `done` carries
// the whole text: a client shows it in place of the pieces it got.
import type { Request, Response } from 'express';
import { CHAT_ERROR_CODES, type ChatMessage, type ChatStreamEvent } from '@agentflow/shared/chat';
import type { RunStreamBus } from '../runs/streams/port.js';
import type { ChatStore } from './store.js';

export const SSE_HEARTBEAT_MS = 15_000;

export interface AnswerStreamDeps {
  store: ChatStore;
  streams: RunStreamBus;
  heartbeatMs: number;
  /** Registers the stream's stop, so the module's close() ends every open stream. */
  register: (stop: () => void) => () => void;
}

const finalEvent = (message: ChatMessage): ChatStreamEvent =>
  message.status === 'done'
    ? { type: 'done', messageId: message.id, text: message.text }
    : { type: 'error', messageId: message.id, code: message.errorCode ?? CHAT_ERROR_CODES.answerFailed, message: 'The assistant could not answer this message' };

export function streamAnswerEvents(req: Request, res: Response, conversationId: string, message: ChatMessage, deps: AnswerStreamDeps): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  // Proxies (nginx) must not hold the tokens back.
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  const send = (event: ChatStreamEvent) => res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);

  if (message.status !== 'streaming') {
    send(finalEvent(message));
    res.end();
    return;
  }
  let open = true;
  const stops: (() => void)[] = [];
  const stop = () => {
    if (!open) return;
    open = false;
    for (const each of stops.splice(0)) each();
    if (!res.writableEnded) res.end();
  };
  const unregister = deps.register(stop);
  stops.push(unregister);
  if (message.runId) {
    stops.push(
      deps.streams.subscribe(message.runId, (event) => {
        if (open && event.type !== 'end') send(event);
      }),
    );
  }
  stops.push(
    deps.store.watchMessage(
      conversationId,
      message.id,
      (current) => {
        if (!open || !current || current.status === 'streaming') return;
        send(finalEvent(current));
        stop();
      },
      () => stop(),
    ),
  );
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), deps.heartbeatMs);
  stops.push(() => clearInterval(heartbeat));
  req.on('close', stop);
}
