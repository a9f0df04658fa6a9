// One table of who may do what with a workflow, written out by hand (not
// computed), run against the domain's decision (workspaces.test.ts), the
// security rules (firebase/workspaces.rules.test.ts) and platform-api's
// endpoints (platform-api/src/workspaces/access.api.test.ts), so the three
// cannot drift apart.
//
// The world: an organization `acme` is a shared workspace; `pat` has a
// personal workflow P shared with `sam` as runner; acme has a workflow W and
// a workflow S shared with `sam` as editor. Every workflow's approval step
// names the role workspace_editor (editors, admins and the owner decide).
// `max` is an editor of acme who is removed mid-way: the row marked
// `removedFirst` is asked after the removal.
import type { WorkflowAction } from '../src/domain/rbac/workspaces';

export const ACCESS_ORG = 'acme';
export const APPROVAL_APPROVERS = ['workspace_editor'] as const;

export interface AccessWorldAssignment {
  uid: string;
  roleId: string;
  organizationId: string | null;
}

export interface AccessWorldWorkflow {
  id: 'P' | 'W' | 'S';
  ownerId: string;
  organizationId: string | null;
  visibility: 'private' | 'organization';
  sharedWith: Record<string, string>;
}

export const ACCESS_WORLD: { assignments: readonly AccessWorldAssignment[]; workflows: readonly AccessWorldWorkflow[]; removedUser: string } = {
  assignments: [
    { uid: 'olga', roleId: 'workspace_owner', organizationId: ACCESS_ORG },
    { uid: 'adam', roleId: 'workspace_admin', organizationId: ACCESS_ORG },
    { uid: 'erin', roleId: 'workspace_editor', organizationId: ACCESS_ORG },
    { uid: 'rob', roleId: 'workspace_runner', organizationId: ACCESS_ORG },
    { uid: 'vic', roleId: 'workspace_viewer', organizationId: ACCESS_ORG },
    { uid: 'max', roleId: 'workspace_editor', organizationId: ACCESS_ORG },
    { uid: 'gail', roleId: 'admin', organizationId: null },
  ],
  workflows: [
    { id: 'P', ownerId: 'pat', organizationId: null, visibility: 'private', sharedWith: { sam: 'workspace_runner' } },
    { id: 'W', ownerId: 'erin', organizationId: ACCESS_ORG, visibility: 'organization', sharedWith: {} },
    { id: 'S', ownerId: 'erin', organizationId: ACCESS_ORG, visibility: 'organization', sharedWith: { sam: 'workspace_editor' } },
  ],
  removedUser: 'max',
};

export type AccessColumn = WorkflowAction | 'approve';
export const ACCESS_COLUMNS: readonly AccessColumn[] = ['view', 'edit', 'run', 'share', 'delete', 'useCredential', 'approve'];

export interface AccessCase {
  who: string;
  workflow: AccessWorldWorkflow['id'];
  /** Asked after `max` was removed from acme. */
  removedFirst?: boolean;
  expect: Record<AccessColumn, boolean>;
}

const T = true;
const F = false;
/** view, edit, run, share, delete, useCredential, approve */
const row = (who: string, workflow: AccessCase['workflow'], cells: [boolean, boolean, boolean, boolean, boolean, boolean, boolean], removedFirst = false): AccessCase => ({
  who,
  workflow,
  ...(removedFirst ? { removedFirst } : {}),
  expect: { view: cells[0], edit: cells[1], run: cells[2], share: cells[3], delete: cells[4], useCredential: cells[5], approve: cells[6] },
});

export const ACCESS_CASES: readonly AccessCase[] = [
  // A personal workflow: its owner does everything; a share as runner sees and runs it.
  row('pat', 'P', [T, T, T, T, T, T, T]),
  row('sam', 'P', [T, F, T, F, F, F, F]),
  row('olga', 'P', [F, F, F, F, F, F, F]),
  row('out', 'P', [F, F, F, F, F, F, F]),
  row('gail', 'P', [T, T, T, T, T, T, T]),
  // A shared workspace's workflow: each workspace role.
  row('olga', 'W', [T, T, T, T, T, T, T]),
  row('adam', 'W', [T, T, T, T, T, T, T]),
  row('erin', 'W', [T, T, T, F, F, T, T]),
  row('rob', 'W', [T, F, T, F, F, F, F]),
  row('vic', 'W', [T, F, F, F, F, F, F]),
  row('out', 'W', [F, F, F, F, F, F, F]),
  row('sam', 'W', [F, F, F, F, F, F, F]),
  row('pat', 'W', [F, F, F, F, F, F, F]),
  row('gail', 'W', [T, T, T, T, T, T, T]),
  // A member removed mid-way: an editor before, nothing after (even on the workflows they made).
  row('max', 'W', [T, T, T, F, F, T, T]),
  row('max', 'W', [F, F, F, F, F, F, F], true),
  // Shared with one user: the share adds an editor's rights on that workflow alone.
  row('sam', 'S', [T, T, T, F, F, T, T]),
  row('vic', 'S', [T, F, F, F, F, F, F]),
  row('rob', 'S', [T, F, T, F, F, F, F]),
  row('out', 'S', [F, F, F, F, F, F, F]),
];
