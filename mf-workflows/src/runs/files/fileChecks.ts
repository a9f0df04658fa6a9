// Pure helpers for files in runs: the accept presets a builder offers for a
// file field, what a picker accepts, the checks made before anything is
// uploaded (the plan's size, the field's types: the same rules platform-api
// applies, so a refusal arrives early and in the user's words), and where the
// files of a run and its steps are.
import { DOCX_TYPE, FILE_LIMITS, RUN_FILE_TYPES, fileRefsIn, typeAccepted, type FileRef } from '@agentflow/shared/files';
import type { RunStep } from '@agentflow/shared/workflow';

/** The "Accepted files" choices of a file field, each an `accept` list (empty: every run file type). */
export const ACCEPT_PRESETS = {
  any: [],
  images: ['image/*'],
  pdf: ['application/pdf'],
  documents: ['application/pdf', DOCX_TYPE, 'text/plain'],
} as const satisfies Record<string, readonly string[]>;

export type AcceptPreset = keyof typeof ACCEPT_PRESETS;
export const ACCEPT_PRESET_KEYS = Object.keys(ACCEPT_PRESETS) as AcceptPreset[];

/** The preset an accept list is (order does not matter), or null for a list made by hand (an import). */
export function presetOf(accept: readonly string[] | undefined): AcceptPreset | null {
  const given = [...new Set(accept ?? [])].sort().join(',');
  return ACCEPT_PRESET_KEYS.find((key) => [...ACCEPT_PRESETS[key]].sort().join(',') === given) ?? null;
}

/** The picker's accept attribute: the field's list, or every type a run takes. */
export const acceptAttribute = (accept: readonly string[]): string => (accept.length > 0 ? accept : RUN_FILE_TYPES).join(',');

/** The biggest file a user may upload: their plan's limit, never above what one upload may be. */
export const maxUploadBytes = (planMaxFileBytes: number): number => Math.min(planMaxFileBytes, FILE_LIMITS.maxUploadBytes);

export type FileProblem = { code: 'tooLarge'; maxBytes: number } | { code: 'wrongType' };

/**
 * Why a picked file cannot go, or null. The type is the browser's guess from
 * the name; an unknown one ('') is left to platform-api, which decides on the bytes.
 */
export function checkFile(file: Pick<File, 'size' | 'type'>, { accept, maxBytes }: { accept: readonly string[]; maxBytes: number }): FileProblem | null {
  if (file.size > maxBytes) return { code: 'tooLarge', maxBytes };
  if (file.type !== '' && !typeAccepted(file.type, accept)) return { code: 'wrongType' };
  return null;
}

/** The field a refusal names, without the runs API's `input.` prefix ('input.photo' → 'photo'). */
export const formFieldOf = (field: string | null): string | null => (field === null ? null : field.replace(/^input\./, ''));

export interface StepFiles {
  /** Files the step was given that it did not pass on. */
  received: FileRef[];
  /** Files in the step's output (a saved HTTP answer, a decision's attachments, the trigger's input). */
  produced: FileRef[];
}

/** A step's files: each once, those it produced (or passed on) under produced. */
export function stepFiles(step: Pick<RunStep, 'input' | 'output'>): StepFiles {
  const produced = fileRefsIn(step.output);
  const out = new Set(produced.map((file) => file.fileId));
  return { received: fileRefsIn(step.input).filter((file) => !out.has(file.fileId)), produced };
}
