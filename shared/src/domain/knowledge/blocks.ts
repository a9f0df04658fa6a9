// A source's text as the structure chunking follows: headings (with their
// level) and paragraphs, each on the page it came from. Extractors (PDF, DOCX,
// HTML, Markdown, CSV, plain text) produce blocks; the chunker never sees a
// file format. Pure: no Node, no Firebase.

export type SourceBlock =
  | { kind: 'heading'; level: number; text: string; page: number | null }
  | { kind: 'paragraph'; text: string; page: number | null };

/** The form feed extractors put between pages (pdf text, for example); a page break in plain text too. */
export const PAGE_BREAK = '\f';

const ATX_HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;
const SETEXT_UNDERLINE = /^(=+|-+)[ \t]*$/;

/** Collapses a paragraph's line breaks and runs of spaces: what is embedded and shown is one line of prose. */
export const normalizeSpace = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * Blocks of Markdown or plain text: `#` headings and setext headings (a line
 * underlined with === or ---), paragraphs separated by blank lines, pages
 * separated by form feeds (numbered from 1 when there is more than one page).
 */
export function blocksFromText(text: string): SourceBlock[] {
  const pages = text.replace(/\r\n?/g, '\n').split(PAGE_BREAK);
  const numbered = pages.length > 1;
  const blocks: SourceBlock[] = [];
  pages.forEach((pageText, index) => {
    const page = numbered ? index + 1 : null;
    let paragraph: string[] = [];
    const endParagraph = () => {
      const joined = normalizeSpace(paragraph.join('\n'));
      if (joined) blocks.push({ kind: 'paragraph', text: joined, page });
      paragraph = [];
    };
    for (const line of pageText.split('\n')) {
      const atx = ATX_HEADING.exec(line);
      if (atx) {
        endParagraph();
        blocks.push({ kind: 'heading', level: atx[1]!.length, text: normalizeSpace(atx[2]!), page });
        continue;
      }
      // A setext underline turns the single line above it into a heading.
      if (SETEXT_UNDERLINE.test(line) && paragraph.length === 1 && paragraph[0]!.trim()) {
        const title = normalizeSpace(paragraph[0]!);
        paragraph = [];
        blocks.push({ kind: 'heading', level: line.trim().startsWith('=') ? 1 : 2, text: title, page });
        continue;
      }
      if (!line.trim()) endParagraph();
      else paragraph.push(line);
    }
    endParagraph();
  });
  return blocks;
}
