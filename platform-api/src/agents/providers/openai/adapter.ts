// OpenAI through @ai-sdk/openai's chat-completions model (the API every
// OpenAI chat model speaks); the model list is GET /v1/models.
import { createOpenAI } from '@ai-sdk/openai';
import { bearerModelsJson, keyedEmbeddingModel, keyedModel, openAIModelIds, type ProviderAdapter } from '../adapter.js';

export const openaiAdapter: ProviderAdapter = {
  type: 'openai',
  model: keyedModel('openai', (options) => createOpenAI(options).chat),
  embeddingModel: keyedEmbeddingModel('openai', (options) => createOpenAI(options).embedding),
  async listModels(config, fetch, signal) {
    return openAIModelIds(await bearerModelsJson('openai', config, fetch, signal));
  },
};
