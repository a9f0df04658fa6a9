import { cosineDistanceThreshold, fuseByRank, invalidRetrievalField, retrievalMode, RRF_K, similarityFromCosineDistance } from './fusion';

const settings = { topK: 5, minSimilarity: 0.3 };

describe('fuseByRank', () => {
  test('a passage both lists rank first is fully relevant; found by one list only, half', () => {
    const fused = fuseByRank(
      [
        { chunkId: 'a', similarity: 0.9 },
        { chunkId: 'b', similarity: 0.8 },
      ],
      [
        { chunkId: 'a', score: 12 },
        { chunkId: 'c', score: 3 },
      ],
      settings,
    );
    expect(fused.map((hit) => hit.chunkId)).toEqual(['a', 'b', 'c']);
    expect(fused[0]).toEqual({ chunkId: 'a', relevance: 1, vectorRank: 1, keywordRank: 1, similarity: 0.9 });
    expect(fused[1]!.relevance).toBeCloseTo((1 / (RRF_K + 2)) / (2 / (RRF_K + 1)), 10);
    expect(fused[2]).toMatchObject({ chunkId: 'c', vectorRank: null, keywordRank: 2, similarity: null });
  });

  test('agreement beats a single first place: second in both lists outranks first in one', () => {
    const fused = fuseByRank(
      [
        { chunkId: 'vectorOnly', similarity: 0.95 },
        { chunkId: 'both', similarity: 0.7 },
      ],
      [
        { chunkId: 'keywordOnly', score: 9 },
        { chunkId: 'both', score: 8 },
      ],
      settings,
    );
    expect(fused[0]!.chunkId).toBe('both');
  });

  test('vector hits below the minimum similarity are dropped before fusion; keyword hits need a positive score', () => {
    const fused = fuseByRank(
      [
        { chunkId: 'weak', similarity: 0.29 },
        { chunkId: 'strong', similarity: 0.31 },
      ],
      [{ chunkId: 'zero', score: 0 }],
      settings,
    );
    expect(fused.map((hit) => [hit.chunkId, hit.vectorRank])).toEqual([['strong', 1]]);
  });

  test('keyword alone (no embedding model): ranks by score, relevance over one list', () => {
    const fused = fuseByRank(null, [
      { chunkId: 'b', score: 1 },
      { chunkId: 'a', score: 5 },
    ], settings);
    expect(fused.map((hit) => [hit.chunkId, hit.keywordRank, hit.relevance])).toEqual([
      ['a', 1, 1],
      ['b', 2, (1 / (RRF_K + 2)) / (1 / (RRF_K + 1))],
    ]);
  });

  test('top-k caps the result; a list naming a passage twice counts its best rank once', () => {
    const vector = Array.from({ length: 10 }, (_, i) => ({ chunkId: `c${i}`, similarity: 0.9 - i * 0.01 }));
    expect(fuseByRank(vector, null, { topK: 3, minSimilarity: 0 }).map((hit) => hit.chunkId)).toEqual(['c0', 'c1', 'c2']);
    const twice = fuseByRank([{ chunkId: 'x', similarity: 0.9 }, { chunkId: 'x', similarity: 0.5 }], null, settings);
    expect(twice).toEqual([{ chunkId: 'x', relevance: 1, vectorRank: 1, keywordRank: null, similarity: 0.9 }]);
  });

  test('no list ran, nothing found', () => {
    expect(fuseByRank(null, null, settings)).toEqual([]);
  });
});

describe('settings and conversions', () => {
  test.each([
    [{ topK: 5, minSimilarity: 0.3 }, null],
    [{ topK: 0, minSimilarity: 0.3 }, 'topK'],
    [{ topK: 21, minSimilarity: 0.3 }, 'topK'],
    [{ topK: 2.5, minSimilarity: 0.3 }, 'topK'],
    [{ topK: 5, minSimilarity: 1.1 }, 'minSimilarity'],
    [{ topK: 5, minSimilarity: Number.NaN }, 'minSimilarity'],
  ])('%j → %s', (value, field) => {
    expect(invalidRetrievalField(value)).toBe(field);
  });

  test('Firestore COSINE distance is one minus the similarity', () => {
    expect(similarityFromCosineDistance(0.25)).toBe(0.75);
    expect(cosineDistanceThreshold(0.3)).toBeCloseTo(0.7, 10);
    expect(retrievalMode(true)).toBe('hybrid');
    expect(retrievalMode(false)).toBe('keyword');
  });
});
