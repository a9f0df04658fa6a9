// Files a form has uploaded but not yet handed to a run or a decision. A
// start refused for another reason (no tokens, a bad text field) keeps them,
// so trying again does not upload the same bytes twice; a file the user swaps
// or removes is deleted on the service rather than left for the sweeper.
import { useCallback, useMemo, useRef } from 'react';
import type { FileRef } from '@agentflow/shared/files';
import type { FilesClient, UploadPart } from '../../api/files';

export interface StagedUploads {
  /** Each part's FileRef by its field, uploading (in one request) only the files not uploaded yet. */
  upload(parts: readonly UploadPart[]): Promise<Record<string, FileRef>>;
  /** Forgets a picked file's upload; `discard` also deletes it on the service (it will not be used). */
  forget(file: File, discard?: boolean): void;
  /** The uploads were taken by a run or a decision: nothing left to discard. */
  taken(): void;
}

export function useStagedUploads(client: FilesClient): StagedUploads {
  const staged = useRef(new Map<File, FileRef>());

  const upload = useCallback(
    async (parts: readonly UploadPart[]) => {
      const missing = parts.filter((part) => !staged.current.has(part.file));
      if (missing.length > 0) {
        const uploaded = await client.upload(missing);
        for (const part of missing) {
          const answer = uploaded.find((entry) => entry.field === part.field);
          if (!answer) throw new Error(`The upload of ${part.field} was not confirmed`);
          staged.current.set(part.file, answer.file);
        }
      }
      return Object.fromEntries(parts.map((part) => [part.field, staged.current.get(part.file)!]));
    },
    [client],
  );

  const forget = useCallback(
    (file: File, discard = true) => {
      const ref = staged.current.get(file);
      if (!ref) return;
      staged.current.delete(file);
      // Best effort: an upload nobody uses is swept after a day anyway.
      if (discard) void client.discard(ref.fileId).catch(() => undefined);
    },
    [client],
  );

  const taken = useCallback(() => staged.current.clear(), []);

  return useMemo(() => ({ upload, forget, taken }), [upload, forget, taken]);
}
