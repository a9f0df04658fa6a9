// @ts-check
// The file worker: runs the ESM-only file libraries (file-type, unpdf,
// mammoth) on a worker thread of platform-api, so a hostile or huge PDF can
// neither block the API's event loop nor take its memory: the parent gives
// each task a time limit and the thread a heap limit, and replaces the
// thread when either is passed (src/files/inspect/fileInspector.ts).
// Plain JavaScript because the worker is loaded by Node as it is, in
// production and in tests alike.
import { parentPort } from 'node:worker_threads';
import { fileTypeFromBuffer } from 'file-type';

if (!parentPort) throw new Error('fileWorker.mjs runs as a worker thread');
const port = parentPort;

/** @param {Uint8Array} bytes */
async function sniff(bytes) {
  const found = await fileTypeFromBuffer(bytes);
  return found ? { mime: found.mime, ext: found.ext } : null;
}

/**
 * @param {Uint8Array} bytes
 * @param {string} contentType
 * @param {number} maxChars
 */
async function extractText(bytes, contentType, maxChars) {
  let text = '';
  if (contentType === 'application/pdf') {
    const { extractText: pdfText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const result = await pdfText(pdf, { mergePages: true });
    text = Array.isArray(result.text) ? result.text.join('\n') : result.text;
  } else if (contentType === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') {
    const mammoth = (await import('mammoth')).default;
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    text = result.value;
  } else {
    text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  }
  text = text.replace(/\r\n/g, '\n').replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  return { text: text.slice(0, maxChars), truncated: text.length > maxChars };
}

/**
 * The text with its structure, for knowledge sources: a PDF's pages (so a
 * passage can cite its page), a Word document as HTML (its headings), anything
 * else as text. Cut at maxChars in all.
 * @param {Uint8Array} bytes
 * @param {string} contentType
 * @param {number} maxChars
 */
async function extractStructured(bytes, contentType, maxChars) {
  if (contentType === 'application/pdf') {
    const { extractText: pdfText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const result = await pdfText(pdf, { mergePages: false });
    const pages = Array.isArray(result.text) ? result.text : [result.text];
    /** @type {string[]} */
    const kept = [];
    let total = 0;
    for (const page of pages) {
      if (total >= maxChars) break;
      kept.push(page.slice(0, maxChars - total));
      total += page.length;
    }
    return { format: 'pages', pages: kept, truncated: total > maxChars };
  }
  if (contentType === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') {
    const mammoth = (await import('mammoth')).default;
    const result = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    return { format: 'html', html: result.value.slice(0, maxChars * 2), truncated: result.value.length > maxChars * 2 };
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return { format: 'text', text: text.slice(0, maxChars), truncated: text.length > maxChars };
}

port.on('message', async (/** @type {{id: number, op: string, bytes: Uint8Array, contentType?: string, maxChars?: number}} */ task) => {
  try {
    const contentType = task.contentType ?? 'text/plain';
    const maxChars = task.maxChars ?? 100_000;
    const result =
      task.op === 'sniff' ? await sniff(task.bytes) : task.op === 'structured' ? await extractStructured(task.bytes, contentType, maxChars) : await extractText(task.bytes, contentType, maxChars);
    port.postMessage({ id: task.id, ok: true, result });
  } catch (error) {
    port.postMessage({ id: task.id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
