// The error workflow's ports on Firestore and the runs service (runs/index.ts plugs them in).
import type { Firestore } from 'firebase-admin/firestore';
import { RUN_SERVER_COLLECTIONS, WORKFLOW_COLLECTION, workflowFromDocument } from '@agentflow/shared/workflow';
import { mayRunWorkflow } from '../access.js';
import type { RunsService } from '../service.js';
import type { ErrorWorkflowPorts } from './errorWorkflow.js';

/** gRPC ALREADY_EXISTS: create() of a document another caller created first. */
const ALREADY_EXISTS = 6;

/** `service` is asked for when a run fails: the service is built after the executor that reports failures. */
export function firestoreErrorWorkflowPorts(db: Firestore, service: () => RunsService, now: () => Date = () => new Date()): ErrorWorkflowPorts {
  return {
    loadWorkflow: async (workflowId) => {
      const snapshot = await db.collection(WORKFLOW_COLLECTION).doc(workflowId).get();
      return snapshot.exists ? workflowFromDocument(snapshot.id, snapshot.data() ?? {}) : null;
    },
    // The run's owner as the caller: the access rule reads only the uid.
    mayRun: (ownerId, workflow) => mayRunWorkflow(db, { uid: ownerId }, workflow),
    start: (newRun) => service().start(newRun),
    // create() is atomic: of several instances reporting the same failed run, one creates the claim.
    claim: async (failedRunId, errorWorkflowId) => {
      try {
        await db.collection(RUN_SERVER_COLLECTIONS.errorWorkflowStarts).doc(failedRunId).create({ errorWorkflowId, claimedAt: now().toISOString() });
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code === ALREADY_EXISTS) return false;
        throw error;
      }
    },
  };
}
