// An agent's answer streamed as the model writes it (a chat run): streamText
// instead of generateText, each text piece, tool call and tool result handed
// to the sink as it happens. A tool whose result carries `citations` (the
// knowledge tool's passages) has them sent as citation events. What the
// caller gets back is what generateText would have told it.
import { streamText } from 'ai';

export interface AgentToolEvent {
  id: string;
  name: string;
  status: 'running' | 'done' | 'failed';
}

/** Where a streaming agent's events go (the run stream bus; runs/streams). Never throws. */
export interface AgentStreamSink {
  text(delta: string): void;
  tool(event: AgentToolEvent): void;
  /** A citation a tool returned (its shape is the knowledge tool's Citation). */
  citation(citation: unknown): void;
}

type StreamArgs = Parameters<typeof streamText>[0];

export interface StreamedAnswer {
  text: string;
  finishReason: string;
  toolCallCount: number;
}

/** The citations a tool result carries: an object with a `citations` array (or a list of passages each with a `citation`). */
function citationsOf(output: unknown): unknown[] {
  if (typeof output !== 'object' || output === null) return [];
  const direct = (output as { citations?: unknown }).citations;
  if (Array.isArray(direct)) return direct;
  const passages = (output as { passages?: unknown }).passages;
  if (Array.isArray(passages)) return passages.map((p) => (typeof p === 'object' && p !== null ? (p as { citation?: unknown }).citation : undefined)).filter((c) => c !== undefined);
  return [];
}

export async function streamAnswer(args: StreamArgs, sink: AgentStreamSink, signal: AbortSignal): Promise<StreamedAnswer> {
  // The SDK logs stream errors to the console by default; here they are thrown to the engine (which records and redacts), never logged raw.
  const result = streamText({ ...args, onError: () => undefined });
  for await (const part of result.fullStream) {
    switch (part.type) {
      case 'text-delta':
        if (part.text !== '') sink.text(part.text);
        break;
      case 'tool-call':
        sink.tool({ id: part.toolCallId, name: part.toolName, status: 'running' });
        break;
      case 'tool-result':
        sink.tool({ id: part.toolCallId, name: part.toolName, status: 'done' });
        for (const citation of citationsOf(part.output)) sink.citation(citation);
        break;
      case 'tool-error':
        sink.tool({ id: part.toolCallId, name: part.toolName, status: 'failed' });
        break;
      case 'error':
        throw part.error;
      case 'abort':
        throw signal.reason ?? new Error('The agent was stopped');
      default:
        break;
    }
  }
  const [text, finishReason, toolCalls] = await Promise.all([result.text, result.finishReason, result.toolCalls]);
  return { text, finishReason, toolCallCount: toolCalls.length };
}
