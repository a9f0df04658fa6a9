// Any OpenAI-compatible endpoint (vLLM, LM Studio, OpenRouter, Together,
// Azure's OpenAI API…) through @ai-sdk/openai-compatible, as the operator's
// default provider is built (../../providers.ts): the base URL is the
// credential's, the key optional (local servers take none).
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { baseUrlOf, getModelsJson, openAIModelIds, secretsOf, type FetchFunction, type ProviderAdapter, type ProviderConfig } from '../adapter.js';
import { redactingEmbeddingModel, redactingModel } from '../redact.js';

function apiKeyOf(config: ProviderConfig): string | undefined {
  const key = config.secrets.apiKey;
  return key === undefined || key === '' ? undefined : key;
}

function compatibleProvider(config: ProviderConfig, fetch: FetchFunction) {
  const apiKey = apiKeyOf(config);
  return createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: baseUrlOf('openaiCompatible', config),
    ...(apiKey !== undefined ? { apiKey } : {}),
    includeUsage: true,
    // As the default provider: JSON-schema structured output, which vLLM, LM Studio and Ollama's OpenAI API support.
    supportsStructuredOutputs: true,
    fetch,
  });
}

export const openaiCompatibleAdapter: ProviderAdapter = {
  type: 'openaiCompatible',
  model(config, modelId, fetch) {
    const provider = compatibleProvider(config, fetch);
    return redactingModel(provider(modelId), secretsOf(config));
  },
  embeddingModel(config, modelId, fetch) {
    return redactingEmbeddingModel(compatibleProvider(config, fetch).embeddingModel(modelId), secretsOf(config));
  },
  async listModels(config, fetch, signal) {
    const apiKey = apiKeyOf(config);
    const body = await getModelsJson({
      url: `${baseUrlOf('openaiCompatible', config)}/models`,
      headers: apiKey !== undefined ? { authorization: `Bearer ${apiKey}` } : {},
      fetch,
      signal,
      secrets: secretsOf(config),
    });
    return openAIModelIds(body);
  },
};
