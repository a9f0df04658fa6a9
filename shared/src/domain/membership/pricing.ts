// How an agent's model calls become platform tokens: the plan allowance is
// counted in platform tokens (shown as "tokens"), not in the provider's raw
// token counts, so one typical call (about 1,000 tokens in, 300 out) costs a
// few tokens instead of 1,300. Prices are platform tokens per 1,000 provider
// tokens, by model family, roughly in proportion to what the providers
// charge; a model not listed pays the default. On the user's own credential
// the provider bills the user, so the platform charges only a flat fee per
// agent step.

export interface ModelPrice {
  /** Platform tokens per 1,000 input (prompt) tokens. */
  input: number;
  /** Platform tokens per 1,000 output (completion) tokens. */
  output: number;
}

export interface ModelPriceRule {
  family: string;
  /** Tested against the model id without a provider prefix ('openai:', 'ollama:'), lower case. */
  pattern: RegExp;
  price: ModelPrice;
}

/** First match wins: the more specific families come before the general ones. */
export const MODEL_PRICES: readonly ModelPriceRule[] = [
  { family: 'gpt-4o-mini / gpt-4.1-mini / nano', pattern: /^gpt-4(o|\.1)-(mini|nano)/, price: { input: 0.5, output: 2 } },
  { family: 'gpt-4o / gpt-4.1 / o-series', pattern: /^(gpt-4o|gpt-4\.1|gpt-5|o\d)/, price: { input: 5, output: 20 } },
  { family: 'Claude Haiku', pattern: /^claude-.*haiku/, price: { input: 2, output: 8 } },
  { family: 'Claude Sonnet', pattern: /^claude-.*sonnet/, price: { input: 6, output: 30 } },
  { family: 'Claude Opus', pattern: /^claude-.*opus/, price: { input: 30, output: 150 } },
  { family: 'Gemini Flash', pattern: /^gemini-.*flash/, price: { input: 0.3, output: 1.2 } },
  { family: 'Gemini Pro', pattern: /^gemini-.*pro/, price: { input: 3, output: 12 } },
  { family: 'Mistral small / Ministral', pattern: /^(mistral-small|ministral|open-mistral)/, price: { input: 0.5, output: 1.5 } },
  { family: 'Mistral large', pattern: /^(mistral-large|mistral-medium)/, price: { input: 4, output: 12 } },
  { family: 'Open-weight models (Llama, Qwen, Gemma, Mixtral…)', pattern: /^(llama|meta-llama|qwen|gemma|mixtral|phi|deepseek)/, price: { input: 0.3, output: 0.6 } },
];

/** What a model not in the table pays: about a small hosted model's price. */
export const DEFAULT_MODEL_PRICE: ModelPrice = { input: 1, output: 4 };

/** The flat platform fee of one agent step that runs on the user's own credential (AGENT_STEP_FEE overrides it). */
export const DEFAULT_OWN_CREDENTIAL_STEP_FEE = 1;
/** The flat platform fee of one app (connector) step or app tool call (CONNECTOR_STEP_FEE overrides it). */
export const DEFAULT_CONNECTOR_STEP_FEE = 1;

/**
 * Platform tokens per 1,000 embedded tokens (knowledge bases: each source's
 * chunks and each query). Embedding models cost a fraction of chat models
 * (text-embedding-3-small is ~1/8 of gpt-4o-mini's input), so this is a fifth
 * of the cheapest chat input price in the table.
 */
export const EMBEDDING_PRICE_PER_1000 = 0.1;

/** The platform tokens of one embedding call: rounded up, at least 1 for a call that embedded anything. */
export function embeddingTokensFor(embeddedTokens: number): number {
  const tokens = Math.max(0, embeddedTokens || 0);
  if (tokens === 0) return 0;
  const exact = Math.round(((tokens * EMBEDDING_PRICE_PER_1000) / 1000) * 1e9) / 1e9;
  return Math.max(1, Math.ceil(exact));
}

export function modelPrice(modelId: string | null | undefined): ModelPrice {
  const id = (modelId ?? '').trim().toLowerCase().replace(/^[a-z-]+:/, '');
  return MODEL_PRICES.find((rule) => rule.pattern.test(id))?.price ?? DEFAULT_MODEL_PRICE;
}

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * The platform tokens of one model call on the platform's provider: the
 * price applied to the reported usage, rounded up, at least 1 for a call
 * that used anything (a call is never free), 0 when nothing was reported.
 */
export function platformTokensFor(usage: ModelUsage, modelId: string | null | undefined): number {
  const input = Math.max(0, usage.inputTokens || 0);
  const output = Math.max(0, usage.outputTokens || 0);
  if (input + output === 0) return 0;
  const price = modelPrice(modelId);
  // Rounded to 1e-9 first so that float noise (0.1 + 0.2) never rounds a whole number up.
  const exact = Math.round(((input * price.input + output * price.output) / 1000) * 1e9) / 1e9;
  return Math.max(1, Math.ceil(exact));
}

/**
 * What one model call of an agent step costs: on the user's own credential
 * the step fee once (its first call), nothing for the step's later calls;
 * on the platform's provider, the priced usage of every call.
 */
export function agentCallCost(call: ModelUsage & { modelId: string | null; ownCredential: boolean; firstCallOfStep: boolean; stepFee?: number }): number {
  if (call.ownCredential) return call.firstCallOfStep ? Math.max(0, call.stepFee ?? DEFAULT_OWN_CREDENTIAL_STEP_FEE) : 0;
  return platformTokensFor(call, call.modelId);
}
