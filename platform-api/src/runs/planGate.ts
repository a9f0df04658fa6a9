// The PlanGate port's adapter: the owner's plan (plans/planRole.ts) and the
// domain's triggerRefusal.
import type { Firestore } from 'firebase-admin/firestore';
import { triggerRefusal } from '@agentflow/shared/domain';
import { planRoleOf } from '../plans/planRole.js';
import type { PlanGate } from './ports.js';

export function firestorePlanGate(db: Firestore): PlanGate {
  return {
    refusalFor: async (ownerId, trigger) => triggerRefusal(await planRoleOf(db, ownerId), trigger),
  };
}
