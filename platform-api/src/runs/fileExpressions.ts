// The files a step's file expression names (`{{ input.report }}`, or JSONata
// giving a list). Only the reference is taken from the data: which file it
// is, what it holds and whether the step may read it is decided by the file
// store (stepFiles.ts), never by a name or type the data claims.
import type { FileRef } from '@agentflow/shared/domain';
import { fileExpressionSource, type StepInput } from '@agentflow/shared/workflow';
import { evaluate } from '../expressions/evaluate.js';
import { StepFailure } from './steps.js';
import { messageOf } from '@agentflow/shared/domain';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A FileRef, or any object carrying a file id (a reference a transform rebuilt). */
function asRef(value: unknown): FileRef | null {
  if (!isRecord(value) || typeof value.fileId !== 'string' || value.fileId === '') return null;
  return {
    fileId: value.fileId,
    name: typeof value.name === 'string' && value.name !== '' ? value.name : 'file',
    contentType: typeof value.contentType === 'string' ? value.contentType : '',
    size: typeof value.size === 'number' ? value.size : 0,
  };
}

/**
 * The files an expression gives: none for null (an optional file field left
 * empty), one for a reference, each of a list. Anything else fails the step,
 * naming the expression by `label`.
 */
export async function filesOf(expression: string, input: StepInput, label: string): Promise<FileRef[]> {
  let value: unknown;
  try {
    value = await evaluate(fileExpressionSource(expression), input);
  } catch (error) {
    throw new StepFailure(`${label} (${expression}): ${messageOf(error)}`);
  }
  if (value === null || value === undefined) return [];
  const items = Array.isArray(value) ? value : [value];
  const refs: FileRef[] = [];
  for (const item of items) {
    const ref = asRef(item);
    if (!ref) throw new StepFailure(`${label} (${expression}) does not give a file: expected a file reference such as {{ input.report }}`);
    if (!refs.some((seen) => seen.fileId === ref.fileId)) refs.push(ref);
  }
  return refs;
}
