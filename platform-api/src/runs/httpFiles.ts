// Files in an HTTP step: the body it sends (a multipart form with a file
// part, or a file's bytes as the whole body) and an answer kept as a run
// file instead of text. The bytes come from and go to the run's files
// through the RunFiles port; the request itself still goes through
// safeFetch, with its address checks.
import { FILE_LIMITS, cleanFileName, formatBytes } from '@agentflow/shared/domain';
import type { HttpParams } from '@agentflow/shared/workflow';
import { renderTemplate } from '../expressions/evaluate.js';
import { filesOf } from './fileExpressions.js';
import type { RunFiles } from './ports.js';
import { StepFailure, type StepContext } from './steps.js';

export interface FileBody {
  body: Uint8Array;
  contentType: string;
}

function filesOfStep(context: StepContext, what: string): RunFiles {
  if (!context.files) throw new StepFailure(`${context.node.name} ${what}, but file storage is not available on this server`);
  return context.files;
}

/** The body of a step that sends a file ('multipart' or 'file'); null for a text body. */
export async function fileBody(p: HttpParams, context: StepContext): Promise<FileBody | null> {
  const kind = p.bodyKind ?? 'template';
  if (kind === 'template') return null;
  const files = filesOfStep(context, 'sends a file');
  const label = 'The file to send';
  const refs = p.file === undefined ? [] : await filesOf(p.file, context.input, label);
  if (refs.length !== 1) throw new StepFailure(`${label} (${p.file ?? ''}) gives ${refs.length === 0 ? 'no file' : `${refs.length} files`}; this step sends one`);
  const file = await files.read(context.run, refs[0]!, label);
  if (kind === 'file') return { body: file.bytes, contentType: file.contentType };

  const form = new FormData();
  for (const [name, template] of Object.entries(p.formFields ?? {})) form.append(name, await renderTemplate(template, context.input));
  form.append(p.fileField ?? 'file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.name);
  // The platform's own encoder writes the parts and their boundary (names and file names escaped as browsers do).
  const encoded = new Response(form);
  return { body: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? 'multipart/form-data' };
}

/** Types read as text (today's body); everything else is an answer worth keeping as a file. */
export function isTextType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type.startsWith('text/') || /[/+](json|xml)$/.test(type) || type === 'application/javascript' || type === 'application/x-www-form-urlencoded';
}

/** An answer without a content type is binary when it is not UTF-8 text. */
function looksBinary(bytes: Buffer): boolean {
  if (bytes.includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return false;
  } catch {
    return true;
  }
}

export interface ResponseHandling {
  /** The byte limit of the answer, on its headers (safeFetch's responseLimit). */
  limit: (headers: Record<string, string>) => number;
  /** The most an answer kept as a file may be (the plan's file size, within FILE_LIMITS.maxHttpFileBytes). */
  fileLimit: number;
  /** Whether this answer is kept as a file. */
  keepAsFile: (headers: Record<string, string>, raw: Buffer) => boolean;
}

/** How the step treats its answer; null without file storage (every answer is text, as before files existed). */
export async function responseHandling(p: HttpParams, context: StepContext, textLimit: number): Promise<ResponseHandling | null> {
  if (!context.files) {
    if (p.saveResponse === 'always') filesOfStep(context, 'keeps its answer as a file');
    return null;
  }
  const fileLimit = Math.min(FILE_LIMITS.maxHttpFileBytes, await context.files.maxFileBytes(context.run));
  const always = p.saveResponse === 'always';
  return {
    fileLimit,
    limit: (headers) => (always || !isTextType(headers['content-type']) ? fileLimit : textLimit),
    keepAsFile: (headers, raw) => raw.length > 0 && (always || (headers['content-type'] ? !isTextType(headers['content-type']) : looksBinary(raw))),
  };
}

/** The name a saved answer gets: the server's Content-Disposition file name, else the URL's last segment. */
export function answerFileName(headers: Record<string, string>, url: string): string {
  const disposition = headers['content-disposition'] ?? '';
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1]!.trim());
    } catch {
      name = null;
    }
  }
  name ??= /filename\s*=\s*"?([^";]+)"?/.exec(disposition)?.[1]?.trim() ?? null;
  if (!name) {
    try {
      name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    } catch {
      name = null;
    }
  }
  return cleanFileName(name, 'response');
}

/** Why an answer was refused for its size, said for the step. */
export function tooLargeMessage(method: string, url: string, limit: number, handling: ResponseHandling | null): string {
  const asFile = handling !== null && limit === handling.fileLimit;
  return `The answer of ${method} ${url} is larger than ${formatBytes(limit)}${asFile ? ', the most a file kept from an answer may be on this plan' : ', the most a step reads as text'}`;
}
