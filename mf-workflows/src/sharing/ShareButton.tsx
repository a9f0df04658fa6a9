// "Share…" for one workflow (the builder's toolbar; on a phone its "More
// actions" menu): opens the share dialog, loaded on first use, so the
// builder's first view does not carry it. Offered only to who may share the
// workflow: the one decision (workflowPermits 'share') on the user's roles in
// their workspaces, as platform-api decides it, so nothing is offered that the
// service would refuse.
import { lazy, Suspense, useState } from 'react';
import { useAuth, useI18n, useRemoteCatalogs, useWorkspace, type WorkspaceSummary } from '@agentflow/shared';
import { workflowPermits, WORKSPACE_ROLE_PERMISSIONS, type WorkflowAccessTarget } from '@agentflow/shared/workspaces';
import { SHARING_CATALOGS } from './i18n';

const ShareDialog = lazy(() => import(/* webpackChunkName: "share-dialog" */ './ShareDialog').then((module) => ({ default: module.ShareDialog })));

/** May `uid` share `workflow`, holding the roles `workspaces` lists (the personal workspace is theirs)? */
export function mayShareWorkflow(workflow: WorkflowAccessTarget, uid: string | null, workspaces: readonly WorkspaceSummary[]): boolean {
  if (!uid) return false;
  const grants = workspaces
    .filter((workspace) => workspace.kind === 'organization')
    .map((workspace) => ({ roleId: workspace.roleId, organizationId: workspace.id, permissions: WORKSPACE_ROLE_PERMISSIONS[workspace.roleId] }));
  return workflowPermits({ uid, grants }, workflow, 'share');
}

/** Whether the signed-in user may share `workflow` (false until their workspaces have loaded). */
export function useMayShare(workflow: WorkflowAccessTarget): boolean {
  const { user } = useAuth();
  const { workspaces } = useWorkspace();
  return mayShareWorkflow(workflow, user?.uid ?? null, workspaces);
}

export interface ShareButtonProps {
  workflow: WorkflowAccessTarget & { id: string; name: string };
  /** Before the dialog opens (the builder saves what is pending: a move changes the workflow's workspace). */
  beforeOpen?: () => void;
  /** The workflow moved to `organizationId` (null: the personal workspace). */
  onMoved?: (organizationId: string | null) => void;
}

export function ShareButton({ workflow, beforeOpen, onMoved }: ShareButtonProps) {
  useRemoteCatalogs(SHARING_CATALOGS);
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const mayShare = useMayShare(workflow);
  // A move can take the right away (an editor's workspace): the open dialog stays until closed.
  if (!mayShare && !open) return null;
  return (
    <>
      {mayShare && (
        <button
          type="button"
          aria-haspopup="dialog"
          data-testid="toolbar-share"
          onClick={() => {
            beforeOpen?.();
            setOpen(true);
          }}
        >
          {t('workflows.sharing.builder.share')}
        </button>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ShareDialog workflow={{ id: workflow.id, name: workflow.name, organizationId: workflow.organizationId ?? null }} onClose={() => setOpen(false)} onMoved={onMoved} />
        </Suspense>
      ) : null}
    </>
  );
}
