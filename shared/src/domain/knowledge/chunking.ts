// Chunking by structure: a chunk never spans two sections (a heading starts a
// new one), paragraphs stay whole when they fit, long paragraphs split at
// sentence ends (then words), and consecutive chunks of one section share an
// overlap so a passage cut in two is still found whole in one of them. Every
// chunk carries the heading path and page it came from, which is what an
// answer cites. Sizes are in characters (no tokenizer in the domain; roughly
// four characters per token in English). Pure: no Node, no Firebase.
import type { SourceBlock } from './blocks.js';

export interface ChunkingOptions {
  /** The most characters a chunk holds. */
  size: number;
  /** Characters a chunk repeats from the end of the previous chunk of the same section. */
  overlap: number;
}

export const CHUNKING_LIMITS = {
  minSize: 200,
  maxSize: 4000,
  defaultSize: 1200,
  defaultOverlap: 150,
  /** Overlap may be at most this share of the size (more would re-embed most of every chunk). */
  maxOverlapShare: 0.5,
} as const;

export const DEFAULT_CHUNKING: ChunkingOptions = { size: CHUNKING_LIMITS.defaultSize, overlap: CHUNKING_LIMITS.defaultOverlap };

export interface Chunk {
  /** Position in the source, from 0. */
  index: number;
  text: string;
  /** The headings above the chunk, outermost first. */
  headings: readonly string[];
  /** The page its text starts on, when the source has pages. */
  page: number | null;
}

/** The field of ChunkingOptions that is out of bounds, or null when both are valid. */
export function invalidChunkingField(options: ChunkingOptions): keyof ChunkingOptions | null {
  const { size, overlap } = options;
  if (!Number.isInteger(size) || size < CHUNKING_LIMITS.minSize || size > CHUNKING_LIMITS.maxSize) return 'size';
  if (!Number.isInteger(overlap) || overlap < 0 || overlap > size * CHUNKING_LIMITS.maxOverlapShare) return 'overlap';
  return null;
}

const SENTENCE_END = /(?<=[.!?…])\s+/;

/** Pieces of at most `max` characters: whole sentences where they fit, then words, then hard cuts. */
export function splitLong(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const pieces: string[] = [];
  let current = '';
  const push = (unit: string) => {
    if (!current) current = unit;
    else if (current.length + 1 + unit.length <= max) current = `${current} ${unit}`;
    else {
      pieces.push(current);
      current = unit;
    }
  };
  for (const sentence of text.split(SENTENCE_END)) {
    if (sentence.length <= max) {
      push(sentence);
      continue;
    }
    for (const word of sentence.split(' ')) {
      if (word.length <= max) push(word);
      else for (let at = 0; at < word.length; at += max) push(word.slice(at, at + max));
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/** The last `overlap` characters of a chunk, starting at a word (never half a word). */
export function overlapTail(text: string, overlap: number): string {
  if (overlap <= 0 || !text) return '';
  if (text.length <= overlap) return text;
  const tail = text.slice(text.length - overlap);
  const space = tail.indexOf(' ');
  return space < 0 ? '' : tail.slice(space + 1);
}

/** The chunks of a source's blocks. Every chunk is at most `options.size` characters. */
export function chunkBlocks(blocks: readonly SourceBlock[], options: ChunkingOptions = DEFAULT_CHUNKING): Chunk[] {
  const chunks: Chunk[] = [];
  const path: Array<{ level: number; text: string }> = [];
  let current: { text: string; headings: string[]; page: number | null } | null = null;
  let carry = '';
  const flush = () => {
    if (!current) return;
    chunks.push({ index: chunks.length, text: current.text, headings: current.headings, page: current.page });
    carry = overlapTail(current.text, options.overlap);
    current = null;
  };
  for (const block of blocks) {
    if (block.kind === 'heading') {
      flush();
      carry = ''; // no overlap across sections: the next section's first chunk is its own
      while (path.length && path[path.length - 1]!.level >= block.level) path.pop();
      path.push({ level: block.level, text: block.text });
      continue;
    }
    // Room for the carried overlap and the space after it.
    for (const piece of splitLong(block.text, options.size - options.overlap - 1)) {
      if (current && current.text.length + 1 + piece.length > options.size) flush();
      if (!current) {
        current = { text: carry ? `${carry} ${piece}` : piece, headings: path.map((heading) => heading.text), page: block.page };
        carry = '';
      } else current.text = `${current.text} ${piece}`;
    }
  }
  flush();
  return chunks;
}

/** The text embedded for a chunk: its heading path above its text, so a passage is found by its section's words too. */
export const embeddingText = (chunk: Pick<Chunk, 'headings' | 'text'>): string => (chunk.headings.length ? `${chunk.headings.join(' › ')}\n\n${chunk.text}` : chunk.text);
