// HTML as the blocks chunking follows: a web page's main content (Mozilla's
// Readability, the Firefox reader view's library, on a linkedom document) or a
// Word document converted by mammoth, walked into headings and paragraphs.
// Tables become one paragraph per row ("cell | cell"), so a price list's row
// stays together in one passage.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { normalizeSpace, type SourceBlock } from '@agentflow/shared/knowledge';

/** The most HTML parsed (a larger page is cut: its main content is almost always in the first megabytes). */
export const HTML_MAX_CHARS = 5_000_000;

const HEADING = /^H([1-6])$/;
/** Elements whose text is one paragraph. */
const PARAGRAPH_TAGS = new Set(['P', 'LI', 'PRE', 'BLOCKQUOTE', 'DT', 'DD', 'FIGCAPTION', 'CAPTION', 'ADDRESS', 'SUMMARY']);
/** Elements whose text is never content. */
const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'CANVAS', 'IFRAME', 'NAV', 'FORM', 'BUTTON', 'SELECT']);

/** Elements that hold paragraphs of their own rather than run inside one. */
const CONTAINER_TAGS = new Set(['DIV', 'SECTION', 'ARTICLE', 'MAIN', 'HEADER', 'FOOTER', 'ASIDE', 'UL', 'OL', 'DL', 'TABLE', 'TBODY', 'THEAD', 'TFOOT', 'BODY', 'CENTER', 'FIGURE', 'DETAILS']);

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

interface Walked {
  nodeType: number;
  tagName?: string;
  textContent: string | null;
  childNodes: ArrayLike<Walked>;
}

function hasBlockChild(node: Walked): boolean {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType !== ELEMENT_NODE) continue;
    const tag = child.tagName!.toUpperCase();
    if (HEADING.test(tag) || PARAGRAPH_TAGS.has(tag) || CONTAINER_TAGS.has(tag) || tag === 'TR') return true;
  }
  return false;
}

function walk(node: Walked, blocks: SourceBlock[]): void {
  let loose: string[] = [];
  const endLoose = () => {
    const text = normalizeSpace(loose.join(' '));
    if (text) blocks.push({ kind: 'paragraph', text, page: null });
    loose = [];
  };
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === TEXT_NODE) {
      loose.push(child.textContent ?? '');
      continue;
    }
    if (child.nodeType !== ELEMENT_NODE) continue;
    const tag = child.tagName!.toUpperCase();
    if (SKIPPED_TAGS.has(tag)) continue;
    const heading = HEADING.exec(tag);
    if (heading) {
      endLoose();
      const text = normalizeSpace(child.textContent ?? '');
      if (text) blocks.push({ kind: 'heading', level: Number(heading[1]), text, page: null });
    } else if (tag === 'TR') {
      endLoose();
      const cells = Array.from(child.childNodes)
        .filter((cell) => cell.nodeType === ELEMENT_NODE)
        .map((cell) => normalizeSpace(cell.textContent ?? ''))
        .filter(Boolean);
      if (cells.length) blocks.push({ kind: 'paragraph', text: cells.join(' | '), page: null });
    } else if (PARAGRAPH_TAGS.has(tag) && !hasBlockChild(child)) {
      endLoose();
      const text = normalizeSpace(child.textContent ?? '');
      if (text) blocks.push({ kind: 'paragraph', text, page: null });
    } else if (tag === 'BR') {
      loose.push(' ');
    } else if (CONTAINER_TAGS.has(tag) || hasBlockChild(child)) {
      // A container: its own paragraphs (its text and inline children, split at <br> only by a space).
      endLoose();
      walk(child, blocks);
    } else {
      // Inline (a, strong, span…): part of the running paragraph.
      loose.push(child.textContent ?? '');
    }
  }
  endLoose();
}

/** The blocks of an HTML fragment or document body (every element, no main-content extraction). */
export function blocksFromHtml(html: string): SourceBlock[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html.slice(0, HTML_MAX_CHARS)}</body></html>`);
  const blocks: SourceBlock[] = [];
  walk(document.body as unknown as Walked, blocks);
  return blocks;
}

export interface WebPageContent {
  /** The page's title (Readability's, else <title>), or null. */
  title: string | null;
  blocks: SourceBlock[];
}

/**
 * A web page's main content: navigation, footers, cookie banners and sidebars
 * left out by Readability; a page Readability finds no article in is read whole.
 */
export function webPageContent(html: string): WebPageContent {
  const { document } = parseHTML(html.slice(0, HTML_MAX_CHARS));
  const fallbackTitle = normalizeSpace(document.title ?? '') || null;
  // Readability changes the document it reads; it reads a copy so the fallback still has the whole page.
  const article = new Readability(document.cloneNode(true) as unknown as ConstructorParameters<typeof Readability>[0]).parse();
  if (article?.content) {
    const blocks = blocksFromHtml(article.content);
    if (blocks.length) return { title: normalizeSpace(article.title ?? '') || fallbackTitle, blocks };
  }
  const blocks: SourceBlock[] = [];
  walk(document.body as unknown as Walked, blocks);
  return { title: fallbackTitle, blocks };
}
