// Groq through @ai-sdk/groq; its API is OpenAI-shaped under
// https://api.groq.com/openai/v1, the model list GET /models.
import { createGroq } from '@ai-sdk/groq';
import { baseUrlOf, getModelsJson, openAIModelIds, requiredSecret, secretsOf, type ProviderAdapter } from '../adapter.js';
import { redactingModel } from '../redact.js';

export const groqAdapter: ProviderAdapter = {
  type: 'groq',
  model(config, modelId, fetch) {
    const provider = createGroq({ baseURL: baseUrlOf('groq', config), apiKey: requiredSecret('groq', config, 'apiKey'), fetch });
    return redactingModel(provider(modelId), secretsOf(config));
  },
  async listModels(config, fetch, signal) {
    const apiKey = requiredSecret('groq', config, 'apiKey');
    const body = await getModelsJson({ url: `${baseUrlOf('groq', config)}/models`, headers: { authorization: `Bearer ${apiKey}` }, fetch, signal, secrets: secretsOf(config) });
    return openAIModelIds(body);
  },
};
