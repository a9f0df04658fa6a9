// What a file really is, and the text in it, decided on a worker thread
// (workers/fileWorker.mjs): file-type reads the signature, unpdf and mammoth
// read PDFs and Word files. One thread serves the process; a task that takes
// longer than its limit, or a thread that dies (heap limit), is replaced, so
// one bad file costs its own request and nothing else.
import { Worker } from 'node:worker_threads';
import { FILE_LIMITS } from '@agentflow/shared/server';

export interface ExtractedText {
  text: string;
  /** The file held more than FILE_LIMITS.maxExtractedChars characters. */
  truncated: boolean;
}

/** A file's text with its structure (knowledge sources): a PDF by page, a Word document as HTML, anything else as text. */
export type StructuredText = ({ format: 'pages'; pages: string[] } | { format: 'html'; html: string } | { format: 'text'; text: string }) & { truncated: boolean };

export interface FileInspector {
  /**
   * The content type of the bytes: the signature when they have one; text
   * types (text/plain, text/csv, application/json) when they are UTF-8 text
   * without one; null when neither (an unknown binary).
   */
  contentTypeOf(bytes: Uint8Array, name?: string): Promise<string | null>;
  /** Text from a PDF, a Word document or a text file. Throws when the file cannot be read. */
  extractText(bytes: Uint8Array, contentType: string): Promise<ExtractedText>;
  /** The text with its structure, at most `maxChars` characters (HTML: twice that, for its markup). Throws when the file cannot be read. */
  extractStructured(bytes: Uint8Array, contentType: string, maxChars: number): Promise<StructuredText>;
  close(): Promise<void>;
}

export interface FileInspectorOptions {
  /** workers/fileWorker.mjs (server.ts resolves it next to dist; tests next to src). */
  workerPath: string;
  taskTimeoutMs?: number;
  /** The worker thread's heap limit. */
  maxHeapMb?: number;
}

export class FileInspectionError extends Error {
  override name = 'FileInspectionError';
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** How much of a file tells whether it is text (the first 64 kB). */
const TEXT_PROBE_BYTES = 64 * 1024;

function looksLikeText(bytes: Uint8Array): boolean {
  const probe = bytes.subarray(0, TEXT_PROBE_BYTES);
  if (probe.includes(0)) return false;
  try {
    // A cut at the probe's end may split a character: allow that one.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.length > TEXT_PROBE_BYTES ? probe.subarray(0, probe.length - 4) : probe);
    return true;
  } catch {
    return false;
  }
}

function textType(bytes: Uint8Array, name: string | undefined): string {
  const lower = (name ?? '').toLowerCase();
  if (lower.endsWith('.csv')) return 'text/csv';
  if (lower.endsWith('.json') || /^\s*[[{]/.test(new TextDecoder().decode(bytes.subarray(0, 16)))) {
    try {
      JSON.parse(new TextDecoder().decode(bytes));
      return 'application/json';
    } catch {
      return 'text/plain';
    }
  }
  return 'text/plain';
}

export function createFileInspector({ workerPath, taskTimeoutMs = 20_000, maxHeapMb = 256 }: FileInspectorOptions): FileInspector {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const [id, task] of pending) {
      clearTimeout(task.timer);
      pending.delete(id);
      task.reject(error);
    }
  };

  const start = (): Worker => {
    if (worker) return worker;
    const created = new Worker(workerPath, { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
    created.unref();
    created.on('message', (message: { id: number; ok: boolean; result?: unknown; error?: string }) => {
      const task = pending.get(message.id);
      if (!task) return;
      clearTimeout(task.timer);
      pending.delete(message.id);
      if (message.ok) task.resolve(message.result);
      else task.reject(new FileInspectionError(message.error ?? 'the file could not be read'));
    });
    const gone = (error: Error) => {
      if (worker === created) worker = null;
      failAll(new FileInspectionError(`the file could not be read (${error.message})`));
    };
    created.on('error', gone);
    created.on('exit', (code) => gone(new Error(`worker exited with code ${code}`)));
    worker = created;
    return created;
  };

  const run = <T>(task: Record<string, unknown>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      const thread = start();
      const timer = setTimeout(() => {
        // The thread is busy with this file: replace it (its other tasks fail with it).
        pending.delete(id);
        reject(new FileInspectionError(`reading the file took longer than ${taskTimeoutMs} ms`));
        if (worker === thread) worker = null;
        void thread.terminate();
      }, taskTimeoutMs);
      timer.unref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      thread.postMessage({ id, ...task });
    });

  return {
    async contentTypeOf(bytes, name) {
      if (bytes.length === 0) return null;
      const found = await run<{ mime: string } | null>({ op: 'sniff', bytes: bytes.subarray(0, 1024 * 1024) });
      if (found) return found.mime;
      return looksLikeText(bytes) ? textType(bytes, name) : null;
    },
    extractText(bytes, contentType) {
      return run<ExtractedText>({ op: 'extract', bytes, contentType, maxChars: FILE_LIMITS.maxExtractedChars });
    },
    extractStructured(bytes, contentType, maxChars) {
      return run<StructuredText>({ op: 'structured', bytes, contentType, maxChars });
    },
    async close() {
      const thread = worker;
      worker = null;
      failAll(new FileInspectionError('the file inspector was closed'));
      if (thread) await thread.terminate();
    },
  };
}
