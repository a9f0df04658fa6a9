// Which workflow a voice "run workflow X" means, decided in the current
// workspace (the header's switcher): its workflows the user may run, and the
// workflows shared with them one by one (as runner or editor), never one in
// the trash. A name that fits two of them names neither: the notice asks
// which (a link to each), and nothing starts. Pure: tested without rendering.
import { shareRoleOf, workflowPermits, WORKSPACE_ROLE_PERMISSIONS, type AccessSubject, type WorkspaceRoleId } from '@agentflow/shared/workspaces';
import type { Workflow } from '@agentflow/shared/workflow';
import { normalizeText } from '../components/catalogueFilters';

export type VoiceRunMatch = { kind: 'one'; workflow: Workflow } | { kind: 'many'; workflows: Workflow[] } | { kind: 'none' };

/**
 * The workflows a voice command may start for `uid`: those of the current
 * workspace (`organizationId` null: their personal one; `roleId` their role
 * in the organization) and those shared with them, that the one decision
 * (workflowPermits 'run') lets them run; each once, none in the trash.
 */
export function runnableByVoice(uid: string, workspace: { organizationId: string | null; roleId: WorkspaceRoleId | null }, lists: ReadonlyArray<readonly Workflow[]>): Workflow[] {
  const { organizationId, roleId } = workspace;
  const subject: AccessSubject = { uid, grants: organizationId !== null && roleId !== null ? [{ roleId, organizationId, permissions: WORKSPACE_ROLE_PERMISSIONS[roleId] }] : [] };
  const byId = new Map<string, Workflow>();
  for (const workflow of lists.flat()) {
    if (workflow.deletedAt || byId.has(workflow.id)) continue;
    // Another workspace's workflow counts only when it is shared with the user.
    const inWorkspace = (workflow.organizationId ?? null) === organizationId && (organizationId !== null || workflow.ownerId === uid);
    const shared = shareRoleOf(workflow, uid) !== null;
    if ((inWorkspace || shared) && workflowPermits(subject, workflow, 'run')) byId.set(workflow.id, workflow);
  }
  return [...byId.values()];
}

/**
 * The workflow `name` names among `candidates`: the same name (case and
 * accents aside), else the only one whose name contains it. Two or more with
 * the same name, or (none the same) two or more containing it: 'many'.
 */
export function matchVoiceRun(candidates: readonly Workflow[], name: string): VoiceRunMatch {
  const wanted = normalizeText(name);
  if (!wanted) return { kind: 'none' };
  const exact = candidates.filter((workflow) => normalizeText(workflow.name) === wanted);
  const found = exact.length > 0 ? exact : candidates.filter((workflow) => normalizeText(workflow.name).includes(wanted));
  if (found.length === 0) return { kind: 'none' };
  if (found.length === 1) return { kind: 'one', workflow: found[0]! };
  return { kind: 'many', workflows: [...found].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)) };
}
