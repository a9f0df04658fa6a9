// The loop step as runs/index.ts plugs it in: the executor's own handlers and
// limits, the owner's plan for the item limit, item records in Firestore.
import type { Firestore } from 'firebase-admin/firestore';
import { entitlementsFor } from '@agentflow/shared/domain';
import { planRoleOf } from '../../plans/planRole.js';
import type { RunExecutor } from '../engine.js';
import type { StepHandler } from '../steps.js';
import { firestoreLoopItems } from './itemRecords.js';
import { createLoopHandler } from './loopStep.js';

export { createLoopHandler, loopChildStepId, LoopStepError, type LoopStepDeps } from './loopStep.js';
export { firestoreLoopItems, deleteLoopItems, LOOP_ITEMS_SUBCOLLECTION, type LoopItemRecord, type LoopItemStore } from './itemRecords.js';
export { mountLoopItems } from './itemsRoute.js';

/** `executor` is asked for when a loop runs (the executor is built with its handlers, this one among them). */
export function firestoreLoopHandler(db: Firestore, executor: () => RunExecutor): StepHandler {
  return createLoopHandler({
    handlerFor: (type) => executor().handler(type),
    limits: () => executor().limits,
    maxItems: async (ownerId) => entitlementsFor(await planRoleOf(db, ownerId)).maxLoopItems,
    records: firestoreLoopItems(db),
    now: () => executor().now(),
  });
}
