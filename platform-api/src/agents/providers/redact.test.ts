import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, generateText, streamText } from 'ai';
import { guardedFetch } from '../../net/guardedFetch';
import { startFakeOpenAI } from './openai/testing/fake';
import { REDACTED, mentionsSecret, redactText, redactValue, redactingModel } from './redact';
import { CANARY, GOOD_KEY, LOOPBACK_POLICY } from './testing/adapterContract';
import type { FakeProvider } from './testing/fakeServer';

describe('redactText', () => {
  it('replaces every occurrence, the URL-encoded form too, and ignores empty secrets', () => {
    expect(redactText(`key ${CANARY} and ${CANARY}`, [CANARY, ''])).toBe(`key ${REDACTED} and ${REDACTED}`);
    expect(redactText('?key=a%2Fb%3D', ['a/b='])).toBe(`?key=${REDACTED}`);
    expect(redactText('nothing here', [''])).toBe('nothing here');
  });

  it('replaces a longer secret whole when another secret is part of it', () => {
    expect(redactText('abc-123-xyz', ['123', 'abc-123-xyz'])).toBe(REDACTED);
  });
});

describe('redactValue', () => {
  const apiError = () =>
    new APICallError({
      message: `Incorrect API key provided: ${CANARY}`,
      url: 'https://api.example/v1/chat/completions',
      requestBodyValues: { model: 'm' },
      statusCode: 401,
      responseBody: JSON.stringify({ error: { message: `Incorrect API key provided: ${CANARY}` } }),
      isRetryable: false,
      data: { error: { message: `Incorrect API key provided: ${CANARY}` } },
      cause: new Error(`inner ${CANARY}`),
    });

  it("keeps an APICallError's class and status while removing the secret everywhere, message, stack, body, data and cause", () => {
    const original = apiError();
    const redacted = redactValue(original, [CANARY]);
    expect(APICallError.isInstance(redacted)).toBe(true);
    expect(redacted).toBeInstanceOf(APICallError);
    expect(redacted).toMatchObject({ statusCode: 401, isRetryable: false, url: original.url });
    expect(redacted.message).toBe(`Incorrect API key provided: ${REDACTED}`);
    expect(mentionsSecret(redacted, [CANARY])).toBe(false);
    expect(String(redacted.stack)).not.toContain(CANARY);
    // The original is left as it was (it may still be needed by whoever holds it).
    expect(original.message).toContain(CANARY);
  });

  it('returns the value itself when it holds no secret, and copes with cycles', () => {
    const clean = new Error('nothing to hide');
    expect(redactValue(clean, [CANARY])).toBe(clean);
    const cyclic: Record<string, unknown> = { text: CANARY };
    cyclic.self = cyclic;
    const copy = redactValue(cyclic, [CANARY]);
    expect(copy.text).toBe(REDACTED);
    expect(copy.self).toBe(copy);
    expect(redactValue(['a', CANARY], [CANARY])).toEqual(['a', REDACTED]);
  });
});

describe('redactingModel', () => {
  let fake: FakeProvider;
  const fetch = guardedFetch(LOOPBACK_POLICY);
  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: GOOD_KEY, echoKey: true });
  });
  afterAll(() => fake.close());

  const sdkModel = () => createOpenAI({ baseURL: fake.baseUrl, apiKey: CANARY, fetch }).chat('m');

  it('is needed: the SDK copies an echoed key into its error', async () => {
    const error = await generateText({ model: sdkModel(), prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e);
    expect(mentionsSecret(error, [CANARY])).toBe(true);
  });

  it('removes it from a generate error', async () => {
    const error = await generateText({ model: redactingModel(sdkModel(), [CANARY]), prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(mentionsSecret(error, [CANARY])).toBe(false);
  });

  it('removes it from a stream error', async () => {
    const errors: unknown[] = [];
    const result = streamText({ model: redactingModel(sdkModel(), [CANARY]), prompt: 'Hi', maxRetries: 0, onError: ({ error }) => void errors.push(error) });
    await result.consumeStream();
    expect(errors).toHaveLength(1);
    expect(mentionsSecret(errors, [CANARY])).toBe(false);
  });
});
