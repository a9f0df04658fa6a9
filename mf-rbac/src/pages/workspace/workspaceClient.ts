// platform-api's workspace endpoints (WORKSPACES_API) for the members and
// invitation pages, on the shared API client. A refusal rejects with the one
// ApiError; the pages translate its `code` (workspaceErrorKey).
import { createContext, useContext, useMemo } from 'react';
import { ApiError, createApiClient, useAuth, usePlatform, type ApiClientOptions } from '@agentflow/shared';
import { isWorkspaceErrorCode, WORKSPACES_API, type InvitationAccepted, type InvitationCreated, type ReceivedInvitation, type ReceivedInvitationList, type WorkspaceInvitation, type WorkspaceMember, type WorkspaceMembers, type WorkspaceMemberUpdated, type WorkspaceSummary, type WorkspaceRoleId, type UpdateWorkspaceSettingsBody, type WorkspaceSettings, type WorkspaceSettingsUpdated } from '@agentflow/shared/workspaces';

export interface WorkspaceClient {
  members(workspaceId: string): Promise<WorkspaceMembers>;
  changeRole(workspaceId: string, uid: string, roleId: WorkspaceRoleId): Promise<WorkspaceMember>;
  /** Removes a member, or the caller themselves (leaving). */
  removeMember(workspaceId: string, uid: string): Promise<void>;
  invite(workspaceId: string, email: string, roleId: WorkspaceRoleId): Promise<WorkspaceInvitation>;
  withdraw(workspaceId: string, invitationId: string): Promise<void>;
  /** The invitations addressed to the caller's verified e-mail. */
  received(): Promise<ReceivedInvitation[]>;
  accept(invitationId: string): Promise<WorkspaceSummary>;
  decline(invitationId: string): Promise<void>;
  /** Changes some of a workspace's settings ('personal' = the caller's own); resolves to all of them as saved. */
  updateSettings(workspaceId: string, change: UpdateWorkspaceSettingsBody): Promise<WorkspaceSettings>;
}

export function createWorkspaceClient(options: ApiClientOptions): WorkspaceClient {
  const call = createApiClient(options);
  return {
    members: async (workspaceId) => {
      const body = await call<Partial<WorkspaceMembers> | undefined>('GET', WORKSPACES_API.members(workspaceId));
      return { members: Array.isArray(body?.members) ? body.members : [], invitations: Array.isArray(body?.invitations) ? body.invitations : [] };
    },
    changeRole: async (workspaceId, uid, roleId) => (await call<WorkspaceMemberUpdated>('PATCH', WORKSPACES_API.member(workspaceId, uid), { body: { roleId } })).member,
    removeMember: async (workspaceId, uid) => {
      await call('DELETE', WORKSPACES_API.member(workspaceId, uid));
    },
    invite: async (workspaceId, email, roleId) => (await call<InvitationCreated>('POST', WORKSPACES_API.invitations(workspaceId), { body: { email, roleId } })).invitation,
    withdraw: async (workspaceId, invitationId) => {
      await call('DELETE', WORKSPACES_API.invitation(workspaceId, invitationId));
    },
    received: async () => {
      const body = await call<ReceivedInvitationList | undefined>('GET', WORKSPACES_API.receivedInvitations);
      return Array.isArray(body?.invitations) ? body.invitations : [];
    },
    accept: async (invitationId) => (await call<InvitationAccepted>('POST', WORKSPACES_API.acceptInvitation(invitationId), { body: {} })).workspace,
    decline: async (invitationId) => {
      await call('POST', WORKSPACES_API.declineInvitation(invitationId), { body: {} });
    },
    updateSettings: async (workspaceId, change) => (await call<WorkspaceSettingsUpdated>('PATCH', WORKSPACES_API.settings(workspaceId), { body: change })).settings,
  };
}

export const WorkspaceClientContext = createContext<WorkspaceClient | null>(null);
WorkspaceClientContext.displayName = 'WorkspaceClient';

/** The client a test provides, else platform-api at the configured URL with the user's ID token. */
export function useWorkspaceClient(): WorkspaceClient {
  const provided = useContext(WorkspaceClientContext);
  const { config } = usePlatform();
  const { getIdToken } = useAuth();
  return useMemo(() => provided ?? createWorkspaceClient({ baseUrl: config.apis.platform, getIdToken }), [provided, config.apis.platform, getIdToken]);
}

const W = 'workspacePages.errors.';

/** The text key for a failure: the service's workspace code when it sent one, else by status. */
export function workspaceErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (isWorkspaceErrorCode(error.code) && error.code !== 'seat_limit_reached') return `${W}${error.code}`;
    if (error.status === 403) return `${W}workspace_forbidden`;
    if (error.status === 400) return `${W}invalid`;
  }
  return `${W}generic`;
}
