// Sources to blocks on the real file worker: a PDF keeps its pages, a Word
// document its headings, a web page loses its navigation and footer, a CSV row
// is one passage naming its columns, Markdown keeps its headings.
import { FILE_WORKER_PATH } from '../../../testing/files';
import { docxBytes, pdfBytes } from '../../../testing/fileFixtures';
import { createFileInspector, type FileInspector } from '../../files/inspect/fileInspector';
import { blocksFromHtml, webPageContent } from './htmlBlocks';
import { blocksFromCsv, blocksOfFile, knowledgeFormatOf, UnreadableSourceError } from './sourceBlocks';

let inspector: FileInspector;
beforeAll(() => {
  inspector = createFileInspector({ workerPath: FILE_WORKER_PATH });
});
afterAll(() => inspector.close());

const paragraphs = (blocks: Array<{ kind: string; text: string }>) => blocks.filter((block) => block.kind === 'paragraph').map((block) => block.text);

describe('blocksOfFile', () => {
  test('a PDF: each page’s text on its page', async () => {
    const { blocks, truncated } = await blocksOfFile(inspector, pdfBytes(['Deposit is two months rent.', 'Viewings on Saturdays only.']), 'pdf');
    expect(truncated).toBe(false);
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'Deposit is two months rent.', page: 1 },
      { kind: 'paragraph', text: 'Viewings on Saturdays only.', page: 2 },
    ]);
  });

  test('a Word document: its headings become headings', async () => {
    const { blocks } = await blocksOfFile(inspector, await docxBytes([{ heading: 1, text: 'Boiler' }, 'Hold reset for five seconds.', { heading: 2, text: 'Warranty' }, 'Two years on parts.']), 'docx');
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Boiler', page: null },
      { kind: 'paragraph', text: 'Hold reset for five seconds.', page: null },
      { kind: 'heading', level: 2, text: 'Warranty', page: null },
      { kind: 'paragraph', text: 'Two years on parts.', page: null },
    ]);
  });

  test('Markdown and CSV files', async () => {
    const markdown = await blocksOfFile(inspector, Buffer.from('# Terms\n\nNet 30 days.\n'), 'md');
    expect(markdown.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Terms', page: null },
      { kind: 'paragraph', text: 'Net 30 days.', page: null },
    ]);
    const csv = await blocksOfFile(inspector, Buffer.from('Plan,Price,Seats\nBasic,29 €,3\nPremium,99 €,\n'), 'csv');
    expect(paragraphs(csv.blocks)).toEqual(['Plan: Basic; Price: 29 €; Seats: 3', 'Plan: Premium; Price: 99 €']);
  });
});

describe('web pages and HTML', () => {
  const page = `<!doctype html><html><head><title>Shipping terms — Acme</title></head><body>
    <nav><a href="/">Home</a><a href="/about">About us</a></nav>
    <main><article><h1>Shipping terms</h1>
      <p>Orders placed before 2 pm ship the same day. Delivery within the EU takes two to four working days, and tracking is sent by e-mail as soon as the parcel leaves the warehouse.</p>
      <h2>Returns</h2>
      <p>Returns are accepted within 30 days of delivery when the goods are unused and in their original packaging; the refund is made to the original payment method within five days.</p>
      <table><tr><th>Zone</th><th>Price</th></tr><tr><td>EU</td><td>9 €</td></tr></table>
    </article></main>
    <footer>© Acme 2026 · Cookie settings</footer><script>var tracking = 1;</script></body></html>`;

  test('the main content, without navigation, footer or scripts; headings and table rows kept', () => {
    const { title, blocks } = webPageContent(page);
    expect(title).toBe('Shipping terms — Acme');
    const texts = blocks.map((block) => block.text);
    expect(texts).toEqual(expect.arrayContaining(['Returns', 'Zone | Price', 'EU | 9 €']));
    expect(blocks.find((block) => block.text === 'Returns')).toMatchObject({ kind: 'heading', level: 2 });
    expect(texts.join(' ')).not.toMatch(/About us|Cookie settings|var tracking/);
  });

  test('HTML with inline markup and line breaks reads as prose', () => {
    expect(blocksFromHtml('<div>Gate code <b>1234</b><br>ring twice</div><ul><li>First</li><li>Second <i>item</i></li></ul>')).toEqual([
      { kind: 'paragraph', text: 'Gate code 1234 ring twice', page: null },
      { kind: 'paragraph', text: 'First', page: null },
      { kind: 'paragraph', text: 'Second item', page: null },
    ]);
  });
});

describe('formats and CSV edges', () => {
  test.each([
    ['application/pdf', 'a.pdf', 'pdf'],
    ['text/plain', 'notes.md', 'md'],
    ['text/plain', 'page.html', 'html'],
    ['text/plain', 'notes.txt', 'txt'],
    ['text/csv', 'prices.csv', 'csv'],
    ['image/png', 'photo.png', null],
  ])('%s named %s → %s', (contentType, name, format) => {
    expect(knowledgeFormatOf(contentType, name)).toBe(format);
  });

  test('a one-column CSV reads as lines; a broken quote is a clear error', () => {
    expect(paragraphs(blocksFromCsv('Question\nHow long is delivery?\n'))).toEqual(['Question', 'How long is delivery?']);
    expect(() => blocksFromCsv('a,b\n"unclosed,1\n')).toThrow(UnreadableSourceError);
  });
});
