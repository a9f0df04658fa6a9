// Embeddings for knowledge bases through the OpenAI adapter (and the
// OpenAI-compatible one, same wire format), against the fake speaking
// POST /v1/embeddings: the vectors in input order, the usage as counted, the
// key never in an error.
import { embedMany } from 'ai';
import { guardedFetch } from '../../../net/guardedFetch';
import { GOOD_KEY, LOOPBACK_POLICY, configFor } from '../testing/adapterContract';
import { openaiCompatibleAdapter } from '../openaiCompatible/adapter';
import { openaiAdapter } from './adapter';
import { FAKE_EMBEDDING_DIMENSIONS, fakeEmbedding, fakeTokenCount, startFakeOpenAI } from './testing/fake';

const fetch = guardedFetch(LOOPBACK_POLICY);
const texts = ['Reset the boiler by holding the button.', 'Invoices are payable within thirty days.'];

it('embeds many texts in one call: vectors in order, tokens as the provider counted them', async () => {
  const fake = await startFakeOpenAI({ apiKey: GOOD_KEY });
  try {
    const result = await embedMany({ model: openaiAdapter.embeddingModel!(configFor(fake.baseUrl, GOOD_KEY), 'text-embedding-3-small', fetch), values: texts, maxRetries: 0 });
    expect(result.embeddings).toEqual(texts.map((text) => fakeEmbedding(text)));
    expect(result.embeddings[0]).toHaveLength(FAKE_EMBEDDING_DIMENSIONS);
    expect(result.usage.tokens).toBe(fakeTokenCount(texts[0]!) + fakeTokenCount(texts[1]!));
    const call = fake.calls.find((c) => c.path === '/v1/embeddings')!;
    expect(call.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
    expect(call.body).toMatchObject({ model: 'text-embedding-3-small', input: texts });
  } finally {
    await fake.close();
  }
});

it('an OpenAI-compatible endpoint embeds the same way', async () => {
  const fake = await startFakeOpenAI({ apiKey: GOOD_KEY });
  try {
    const result = await embedMany({ model: openaiCompatibleAdapter.embeddingModel!(configFor(fake.baseUrl, GOOD_KEY), 'nomic-embed-text', fetch), values: texts, maxRetries: 0 });
    expect(result.embeddings).toEqual(texts.map((text) => fakeEmbedding(text)));
  } finally {
    await fake.close();
  }
});

it('a refused key fails without the key in the error', async () => {
  const fake = await startFakeOpenAI({ apiKey: GOOD_KEY, echoKey: true });
  const wrong = 'sk-wrong-key-0123456789abcdef';
  try {
    const error = await embedMany({ model: openaiAdapter.embeddingModel!(configFor(fake.baseUrl, wrong), 'text-embedding-3-small', fetch), values: texts, maxRetries: 0 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(wrong);
    expect(String((error as Error).message)).not.toContain(wrong);
  } finally {
    await fake.close();
  }
});
