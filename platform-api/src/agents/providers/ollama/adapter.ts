// Ollama through ollama-ai-provider-v2 (POST /api/chat), as the operator's
// default Ollama is built (../../providers.ts); the model list is GET
// /api/tags. Ollama has no key; its base URL is the credential's, and a
// server on the user's own network is reached only where the fetch policy
// allows that network.
import { createOllama } from 'ollama-ai-provider-v2';
import { ProviderCallError, ollamaApiUrl } from '../../providers.js';
import { baseUrlOf, getModelsJson, secretsOf, sortedIds, type ProviderAdapter } from '../adapter.js';
import { redactingEmbeddingModel, redactingModel } from '../redact.js';

export const ollamaAdapter: ProviderAdapter = {
  type: 'ollama',
  model(config, modelId, fetch) {
    const provider = createOllama({ baseURL: ollamaApiUrl(baseUrlOf('ollama', config)), fetch });
    return redactingModel(provider(modelId), secretsOf(config));
  },
  embeddingModel(config, modelId, fetch) {
    const provider = createOllama({ baseURL: ollamaApiUrl(baseUrlOf('ollama', config)), fetch });
    return redactingEmbeddingModel(provider.embedding(modelId), secretsOf(config));
  },
  async listModels(config, fetch, signal) {
    const body = await getModelsJson({ url: `${ollamaApiUrl(baseUrlOf('ollama', config))}/tags`, headers: {}, fetch, signal, secrets: secretsOf(config) });
    const models = (body as { models?: { name?: unknown; model?: unknown }[] }).models;
    if (!Array.isArray(models)) throw new ProviderCallError('Ollama sent a model list without models', true, null);
    return sortedIds(models.map((entry) => entry.name ?? entry.model));
  },
};
