// The engine's RunFiles port (ports.ts) on the file store and the
// inspector: what a step may read, how it keeps what it produced, and the
// text an agent reads. The refusals are step failures with a message the
// run shows; a storage outage is transient (the executor tries again).
//
// Who may read what: a step works for the run's payer and starter inside one
// workflow, so it reads their files of that workflow's runs (the run's own
// input and steps, an earlier run's input when it is re-run, approvers'
// attachments). A file id typed into an expression (another user's file,
// an upload no run took, a profile photo) fails exactly as a missing file
// does: the step learns nothing about it.
import { FILE_LIMITS, type FileMetadata, formatBytes, RUN_FILE_TYPES, TEXT_EXTRACTABLE_TYPES, toFileRef } from '@agentflow/shared/server';
import { messageOf } from '@agentflow/shared/domain';
import { FileRefusedError, type FilesModule } from '../files/index.js';
import type { RunFileOwner, RunFiles } from './ports.js';
import { StepFailure, TransientStepError } from './steps.js';

/** Whether the step of `run` may read `file`. */
export function stepMayRead(run: RunFileOwner, file: FileMetadata): boolean {
  const { use } = file;
  // The payer's files, and the starter's (a user the workflow is shared with starts it with their own uploads).
  const mine = file.ownerId === run.ownerId || (typeof run.startedBy === 'string' && file.ownerId === run.startedBy);
  return mine && (use.kind === 'run' || use.kind === 'approval') && use.workflowId === run.workflowId;
}

/** A file store refusal as the step's failure: an outage may pass, a plan limit will not. */
function asStepError(error: unknown, label: string): Error {
  if (error instanceof FileRefusedError) {
    if (error.status === 503) return new TransientStepError(`${label}: ${error.message}`);
    return new StepFailure(`${label}: ${error.message}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** A type a saved file may be served as; anything else is kept as plain bytes (never served as something a browser runs). */
function storedType(sniffed: string | null): string {
  return sniffed !== null && (RUN_FILE_TYPES as readonly string[]).includes(sniffed) ? sniffed : 'application/octet-stream';
}

export function storeStepFiles({ store, inspector }: Pick<FilesModule, 'store' | 'inspector'>): RunFiles {
  const usable = async (run: RunFileOwner, fileId: string, label: string): Promise<FileMetadata> => {
    let file: FileMetadata | null;
    try {
      file = await store.get(fileId);
    } catch {
      throw new TransientStepError(`${label}: file storage is unavailable right now`);
    }
    if (!file || !stepMayRead(run, file)) throw new StepFailure(`${label}: this file cannot be used here; a step reads only files of this workflow's runs`);
    return file;
  };

  return {
    async read(run, ref, label) {
      const file = await usable(run, ref.fileId, label);
      try {
        return { bytes: await store.read(file), contentType: file.contentType, name: file.name };
      } catch (error) {
        throw asStepError(error, label);
      }
    },

    async save(run, stepId, { name, bytes }) {
      const label = `The file "${name}"`;
      let contentType: string;
      try {
        contentType = storedType(await inspector.contentTypeOf(bytes, name));
      } catch {
        // The inspector could not decide (a file it chokes on): keep the bytes, typed as bytes.
        contentType = 'application/octet-stream';
      }
      try {
        const saved = await store.save({
          ownerId: run.ownerId,
          organizationId: run.organizationId ?? null,
          name,
          bytes,
          contentType,
          use: { kind: 'run', runId: run.id, workflowId: run.workflowId, stepId },
          field: null,
        });
        return toFileRef(saved);
      } catch (error) {
        throw asStepError(error, label);
      }
    },

    async extractText(run, ref, label) {
      const file = await usable(run, ref.fileId, label);
      const named = `${label} ("${file.name}")`;
      if (!(TEXT_EXTRACTABLE_TYPES as readonly string[]).includes(file.contentType)) {
        throw new StepFailure(`${named}: an agent reads text from PDF, Word (.docx) and text files, not ${file.contentType}`);
      }
      if (file.size > FILE_LIMITS.maxExtractBytes) throw new StepFailure(`${named}: the file is larger than ${formatBytes(FILE_LIMITS.maxExtractBytes)}, the most an agent reads`);
      let bytes: Buffer;
      try {
        bytes = await store.read(file);
      } catch (error) {
        throw asStepError(error, named);
      }
      try {
        const { text, truncated } = await inspector.extractText(bytes, file.contentType);
        return { name: file.name, contentType: file.contentType, text, truncated };
      } catch (error) {
        throw new StepFailure(`${named}: its text could not be read (${messageOf(error)})`);
      }
    },

    maxFileBytes: (run) => store.maxFileBytes(run.ownerId),
  };
}
