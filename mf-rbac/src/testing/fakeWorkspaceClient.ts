// Test code only: an in-memory WorkspaceClient (platform-api's members and
// invitations) whose calls are jest mocks; `refuse` makes the next call of a
// kind fail with an ApiError carrying the service's code and details.
import { jest } from '@jest/globals';
import { ApiError, type WorkspaceSummary } from '@agentflow/shared';
import { type WorkspaceRoleId } from '@agentflow/shared/workspaces';
import type { ReceivedInvitation, WorkspaceInvitation, WorkspaceMember, WorkspaceSettings } from '@agentflow/shared/workspaces';
import type { WorkspaceClient } from '../pages/workspace/workspaceClient';

export interface FakeWorkspaceState {
  members: WorkspaceMember[];
  invitations: WorkspaceInvitation[];
  received: ReceivedInvitation[];
  settings: WorkspaceSettings;
}

export function createFakeWorkspaceClient(initial: Partial<FakeWorkspaceState> = {}, joined?: WorkspaceSummary) {
  const state: FakeWorkspaceState = { members: [], invitations: [], received: [], settings: { approvalLinksRequireSignIn: true }, ...initial };
  const refusals = new Map<string, ApiError>();
  const refused = (kind: string) => {
    const error = refusals.get(kind);
    refusals.delete(kind);
    if (error) throw error;
  };
  let next = 1;
  const client = {
    members: jest.fn(async (_workspaceId: string) => {
      refused('members');
      return { members: [...state.members], invitations: [...state.invitations] };
    }),
    changeRole: jest.fn(async (_workspaceId: string, uid: string, roleId: WorkspaceRoleId) => {
      refused('changeRole');
      state.members = state.members.map((member) => (member.uid === uid ? { ...member, roleId } : member));
      return state.members.find((member) => member.uid === uid) as WorkspaceMember;
    }),
    removeMember: jest.fn(async (_workspaceId: string, uid: string) => {
      refused('removeMember');
      state.members = state.members.filter((member) => member.uid !== uid);
    }),
    invite: jest.fn(async (_workspaceId: string, email: string, roleId: WorkspaceRoleId) => {
      refused('invite');
      const invitation: WorkspaceInvitation = { id: `inv-${next++}`, email, roleId, status: 'pending', expiresAt: '2026-12-04T09:00:00.000Z' };
      state.invitations = [...state.invitations, invitation];
      return invitation;
    }),
    withdraw: jest.fn(async (_workspaceId: string, invitationId: string) => {
      refused('withdraw');
      state.invitations = state.invitations.filter((invitation) => invitation.id !== invitationId);
    }),
    received: jest.fn(async () => {
      refused('received');
      return [...state.received];
    }),
    accept: jest.fn(async (invitationId: string) => {
      refused('accept');
      state.received = state.received.filter((invitation) => invitation.id !== invitationId);
      if (!joined) throw new ApiError('not found', 404, 'invitation_not_found');
      return joined;
    }),
    updateSettings: jest.fn(async (_workspaceId: string, change: { approvalLinksRequireSignIn?: boolean }) => {
      refused('updateSettings');
      state.settings = { ...state.settings, ...change };
      return { ...state.settings };
    }),
    decline: jest.fn(async (invitationId: string) => {
      refused('decline');
      state.received = state.received.filter((invitation) => invitation.id !== invitationId);
    }),
  } satisfies WorkspaceClient;
  return { client, state, refuse: (kind: keyof WorkspaceClient, error: ApiError) => refusals.set(kind, error) };
}
