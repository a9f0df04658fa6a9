import { indexChunks, keywordDocument, keywordIndexFromJson, keywordSearch, newKeywordIndex, unindexChunks } from './keywordIndex';

const manual = [
  { id: 'boiler-1', text: 'To reset the boiler, hold the reset button for five seconds until the light turns green.', headings: ['Boiler', 'Reset'] },
  { id: 'boiler-2', text: 'The warranty covers parts for two years and labour for one year from installation.', headings: ['Boiler', 'Warranty'] },
  { id: 'radiator-1', text: 'Bleed each radiator with the key, starting on the ground floor.', headings: ['Radiators'] },
  { id: 'general-1', text: 'Call the office for anything this manual does not cover.', headings: ['Contact'] },
];

const built = () => {
  const index = newKeywordIndex();
  indexChunks(
    index,
    manual.map((chunk) => keywordDocument(chunk.id, chunk)),
  );
  return index;
};

describe('keyword search (BM25+)', () => {
  test('finds the passage that holds the question words, best first', () => {
    const hits = keywordSearch(built(), 'how do I reset the boiler', 3);
    expect(hits[0]!.chunkId).toBe('boiler-1');
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
  });

  test('a misspelt long word still finds its passage; a heading word counts', () => {
    expect(keywordSearch(built(), 'warrenty', 1)[0]?.chunkId).toBe('boiler-2');
    expect(keywordSearch(built(), 'contact', 1)[0]?.chunkId).toBe('general-1');
  });

  test('no matching word, no hit; an empty query, no hit', () => {
    expect(keywordSearch(built(), 'zebra', 5)).toEqual([]);
    expect(keywordSearch(built(), '   ', 5)).toEqual([]);
  });

  test('the stored JSON loads into an index that answers the same', () => {
    const index = built();
    const loaded = keywordIndexFromJson(JSON.stringify(index));
    expect(keywordSearch(loaded, 'bleed radiator', 4)).toEqual(keywordSearch(index, 'bleed radiator', 4));
    expect(keywordSearch(loaded, 'bleed radiator', 1)[0]!.chunkId).toBe('radiator-1');
  });

  test('removing a source removes its passages; re-indexing a chunk replaces it', () => {
    const index = built();
    unindexChunks(index, ['boiler-1', 'boiler-2', 'not-there']);
    expect(keywordSearch(index, 'boiler reset warranty', 5).map((hit) => hit.chunkId)).not.toEqual(expect.arrayContaining(['boiler-1']));
    expect(keywordSearch(index, 'warranty', 5)).toEqual([]);
    indexChunks(index, [keywordDocument('radiator-1', { text: 'Radiators are serviced every autumn.', headings: [] })]);
    expect(keywordSearch(index, 'bleed', 5)).toEqual([]);
    expect(keywordSearch(index, 'autumn', 5)[0]!.chunkId).toBe('radiator-1');
  });
});
