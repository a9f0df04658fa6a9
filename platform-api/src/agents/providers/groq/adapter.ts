// Groq through @ai-sdk/groq; its API is OpenAI-shaped under
// https://api.groq.com/openai/v1, the model list GET /models.
import { createGroq } from '@ai-sdk/groq';
import { bearerModelsJson, keyedModel, openAIModelIds, type ProviderAdapter } from '../adapter.js';

export const groqAdapter: ProviderAdapter = {
  type: 'groq',
  model: keyedModel('groq', createGroq),
  async listModels(config, fetch, signal) {
    return openAIModelIds(await bearerModelsJson('groq', config, fetch, signal));
  },
};
