import { blocksFromText, PAGE_BREAK } from './blocks';
import { chunkBlocks, embeddingText, invalidChunkingField, overlapTail, splitLong } from './chunking';
import { citationLabel } from './model';

const words = (count: number, word = 'lorem') => Array.from({ length: count }, (_, i) => `${word}${i}`).join(' ');

describe('blocksFromText', () => {
  test('reads ATX and setext headings, paragraphs split by blank lines, and joins wrapped lines', () => {
    const text = ['# Price list', '', 'Rentals are', 'billed monthly.', '', 'Terms', '=====', 'Net 30.', '', '## Deposits ##', 'Two months.'].join('\n');
    expect(blocksFromText(text)).toEqual([
      { kind: 'heading', level: 1, text: 'Price list', page: null },
      { kind: 'paragraph', text: 'Rentals are billed monthly.', page: null },
      { kind: 'heading', level: 1, text: 'Terms', page: null },
      { kind: 'paragraph', text: 'Net 30.', page: null },
      { kind: 'heading', level: 2, text: 'Deposits', page: null },
      { kind: 'paragraph', text: 'Two months.', page: null },
    ]);
  });

  test('numbers pages from form feeds, and a dash line under two lines is no heading', () => {
    const text = `Page one text.${PAGE_BREAK}first line\nsecond line\n---\nPage two, still.`;
    expect(blocksFromText(text)).toEqual([
      { kind: 'paragraph', text: 'Page one text.', page: 1 },
      { kind: 'paragraph', text: 'first line second line --- Page two, still.', page: 2 },
    ]);
  });

  test('CRLF line ends read like LF', () => {
    expect(blocksFromText('# A\r\n\r\nB\r\n')).toEqual([
      { kind: 'heading', level: 1, text: 'A', page: null },
      { kind: 'paragraph', text: 'B', page: null },
    ]);
  });
});

describe('splitLong and overlapTail', () => {
  test('keeps whole sentences where they fit, then words, then hard cuts; no piece is longer than the limit', () => {
    const text = `Short one. ${words(30)}. ${'x'.repeat(95)} end.`;
    const pieces = splitLong(text, 40);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(40);
    expect(pieces[0]!.startsWith('Short one. ')).toBe(true);
    expect(pieces.some((piece) => piece === 'x'.repeat(40))).toBe(true); // a word longer than the limit is cut
    expect(pieces.join(' ').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
  });

  test('a text within the limit is one piece', () => {
    expect(splitLong('One. Two.', 9)).toEqual(['One. Two.']);
  });

  test('the tail starts at a word and is at most the overlap', () => {
    expect(overlapTail('alpha beta gamma delta', 11)).toBe('delta');
    expect(overlapTail('alpha beta gamma delta', 12)).toBe('gamma delta');
    expect(overlapTail('alpha', 10)).toBe('alpha');
    expect(overlapTail('alpha beta', 0)).toBe('');
  });
});

describe('chunkBlocks', () => {
  const options = { size: 200, overlap: 40 };

  test('a heading starts a new chunk, carries its path, and no overlap crosses sections', () => {
    const blocks = blocksFromText(['# Rentals', 'Monthly rent is due on the first.', '## Deposits', 'Two months of rent.', '# Sales', 'Commission is 3 %.'].join('\n\n'));
    const chunks = chunkBlocks(blocks, options);
    expect(chunks).toEqual([
      { index: 0, text: 'Monthly rent is due on the first.', headings: ['Rentals'], page: null },
      { index: 1, text: 'Two months of rent.', headings: ['Rentals', 'Deposits'], page: null },
      { index: 2, text: 'Commission is 3 %.', headings: ['Sales'], page: null },
    ]);
  });

  test('paragraphs of one section share a chunk while they fit, and the next chunk repeats the overlap', () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} says ${words(4, `w${i}_`)}.`);
    const chunks = chunkBlocks(blocksFromText(paragraphs.join('\n\n')), options);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(options.size);
    for (let i = 1; i < chunks.length; i++) {
      const tail = overlapTail(chunks[i - 1]!.text, options.overlap);
      expect(tail.length).toBeGreaterThan(0);
      expect(chunks[i]!.text.startsWith(tail)).toBe(true);
    }
    // Every paragraph is whole in some chunk.
    for (const paragraph of paragraphs) expect(chunks.some((chunk) => chunk.text.includes(paragraph))).toBe(true);
  });

  test('a paragraph longer than a chunk is split, every piece within the size, nothing lost', () => {
    const long = `${words(120)}.`;
    const chunks = chunkBlocks(blocksFromText(long), options);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(options.size);
    for (const word of long.replace('.', '').split(' ')) expect(chunks.some((chunk) => chunk.text.split(/[ .]/).includes(word))).toBe(true);
  });

  test('a chunk names the page its text starts on', () => {
    const chunks = chunkBlocks(blocksFromText(`# Manual${PAGE_BREAK}Reset the boiler.${PAGE_BREAK}Bleed the radiators.`), { size: 200, overlap: 0 });
    expect(chunks.map((chunk) => [chunk.text, chunk.page])).toEqual([['Reset the boiler. Bleed the radiators.', 2]]);
    const separate = chunkBlocks(blocksFromText(`${words(30)}${PAGE_BREAK}${words(30, 'ipsum')}`), { size: 250, overlap: 0 });
    expect(separate.map((chunk) => chunk.page)).toEqual([1, 2]);
  });

  test('no blocks, no chunks; an empty text, no blocks', () => {
    expect(chunkBlocks([], options)).toEqual([]);
    expect(blocksFromText('  \n\n ')).toEqual([]);
  });

  test('the embedded text puts the heading path above the passage', () => {
    expect(embeddingText({ headings: ['Rentals', 'Deposits'], text: 'Two months.' })).toBe('Rentals › Deposits\n\nTwo months.');
    expect(embeddingText({ headings: [], text: 'Plain.' })).toBe('Plain.');
  });
});

describe('invalidChunkingField', () => {
  test.each([
    [{ size: 1200, overlap: 150 }, null],
    [{ size: 199, overlap: 0 }, 'size'],
    [{ size: 4001, overlap: 0 }, 'size'],
    [{ size: 1000.5, overlap: 0 }, 'size'],
    [{ size: 1000, overlap: -1 }, 'overlap'],
    [{ size: 1000, overlap: 501 }, 'overlap'],
    [{ size: 1000, overlap: 500 }, null],
  ])('%j → %s', (options, field) => {
    expect(invalidChunkingField(options)).toBe(field);
  });
});

describe('citationLabel', () => {
  const base = { knowledgeBaseId: 'kb', sourceId: 's', sourceName: 'Price list.pdf', url: null };
  test('names the source, the page when there is one, and the heading path', () => {
    expect(citationLabel({ ...base, page: 3, headings: ['Rentals', 'Deposits'] })).toBe('Price list.pdf, p. 3 — Rentals › Deposits');
    expect(citationLabel({ ...base, page: null, headings: [] }, 'S.')).toBe('Price list.pdf');
    expect(citationLabel({ ...base, page: 2, headings: [] }, 'S.')).toBe('Price list.pdf, S. 2');
  });
});
