// Google Gemini through @ai-sdk/google (POST /v1beta/models/{m}:generateContent,
// key in x-goog-api-key); the model list is GET /v1beta/models, paged with
// pageToken, keeping the models that can generate content, without their
// "models/" prefix. Gemini answers a wrong key with 400 API_KEY_INVALID, not
// 401, so that answer counts as a refusal too.
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { ProviderCallError } from '../../providers.js';
import { baseUrlOf, getModelsJson, keyedEmbeddingModel, keyedModel, requiredSecret, secretsOf, sortedIds, type ProviderAdapter } from '../adapter.js';

/** Pages of the model list fetched at most (1,000 models each): a bound, never reached in practice. */
const MAX_PAGES = 10;

interface ModelsPage {
  models?: { name?: unknown; supportedGenerationMethods?: unknown }[];
  nextPageToken?: unknown;
}

/** Gemini's "bad key" answers: 400 with reason API_KEY_INVALID, or the UNAUTHENTICATED status. */
export function isGoogleKeyRefusal(status: number, body: unknown): boolean {
  const error = (body as { error?: { status?: unknown; details?: { reason?: unknown }[] } } | null)?.error;
  if (error?.status === 'UNAUTHENTICATED' || error?.status === 'PERMISSION_DENIED') return true;
  return status === 400 && Array.isArray(error?.details) && error.details.some((detail) => detail?.reason === 'API_KEY_INVALID');
}

export const googleAdapter: ProviderAdapter = {
  type: 'google',
  model: keyedModel('google', createGoogleGenerativeAI),
  embeddingModel: keyedEmbeddingModel('google', (options) => createGoogleGenerativeAI(options).embedding),
  async listModels(config, fetch, signal) {
    const apiKey = requiredSecret('google', config, 'apiKey');
    const ids: unknown[] = [];
    let pageToken: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ pageSize: '1000', ...(pageToken !== null ? { pageToken } : {}) });
      const body = (await getModelsJson({
        url: `${baseUrlOf('google', config)}/models?${query}`,
        headers: { 'x-goog-api-key': apiKey },
        fetch,
        signal,
        secrets: secretsOf(config),
        rejects: isGoogleKeyRefusal,
      })) as ModelsPage;
      if (!Array.isArray(body.models)) throw new ProviderCallError('The AI provider sent a model list without models', true, null);
      for (const model of body.models) {
        const methods = Array.isArray(model.supportedGenerationMethods) ? model.supportedGenerationMethods : [];
        if (methods.includes('generateContent') && typeof model.name === 'string') ids.push(model.name.replace(/^models\//, ''));
      }
      if (typeof body.nextPageToken !== 'string' || body.nextPageToken === '') break;
      pageToken = body.nextPageToken;
    }
    return sortedIds(ids);
  },
};
