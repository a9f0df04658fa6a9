// Which workspace each user last chose on this device (localStorage, one key
// per user, so someone else signing in on the same browser starts in theirs).
import { PERSONAL_WORKSPACE } from '../../domain/rbac/workspaces.js';

export const CURRENT_WORKSPACE_KEY_PREFIX = 'agentflow.currentWorkspace.';

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

/** The workspace `uid` chose last here; PERSONAL_WORKSPACE when none (or storage is blocked). */
export function readCurrentWorkspace(uid: string): string {
  try {
    return storage()?.getItem(`${CURRENT_WORKSPACE_KEY_PREFIX}${uid}`) || PERSONAL_WORKSPACE;
  } catch {
    return PERSONAL_WORKSPACE;
  }
}

export function saveCurrentWorkspace(uid: string, id: string): void {
  try {
    storage()?.setItem(`${CURRENT_WORKSPACE_KEY_PREFIX}${uid}`, id);
  } catch {
    // Private mode or a full storage: the choice lasts for this visit only.
  }
}
