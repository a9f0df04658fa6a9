// Mistral through @ai-sdk/mistral; the model list is GET /v1/models, without
// the models that cannot chat (embeddings, moderation), which Mistral marks
// with capabilities.completion_chat = false.
import { createMistral } from '@ai-sdk/mistral';
import { baseUrlOf, getModelsJson, openAIModelIds, requiredSecret, secretsOf, type ProviderAdapter } from '../adapter.js';
import { redactingModel } from '../redact.js';

export const mistralAdapter: ProviderAdapter = {
  type: 'mistral',
  model(config, modelId, fetch) {
    const provider = createMistral({ baseURL: baseUrlOf('mistral', config), apiKey: requiredSecret('mistral', config, 'apiKey'), fetch });
    return redactingModel(provider(modelId), secretsOf(config));
  },
  async listModels(config, fetch, signal) {
    const apiKey = requiredSecret('mistral', config, 'apiKey');
    const body = await getModelsJson({ url: `${baseUrlOf('mistral', config)}/models`, headers: { authorization: `Bearer ${apiKey}` }, fetch, signal, secrets: secretsOf(config) });
    const data = (body as { data?: unknown }).data;
    const chat = Array.isArray(data) ? data.filter((entry) => (entry as { capabilities?: { completion_chat?: unknown } }).capabilities?.completion_chat !== false) : data;
    return openAIModelIds({ data: chat });
  },
};
