// The runs service's file port on the file store: a new run takes the
// owner's uploads its input names (all or none, in one transaction), each
// checked against its field's accepted types on the type its bytes have.
import { toFileRef } from '@agentflow/shared/server';
import type { FileStore } from '../files/index.js';
import type { RunFileAttacher } from './ports.js';

export function storeFileAttacher(store: FileStore): RunFileAttacher {
  return {
    async attach(ownerId, files, { runId, workflowId }) {
      const stored = await store.attach(ownerId, files, { kind: 'run', runId, workflowId, stepId: null });
      return stored.map(toFileRef);
    },
  };
}
