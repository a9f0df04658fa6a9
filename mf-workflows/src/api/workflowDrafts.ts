// Builder edits made offline, kept on this device until they reach Firestore.
// One entry per user and workflow in localStorage: the edited workflow, the
// version it was edited from (the base: when the server still has that
// version, the edit can be written; when it has a newer one, someone else
// changed it meanwhile and the user chooses), and when it was saved here.
// Firestore's own offline write queue is not used for these edits: a queued
// write carries no base, and the security rules would reject it on sync
// (the version moved on) without anyone seeing the edit was lost.
// Unlike the read copies (deviceCopy), drafts survive sign-out: they are the
// user's unsaved work, and only that user (the uid in the key) sees them.
import { deviceStorage } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';

export const DRAFT_PREFIX = 'agentflow.workflows.draft.v1';

export interface WorkflowDraft {
  uid: string;
  workflowId: string;
  /** The server's version the edit started from. */
  baseVersion: number;
  workflow: Workflow;
  /** ISO time of the last edit saved here. */
  savedAt: string;
}

const keyOf = (uid: string, workflowId: string) => `${DRAFT_PREFIX}:${encodeURIComponent(uid)}:${encodeURIComponent(workflowId)}`;

function isDraft(value: unknown, uid: string, workflowId: string): value is WorkflowDraft {
  const draft = value as Partial<WorkflowDraft> | null;
  return Boolean(
    draft &&
      draft.uid === uid &&
      draft.workflowId === workflowId &&
      typeof draft.baseVersion === 'number' &&
      typeof draft.savedAt === 'string' &&
      draft.workflow &&
      draft.workflow.id === workflowId &&
      Array.isArray(draft.workflow.nodes) &&
      Array.isArray(draft.workflow.edges),
  );
}

export function readDraft(uid: string, workflowId: string, storage: Storage | null = deviceStorage()): WorkflowDraft | null {
  if (!storage || !uid) return null;
  try {
    const raw = storage.getItem(keyOf(uid, workflowId));
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return isDraft(value, uid, workflowId) ? value : null;
  } catch {
    return null;
  }
}

/** Saves the edit; false when storage is full or blocked (the builder then says the edit is not saved). */
export function writeDraft(draft: Omit<WorkflowDraft, 'savedAt'>, storage: Storage | null = deviceStorage(), now: Date = new Date()): WorkflowDraft | null {
  if (!storage || !draft.uid) return null;
  const stored: WorkflowDraft = { ...draft, savedAt: now.toISOString() };
  try {
    storage.setItem(keyOf(draft.uid, draft.workflowId), JSON.stringify(stored));
    return stored;
  } catch {
    return null;
  }
}

export function clearDraft(uid: string, workflowId: string, storage: Storage | null = deviceStorage()): void {
  try {
    storage?.removeItem(keyOf(uid, workflowId));
  } catch {
    // blocked storage holds no draft
  }
}
