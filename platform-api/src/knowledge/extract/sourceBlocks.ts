// A knowledge source's bytes as blocks, whatever its format: PDF pages (each
// block keeps its page), Word and web pages through their HTML headings,
// Markdown and text by their headings and blank lines, CSV one row per
// paragraph with its column names ("Plan: Basic; Price: 29 €"), so a row is
// found and cited whole. Parsing of PDF and Word runs on the file worker thread.
import { parse as parseCsv } from 'csv-parse/sync';
import { blocksFromText, KNOWLEDGE_FILE_TYPES, KNOWLEDGE_LIMITS, PAGE_BREAK, type KnowledgeFileFormat, type SourceBlock } from '@agentflow/shared/knowledge';
import type { FileInspector } from '../../files/inspect/fileInspector.js';
import { blocksFromHtml, webPageContent } from './htmlBlocks.js';
import { messageOf } from '@agentflow/shared/domain';

export interface ExtractedSource {
  blocks: SourceBlock[];
  /** A title the content gives itself (a web page's), or null. */
  title: string | null;
  /** The source held more than KNOWLEDGE_LIMITS.extractedTextMax characters: the rest was left out. */
  truncated: boolean;
  /** The bytes read, when the source's size is known only once it is read (a web page's). */
  size?: number;
}

export class UnreadableSourceError extends Error {
  override name = 'UnreadableSourceError';
}

/** The knowledge format of a content type (sniffed from bytes, or named by a text file's extension), or null when not taken. */
export function knowledgeFormatOf(contentType: string, name = ''): KnowledgeFileFormat | null {
  const lower = name.toLowerCase();
  // Text files have no signature: their name tells Markdown and HTML from plain text.
  if (contentType === 'text/plain' && /\.(md|markdown)$/.test(lower)) return 'md';
  if (contentType === 'text/plain' && /\.html?$/.test(lower)) return 'html';
  return (KNOWLEDGE_FILE_TYPES as Readonly<Record<string, KnowledgeFileFormat>>)[contentType] ?? null;
}

/** CSV rows as paragraphs naming their columns. A file with one column or no header row reads as lines. */
export function blocksFromCsv(text: string): SourceBlock[] {
  let rows: string[][];
  try {
    rows = parseCsv(text, { relax_column_count: true, skip_empty_lines: true, bom: true, trim: true }) as string[][];
  } catch (error) {
    throw new UnreadableSourceError(`the CSV could not be read (${messageOf(error)})`);
  }
  const [header, ...body] = rows;
  if (!header) return [];
  if (header.length < 2) return rows.map((row) => ({ kind: 'paragraph' as const, text: row.join(' '), page: null })).filter((block) => block.text);
  return body
    .map((row) => ({
      kind: 'paragraph' as const,
      text: row
        .map((value, index) => (value ? `${header[index] || `#${index + 1}`}: ${value}` : ''))
        .filter(Boolean)
        .join('; '),
      page: null,
    }))
    .filter((block) => block.text);
}

/** The blocks of a stored file of a knowledge format. */
export async function blocksOfFile(inspector: FileInspector, bytes: Uint8Array, format: KnowledgeFileFormat): Promise<ExtractedSource> {
  const contentType = format === 'pdf' ? 'application/pdf' : format === 'docx' ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' : 'text/plain';
  const structured = await inspector.extractStructured(bytes, contentType, KNOWLEDGE_LIMITS.extractedTextMax);
  const truncated = structured.truncated;
  if (structured.format === 'pages') return { blocks: blocksFromText(structured.pages.join(PAGE_BREAK)), title: null, truncated };
  if (structured.format === 'html') return { blocks: blocksFromHtml(structured.html), title: null, truncated };
  switch (format) {
    case 'csv':
      return { blocks: blocksFromCsv(structured.text), title: null, truncated };
    case 'html': {
      const page = webPageContent(structured.text);
      return { blocks: page.blocks, title: page.title, truncated };
    }
    default:
      return { blocks: blocksFromText(structured.text), title: null, truncated };
  }
}
