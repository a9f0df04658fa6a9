// Anthropic through @ai-sdk/anthropic (POST /v1/messages); the model list is
// GET /v1/models, paged with has_more/after_id, keyed by x-api-key with the
// anthropic-version header the API requires.
import { createAnthropic } from '@ai-sdk/anthropic';
import { ProviderCallError } from '../../providers.js';
import { baseUrlOf, getModelsJson, keyedModel, requiredSecret, secretsOf, sortedIds, type ProviderAdapter } from '../adapter.js';

/** The API version the SDK sends too. */
export const ANTHROPIC_VERSION = '2023-06-01';
/** Pages of the model list fetched at most (1,000 models each): a bound, never reached in practice. */
const MAX_PAGES = 10;

interface ModelsPage {
  data?: { id?: unknown }[];
  has_more?: unknown;
  last_id?: unknown;
}

export const anthropicAdapter: ProviderAdapter = {
  type: 'anthropic',
  model: keyedModel('anthropic', createAnthropic),
  async listModels(config, fetch, signal) {
    const apiKey = requiredSecret('anthropic', config, 'apiKey');
    const ids: unknown[] = [];
    let after: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ limit: '1000', ...(after !== null ? { after_id: after } : {}) });
      const body = (await getModelsJson({
        url: `${baseUrlOf('anthropic', config)}/models?${query}`,
        headers: { 'x-api-key': apiKey, 'anthropic-version': ANTHROPIC_VERSION },
        fetch,
        signal,
        secrets: secretsOf(config),
      })) as ModelsPage;
      if (!Array.isArray(body.data)) throw new ProviderCallError('The AI provider sent a model list without data', true, null);
      ids.push(...body.data.map((entry) => entry.id));
      if (body.has_more !== true || typeof body.last_id !== 'string') break;
      after = body.last_id;
    }
    return sortedIds(ids);
  },
};
