// Test code only: an in-memory SharingClient (platform-api's shares and move)
// whose calls are jest mocks; `refuse` makes the next call fail with a code.
import { jest } from '@jest/globals';
import { ApiError } from '@agentflow/shared';
import { type ShareRoleId } from '@agentflow/shared/workspaces';
import type { WorkflowShare } from '@agentflow/shared/workspaces';
import type { SharingClient } from '../sharing/sharingClient';

/** Accounts the fake knows by e-mail (others are user_not_found). */
const PEOPLE: Record<string, { uid: string; displayName: string }> = {
  'bob@example.com': { uid: 'user-bob', displayName: 'Bob Runner' },
  'cy@example.com': { uid: 'user-cy', displayName: 'Cy Viewer' },
};

export function createFakeSharingClient(initial: WorkflowShare[] = []) {
  let shares = [...initial];
  let refusal: { status: number; code: string } | null = null;
  const refused = () => {
    const next = refusal;
    refusal = null;
    return next ? Promise.reject(new ApiError(next.code, next.status, next.code, next.code)) : null;
  };
  const client = {
    list: jest.fn(async (_workflowId: string) => refused() ?? [...shares]),
    share: jest.fn(async (_workflowId: string, email: string, roleId: ShareRoleId) => {
      const failure = refused();
      if (failure) return failure;
      const person = PEOPLE[email];
      if (!person) throw new ApiError('No account', 404, 'user_not_found', 'No account');
      shares = [...shares.filter((share) => share.uid !== person.uid), { uid: person.uid, email, displayName: person.displayName, roleId }];
      return [...shares];
    }),
    remove: jest.fn(async (_workflowId: string, uid: string) => {
      const failure = refused();
      if (failure) return failure;
      shares = shares.filter((share) => share.uid !== uid);
      return [...shares];
    }),
    move: jest.fn(async (workflowId: string, workspaceId: string) => refused() ?? { id: workflowId, organizationId: workspaceId === 'personal' ? null : workspaceId }),
  } satisfies SharingClient;
  return { client, refuse: (status: number, code: string) => (refusal = { status, code }) };
}
