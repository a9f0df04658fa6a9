import { CHAT_LIMITS, DEFAULT_CHAT_MEMORY, type ChatTurn } from './model';
import { chatRunInput, summarizeTurns } from './memory';
import { normalizeOrigin, originAllowed } from './origins';
import { createChatAppSchema, openConversationSchema, sendMessageSchema, updateChatAppSchema } from './api';

const turns = (n: number): ChatTurn[] => Array.from({ length: n }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', text: `Turn ${i}. More detail about turn ${i}.` }));

describe('chat memory', () => {
  it('gives the run the last `window` turns whole and the older ones in a summary', () => {
    const input = chatRunInput('c1', turns(6), 'And the deposit?', { window: 4, summarize: true });
    expect(input.message).toBe('And the deposit?');
    expect(input.conversationId).toBe('c1');
    expect(input.history.map((t) => t.text)).toEqual(['Turn 2. More detail about turn 2.', 'Turn 3. More detail about turn 3.', 'Turn 4. More detail about turn 4.', 'Turn 5. More detail about turn 5.']);
    expect(input.summary).toBe('Visitor: Turn 0.\nAssistant: Turn 1.');
  });

  it('keeps no summary when the policy says so, and no history with a window of 0', () => {
    expect(chatRunInput('c1', turns(6), 'x', { window: 2, summarize: false }).summary).toBe('');
    const none = chatRunInput('c1', turns(3), 'x', { window: 0, summarize: true });
    expect(none.history).toEqual([]);
    expect(none.summary.split('\n')).toHaveLength(3);
  });

  it('starts a conversation with empty memory', () => {
    expect(chatRunInput('c1', [], 'Hello', DEFAULT_CHAT_MEMORY)).toEqual({ message: 'Hello', history: [], summary: '', conversationId: 'c1' });
  });

  it('keeps the newest older turns when the summary would outgrow its limit', () => {
    const summary = summarizeTurns(turns(400));
    expect(summary.length).toBeLessThanOrEqual(CHAT_LIMITS.summaryMax);
    expect(summary.endsWith('Assistant: Turn 399.')).toBe(true);
    expect(summary).not.toContain('Turn 0.');
  });
});

describe('chat origins', () => {
  it('normalises origins and refuses anything else', () => {
    expect(normalizeOrigin('https://Shop.Example/')).toBe('https://shop.example');
    expect(normalizeOrigin('https://shop.example:443')).toBe('https://shop.example');
    expect(normalizeOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    for (const bad of ['https://shop.example/widget', 'ftp://shop.example', 'https://user@shop.example', 'shop.example', 'https://shop.example?x=1', 'https://shop.example:70000']) expect(normalizeOrigin(bad)).toBeNull();
  });

  it('allows only listed origins exactly', () => {
    const listed = ['https://shop.example'];
    expect(originAllowed(listed, 'https://shop.example')).toBe(true);
    expect(originAllowed(listed, 'https://SHOP.example:443')).toBe(true);
    for (const other of ['https://evil.example', 'https://shop.example.evil.example', 'http://shop.example', 'https://shop.example:8443', 'null']) expect(originAllowed(listed, other)).toBe(false);
    // No Origin: not a browser's cross-origin call (the page's own, or a server's): the token and limits still apply.
    expect(originAllowed(listed, undefined)).toBe(true);
  });
});

describe('chat schemas', () => {
  it('fills the defaults of a new app and normalises its origins', () => {
    expect(createChatAppSchema.parse({ workflowId: 'wf1', allowedOrigins: ['https://Shop.example/'] })).toEqual({ workflowId: 'wf1', allowedOrigins: ['https://shop.example'], requireSignIn: false, greeting: '', suggestedQuestions: [] });
  });

  it('names the field that is wrong', () => {
    const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error!.issues.map((i) => i.path.join('.'));
    expect(issues(createChatAppSchema.safeParse({ workflowId: 'wf1', allowedOrigins: ['https://a.example/path'] }))).toEqual(['allowedOrigins.0']);
    expect(issues(updateChatAppSchema.safeParse({ appearance: { name: 'Shop', colour: 'blue' } }))).toEqual(['appearance.colour']);
    expect(issues(updateChatAppSchema.safeParse({ limits: { perVisitorPerMinute: 0, perAppPerMinute: 10 } }))).toEqual(['limits.perVisitorPerMinute']);
    expect(issues(updateChatAppSchema.safeParse({ status: 'deleted' }))).toEqual(['status']);
    expect(updateChatAppSchema.safeParse({}).success).toBe(false);
    expect(issues(sendMessageSchema.safeParse({ visitorToken: 't', text: '   ' }))).toEqual(['text']);
    expect(issues(sendMessageSchema.safeParse({ visitorToken: 't', text: 'x'.repeat(CHAT_LIMITS.messageMax + 1) }))).toEqual(['text']);
    expect(openConversationSchema.safeParse({ visitorId: 'mine' }).success).toBe(false);
  });
});
