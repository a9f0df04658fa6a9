// Mistral through @ai-sdk/mistral; the model list is GET /v1/models, without
// the models that cannot chat (embeddings, moderation), which Mistral marks
// with capabilities.completion_chat = false.
import { createMistral } from '@ai-sdk/mistral';
import { bearerModelsJson, keyedEmbeddingModel, keyedModel, openAIModelIds, type ProviderAdapter } from '../adapter.js';

export const mistralAdapter: ProviderAdapter = {
  type: 'mistral',
  model: keyedModel('mistral', createMistral),
  embeddingModel: keyedEmbeddingModel('mistral', (options) => createMistral(options).embedding),
  async listModels(config, fetch, signal) {
    const data = ((await bearerModelsJson('mistral', config, fetch, signal)) as { data?: unknown }).data;
    const chat = Array.isArray(data) ? data.filter((entry) => (entry as { capabilities?: { completion_chat?: unknown } }).capabilities?.completion_chat !== false) : data;
    return openAIModelIds({ data: chat });
  },
};
