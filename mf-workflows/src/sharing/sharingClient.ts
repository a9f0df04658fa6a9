// platform-api's sharing endpoints (WORKSPACES_API: shares, move) on the shared
// API client. A refusal rejects with the one ApiError, whose `code` the share
// dialog translates (shareErrorKey).
import { createContext, useContext, useMemo } from 'react';
import { ApiError, createApiClient, useAuth, usePlatform, type ApiClientOptions } from '@agentflow/shared';
import { WORKSPACES_API, type WorkflowMoved, type WorkflowShare, type WorkflowShares, type ShareRoleId } from '@agentflow/shared/workspaces';

export interface SharingClient {
  list(workflowId: string): Promise<WorkflowShare[]>;
  /** Shares with the account of `email` in `roleId`, or changes that person's role. */
  share(workflowId: string, email: string, roleId: ShareRoleId): Promise<WorkflowShare[]>;
  remove(workflowId: string, uid: string): Promise<WorkflowShare[]>;
  /** Moves the workflow to 'personal' or an organization id (its history goes with it). */
  move(workflowId: string, workspaceId: string): Promise<WorkflowMoved['workflow']>;
}

const sharesOf = (body: WorkflowShares | undefined): WorkflowShare[] => (Array.isArray(body?.shares) ? body.shares : []);

export function createSharingClient(options: ApiClientOptions): SharingClient {
  const call = createApiClient(options);
  return {
    list: async (workflowId) => sharesOf(await call<WorkflowShares>('GET', WORKSPACES_API.shares(workflowId))),
    share: async (workflowId, email, roleId) => sharesOf(await call<WorkflowShares>('PUT', WORKSPACES_API.shares(workflowId), { body: { email, roleId } })),
    remove: async (workflowId, uid) => sharesOf(await call<WorkflowShares | undefined>('DELETE', WORKSPACES_API.share(workflowId, uid))),
    move: async (workflowId, workspaceId) => (await call<WorkflowMoved>('POST', WORKSPACES_API.move(workflowId), { body: { workspaceId } })).workflow,
  };
}

export const SharingClientContext = createContext<SharingClient | null>(null);
SharingClientContext.displayName = 'SharingClient';

/** The client a test provides, else platform-api at the configured URL with the user's ID token. */
export function useSharingClient(): SharingClient {
  const provided = useContext(SharingClientContext);
  const { config } = usePlatform();
  const { getIdToken } = useAuth();
  return useMemo(() => provided ?? createSharingClient({ baseUrl: config.apis.platform, getIdToken }), [provided, config.apis.platform, getIdToken]);
}

const KNOWN_CODES = ['user_not_found', 'share_limit_reached', 'share_with_owner', 'workspace_forbidden', 'workspace_not_found', 'same_workspace', 'workflow_not_shareable'] as const;

/** The dialog's text key for a failure: the service's code when the dialog knows it, else a generic line (a 403 without a code is a refusal). */
export function shareErrorKey(error: unknown): string {
  const base = 'workflows.sharing.dialog.errors.';
  if (error instanceof ApiError) {
    const known = KNOWN_CODES.find((code) => code === error.code);
    if (known) return `${base}${known}`;
    if (error.status === 403) return `${base}workspace_forbidden`;
  }
  return `${base}generic`;
}
