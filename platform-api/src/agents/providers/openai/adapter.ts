// OpenAI through @ai-sdk/openai's chat-completions model (the API every
// OpenAI chat model speaks); the model list is GET /v1/models.
import { createOpenAI } from '@ai-sdk/openai';
import { baseUrlOf, getModelsJson, openAIModelIds, requiredSecret, secretsOf, type ProviderAdapter } from '../adapter.js';
import { redactingModel } from '../redact.js';

export const openaiAdapter: ProviderAdapter = {
  type: 'openai',
  model(config, modelId, fetch) {
    const provider = createOpenAI({ baseURL: baseUrlOf('openai', config), apiKey: requiredSecret('openai', config, 'apiKey'), fetch });
    return redactingModel(provider.chat(modelId), secretsOf(config));
  },
  async listModels(config, fetch, signal) {
    const apiKey = requiredSecret('openai', config, 'apiKey');
    const body = await getModelsJson({ url: `${baseUrlOf('openai', config)}/models`, headers: { authorization: `Bearer ${apiKey}` }, fetch, signal, secrets: secretsOf(config) });
    return openAIModelIds(body);
  },
};
