// Test code only: a fake Mistral API. Mistral speaks the OpenAI chat shape at
// https://api.mistral.ai/v1 (chat/completions, models with capabilities), and
// answers a wrong key with 401 {"message":"Unauthorized","request_id":…}.
import { DEFAULT_FAKE_MODELS, type FakeProvider, type FakeProviderOptions } from '../../testing/fakeServer.js';
import { startFakeOpenAIShaped, type OpenAIShapedFlavour } from '../../openai/testing/fake.js';

export const MISTRAL_FLAVOUR: OpenAIShapedFlavour = {
  prefix: '/v1',
  unauthorized: (presented, echoKey) => ({ message: echoKey && presented !== null ? `Unauthorized: ${presented}` : 'Unauthorized', request_id: 'f2a8c1d0e4b94c7e9a1b2c3d4e5f6a7b' }),
  modelExtras: (id) => ({ capabilities: { completion_chat: !id.includes('embed'), function_calling: !id.includes('embed') } }),
};

/** An embedding model the fake always lists and the adapter must leave out (it cannot chat). */
export const MISTRAL_EMBED_MODEL = 'mistral-embed';

/** Lists the given models as chat models plus one embedding model, which the adapter must leave out. */
export function startFakeMistral(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  return startFakeOpenAIShaped(MISTRAL_FLAVOUR, { ...options, models: [...(options.models ?? DEFAULT_FAKE_MODELS), MISTRAL_EMBED_MODEL] });
}
