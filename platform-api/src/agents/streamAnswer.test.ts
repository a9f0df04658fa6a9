// streamAnswer (a chat run's agent): text pieces, tool calls and the
// citations a tool returns reach the sink as they happen, in order, and the
// caller gets the final text. The model is the AI SDK's own mock.
import { jsonSchema, simulateReadableStream, stepCountIs, tool, type LanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { streamAnswer, type AgentToolEvent } from './streamAnswer';

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } };
const stream = (parts: LanguageModelV3StreamPart[]) => ({ stream: simulateReadableStream({ chunks: parts }) });
const citation = { knowledgeBaseId: 'kb', sourceId: 's1', sourceName: 'Shipping terms.pdf', url: null, page: 3, headings: ['Delivery'] };

it('hands the sink each piece, the tool call and its citations as they happen, and returns the answer', async () => {
  const model = new MockLanguageModelV3({
    doStream: [
      stream([
        { type: 'stream-start', warnings: [] },
        { type: 'tool-call', toolCallId: 'call-1', toolName: 'search_knowledge', input: '{"query":"delivery time"}' },
        { type: 'finish', usage, finishReason: { unified: 'tool-calls', raw: 'tool_calls' } },
      ]),
      stream([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Two ' },
        { type: 'text-delta', id: 't', delta: 'working days [1].' },
        { type: 'text-end', id: 't' },
        { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
      ]),
    ],
  });
  const events: (string | AgentToolEvent | unknown)[] = [];
  const sink = { text: (t: string) => events.push(`text:${t}`), tool: (e: AgentToolEvent) => events.push(e), citation: (c: unknown) => events.push({ citation: c }) };
  const tools = {
    search_knowledge: tool({
      description: 'Search the knowledge base',
      inputSchema: jsonSchema<{ query: string }>({ type: 'object', properties: { query: { type: 'string' } }, required: ['query'] }),
      execute: async () => ({ passages: [{ text: 'Orders ship within two working days.', citation }] }),
    }),
  };
  const controller = new AbortController();
  const answer = await streamAnswer({ model: model as unknown as LanguageModel, prompt: 'How fast do you ship?', tools, stopWhen: stepCountIs(3), maxRetries: 0 }, sink, controller.signal);

  expect(answer).toEqual({ text: 'Two working days [1].', finishReason: 'stop', toolCallCount: 0 });
  expect(events).toEqual([
    { id: 'call-1', name: 'search_knowledge', status: 'running' },
    { id: 'call-1', name: 'search_knowledge', status: 'done' },
    { citation },
    'text:Two ',
    'text:working days [1].',
  ]);
});

it('throws what the stream failed with', async () => {
  const model = new MockLanguageModelV3({ doStream: stream([{ type: 'stream-start', warnings: [] }, { type: 'error', error: new Error('provider down') }]) });
  const sink = { text: () => undefined, tool: () => undefined, citation: () => undefined };
  await expect(streamAnswer({ model: model as unknown as LanguageModel, prompt: 'Hi', maxRetries: 0 }, sink, new AbortController().signal)).rejects.toThrow('provider down');
});
