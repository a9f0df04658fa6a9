import { ACCESS_CASES, ACCESS_COLUMNS, ACCESS_WORLD, APPROVAL_APPROVERS, type AccessCase } from '../../../testing/workspaceAccessCases';
import { grantsFor } from './access';
import { ADMIN_ROLE, BUILT_IN_ROLES } from './defaults';
import {
  WORKSPACE_ROLES,
  WORKSPACE_ROLE_PERMISSIONS,
  effectiveWorkspaceRole,
  mayDecideApproval,
  workflowPermits,
  workspaceKey,
  type AccessSubject,
  type WorkflowAction,
} from './workspaces';

const roles = new Map(BUILT_IN_ROLES.map((role) => [role.id, role]));

function subjectOf(uid: string, removed: boolean): AccessSubject {
  const assignments = ACCESS_WORLD.assignments.filter((a) => a.uid === uid && !(removed && uid === ACCESS_WORLD.removedUser));
  return { uid, verifiedEmail: `${uid}@example.com`, grants: grantsFor(assignments, roles) };
}

function decide(testCase: AccessCase, column: (typeof ACCESS_COLUMNS)[number]): boolean {
  const workflow = ACCESS_WORLD.workflows.find((w) => w.id === testCase.workflow);
  if (!workflow) throw new Error(`no workflow ${testCase.workflow}`);
  const subject = subjectOf(testCase.who, testCase.removedFirst === true);
  return column === 'approve' ? mayDecideApproval(subject, workflow, APPROVAL_APPROVERS) : workflowPermits(subject, workflow, column as WorkflowAction);
}

describe('the one table of workspace access cases, against the domain decision', () => {
  it.each(ACCESS_CASES.map((c) => [`${c.who} on ${c.workflow}${c.removedFirst ? ' after removal' : ''}`, c] as const))('%s', (_name, testCase) => {
    const got = Object.fromEntries(ACCESS_COLUMNS.map((column) => [column, decide(testCase, column)]));
    expect(got).toEqual(testCase.expect);
  });
});

describe('workspace roles', () => {
  it('are built in, made of permissions that exist, each holding all of the one below it', () => {
    const builtIn = new Set(BUILT_IN_ROLES.map((role) => role.id));
    for (const role of WORKSPACE_ROLES) expect(builtIn.has(role.id)).toBe(true);
    const ids = Object.keys(WORKSPACE_ROLE_PERMISSIONS) as (keyof typeof WORKSPACE_ROLE_PERMISSIONS)[];
    for (let i = 1; i < ids.length; i++) {
      const lower = WORKSPACE_ROLE_PERMISSIONS[ids[i - 1] as keyof typeof WORKSPACE_ROLE_PERMISSIONS];
      const higher = WORKSPACE_ROLE_PERMISSIONS[ids[i] as keyof typeof WORKSPACE_ROLE_PERMISSIONS];
      for (const permission of lower) expect(higher).toContain(permission);
    }
  });

  it('templates are only viewed, by anyone', () => {
    const template = { ownerId: 'system', organizationId: null, visibility: 'template' };
    const admin: AccessSubject = { uid: 'a', grants: grantsFor([{ roleId: ADMIN_ROLE.id }], roles) };
    expect(workflowPermits({ uid: 'x', grants: [] }, template, 'view')).toBe(true);
    expect(workflowPermits(admin, template, 'edit')).toBe(false);
    expect(workflowPermits(admin, template, 'run')).toBe(false);
  });

  it('a share never counts for a role it does not name, and an unknown share role grants nothing', () => {
    const workflow = { ownerId: 'pat', organizationId: null, visibility: 'private', sharedWith: { sam: 'workspace_admin', kim: 'owner' } };
    expect(workflowPermits({ uid: 'sam', grants: [] }, workflow, 'view')).toBe(false);
    expect(workflowPermits({ uid: 'kim', grants: [] }, workflow, 'view')).toBe(false);
    expect(effectiveWorkspaceRole({ uid: 'sam', grants: [] }, workflow)).toBeNull();
  });

  it('approvers by user id and by verified e-mail; an e-mail match is case-insensitive and needs a verified address', () => {
    const workflow = { ownerId: 'pat', organizationId: null, visibility: 'private' };
    expect(mayDecideApproval({ uid: 'u1', grants: [] }, workflow, ['u1'])).toBe(true);
    expect(mayDecideApproval({ uid: 'u2', verifiedEmail: 'Boss@Example.com', grants: [] }, workflow, ['boss@example.com'])).toBe(true);
    expect(mayDecideApproval({ uid: 'u2', verifiedEmail: null, grants: [] }, workflow, ['boss@example.com'])).toBe(false);
    // Holding an approver role (not a workspace role) counts globally or in the workflow's organization only.
    const inOther = grantsFor([{ roleId: 'sales_manager', organizationId: 'other' }], roles);
    const inAcme = grantsFor([{ roleId: 'sales_manager', organizationId: 'acme' }], roles);
    const orgWorkflow = { ownerId: 'pat', organizationId: 'acme', visibility: 'organization' };
    expect(mayDecideApproval({ uid: 'u3', grants: inOther }, orgWorkflow, ['sales_manager'])).toBe(false);
    expect(mayDecideApproval({ uid: 'u3', grants: inAcme }, orgWorkflow, ['sales_manager'])).toBe(true);
  });

  it('the workspace key of runs: the organization, or the owner’s personal workspace', () => {
    expect(workspaceKey({ ownerId: 'pat', organizationId: null })).toBe('user:pat');
    expect(workspaceKey({ ownerId: 'pat', organizationId: 'acme' })).toBe('acme');
  });
});
