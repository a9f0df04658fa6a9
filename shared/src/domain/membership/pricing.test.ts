import { DEFAULT_MODEL_PRICE, EMBEDDING_PRICE_PER_1000, agentCallCost, embeddingTokensFor, modelPrice, platformTokensFor } from './pricing';

test('a typical call (1,000 in, 300 out) costs a few tokens, not 1,300', () => {
  const typical = { inputTokens: 1000, outputTokens: 300 };
  expect(platformTokensFor(typical, 'gpt-4o-mini')).toBe(2); // 0.5 + 0.6 = 1.1 → 2
  expect(platformTokensFor(typical, 'some-unknown-model')).toBe(3); // 1 + 1.2 = 2.2 → 3
  expect(platformTokensFor(typical, 'claude-3-5-sonnet-latest')).toBe(15); // 6 + 9
  expect(platformTokensFor(typical, 'gemini-2.0-flash')).toBe(1); // 0.3 + 0.36 → 1
});

test('the family is found without a provider prefix and in any case; the specific family wins over the general one', () => {
  expect(modelPrice('openai:GPT-4o-mini')).toEqual({ input: 0.5, output: 2 });
  expect(modelPrice('gpt-4o')).toEqual({ input: 5, output: 20 });
  expect(modelPrice('ollama:llama3.2')).toEqual({ input: 0.3, output: 0.6 });
  expect(modelPrice(null)).toEqual(DEFAULT_MODEL_PRICE);
});

test('a call that used anything costs at least 1; one that reported nothing costs 0; exact products do not round up', () => {
  expect(platformTokensFor({ inputTokens: 3, outputTokens: 1 }, 'gpt-4o-mini')).toBe(1);
  expect(platformTokensFor({ inputTokens: 0, outputTokens: 0 }, 'gpt-4o')).toBe(0);
  expect(platformTokensFor({ inputTokens: 2000, outputTokens: 500 }, 'some-model')).toBe(4); // 2 + 2 exactly
  expect(platformTokensFor({ inputTokens: -5, outputTokens: Number.NaN }, 'x')).toBe(0);
});

test('on the user’s own credential a step pays the fee once, whatever the usage; on the platform’s provider every call pays its usage', () => {
  const usage = { inputTokens: 50_000, outputTokens: 20_000, modelId: 'gpt-4o' };
  expect(agentCallCost({ ...usage, ownCredential: true, firstCallOfStep: true })).toBe(1);
  expect(agentCallCost({ ...usage, ownCredential: true, firstCallOfStep: false })).toBe(0);
  expect(agentCallCost({ ...usage, ownCredential: true, firstCallOfStep: true, stepFee: 3 })).toBe(3);
  expect(agentCallCost({ ...usage, ownCredential: false, firstCallOfStep: false })).toBe(650);
});

test('embedding is priced per 1,000 embedded tokens: rounded up, at least 1 for a call that embedded anything, 0 for none', () => {
  expect(embeddingTokensFor(0)).toBe(0);
  expect(embeddingTokensFor(1)).toBe(1);
  expect(embeddingTokensFor(10_000)).toBe(Math.ceil(10 * EMBEDDING_PRICE_PER_1000));
  expect(embeddingTokensFor(150_000)).toBe(15);
  expect(embeddingTokensFor(150_001)).toBe(16);
});
