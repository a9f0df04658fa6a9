// The file inspector on its real worker thread: types from the bytes
// (signatures, then UTF-8 text), text out of PDF, Word and text files, and a
// file that takes too long costs its own task only: the thread is replaced
// and the next file is read.
import { FILE_WORKER_PATH } from '../../../testing/files';
import { ELF_BYTES, docxBytes, imageBytes, pdfBytes } from '../../../testing/fileFixtures';
import { createFileInspector, FileInspectionError, type FileInspector } from './fileInspector';

let inspector: FileInspector;
beforeAll(() => {
  inspector = createFileInspector({ workerPath: FILE_WORKER_PATH });
});
afterAll(() => inspector.close());

describe('contentTypeOf', () => {
  it.each([
    ['a JPEG', () => imageBytes('jpeg'), 'image/jpeg'],
    ['a PNG named .pdf', () => imageBytes('png'), 'image/png'],
    ['a WebP', () => imageBytes('webp'), 'image/webp'],
    ['a PDF', async () => pdfBytes('Hello'), 'application/pdf'],
    ['a Word document', () => docxBytes('Hello'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['an executable', async () => ELF_BYTES, 'application/x-elf'],
  ])('tells %s by its signature', async (_label, make, expected) => {
    expect(await inspector.contentTypeOf(await make(), 'report.pdf')).toBe(expected);
  });

  it('takes UTF-8 without a signature as text: CSV by name, JSON by content, else plain text', async () => {
    expect(await inspector.contentTypeOf(Buffer.from('sku,qty\nA1,4\n'), 'stock.csv')).toBe('text/csv');
    expect(await inspector.contentTypeOf(Buffer.from('{"order": 42}'), 'order.txt')).toBe('application/json');
    expect(await inspector.contentTypeOf(Buffer.from('Gate code 1234 — ring twice'), 'notes')).toBe('text/plain');
  });

  it('knows nothing of unknown binary or empty files', async () => {
    expect(await inspector.contentTypeOf(Buffer.from([0x00, 0x13, 0x37, 0xff, 0xfe, 0x00, 0x01]), 'x.bin')).toBeNull();
    expect(await inspector.contentTypeOf(Buffer.alloc(0), 'empty.txt')).toBeNull();
  });
});

describe('extractText', () => {
  it('reads the text of a PDF, a Word document and a text file', async () => {
    expect((await inspector.extractText(pdfBytes('Boiler pressure 1.4 bar'), 'application/pdf')).text).toContain('Boiler pressure 1.4 bar');
    expect((await inspector.extractText(await docxBytes('Clause 4\nPayment in 30 days'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).text).toBe('Clause 4\n\nPayment in 30 days');
    expect(await inspector.extractText(Buffer.from('line one\r\nline two'), 'text/plain')).toEqual({ text: 'line one\nline two', truncated: false });
  });

  it('fails with a readable error on a broken PDF, and goes on reading the next file', async () => {
    const error = await inspector.extractText(Buffer.from('%PDF-1.4\nthis is not really a pdf'), 'application/pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileInspectionError);
    expect((await inspector.extractText(Buffer.from('still here'), 'text/plain')).text).toBe('still here');
  });
});

it('replaces a thread that takes longer than the limit; the next file is read by a fresh one', async () => {
  const impatient = createFileInspector({ workerPath: FILE_WORKER_PATH, taskTimeoutMs: 1 });
  try {
    const error = await impatient.extractText(await docxBytes('slow enough'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileInspectionError);
    expect((error as Error).message).toMatch(/longer than 1 ms/);
  } finally {
    await impatient.close();
  }
  expect(await inspector.contentTypeOf(await imageBytes('png'))).toBe('image/png');
});
