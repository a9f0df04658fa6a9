// How the chat tests talk to the public routes as a widget does (test code):
// CORS-simple requests (text/plain bodies holding JSON) from a page's origin,
// and the answer's event stream read as it arrives.
import type { ChatStreamEvent } from '@agentflow/shared/chat';

export interface VisitorAnswer {
  status: number;
  body: any;
  headers: Headers;
}

export async function visitorCall(baseUrl: string, method: 'GET' | 'POST', path: string, { origin, body }: { origin?: string; body?: unknown } = {}): Promise<VisitorAnswer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(origin ? { Origin: origin } : {}), ...(body !== undefined ? { 'Content-Type': 'text/plain' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the text shows in a failing assertion
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** The events of an SSE response as they arrive, each with the time it was read. */
export async function* sseEvents(response: Response): AsyncGenerator<{ event: ChatStreamEvent; at: number }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (data) yield { event: JSON.parse(data.slice('data: '.length)) as ChatStreamEvent, at: Date.now() };
    }
  }
}
