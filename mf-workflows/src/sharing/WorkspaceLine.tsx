// The builder's settings: which workspace the workflow is in (its
// organization's, or the owner's personal one) and "Share…", which opens the
// share dialog (people with access, moving to another workspace), offered to
// who may share it (useMayShare, as the toolbar's). A workflow is put in a
// workspace when it is made and moved by platform-api, never by a field the
// browser saves.
import { lazy, Suspense, useId, useState } from 'react';
import { useI18n, useRemoteCatalogs, useWorkspace } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';
import { SHARING_CATALOGS } from './i18n';
import { useWorkspaceLabel } from './workspaceLabel';
import { useMayShare } from './ShareButton';
import './sharing.css';

const ShareDialog = lazy(() => import(/* webpackChunkName: "share-dialog" */ './ShareDialog').then((module) => ({ default: module.ShareDialog })));

const S = 'workflows.sharing.';

export function WorkspaceLine({
  workflow,
  onMoved,
}: {
  workflow: Pick<Workflow, 'id' | 'name' | 'ownerId' | 'organizationId' | 'visibility' | 'sharedWith'>;
  onMoved?: (organizationId: string | null) => void;
}) {
  useRemoteCatalogs(SHARING_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const { workspaces } = useWorkspace();
  const labelOf = useWorkspaceLabel();
  const [sharing, setSharing] = useState(false);
  const [organizationId, setOrganizationId] = useState(workflow.organizationId ?? null);
  // Moved from elsewhere (the toolbar's Share…): the line follows the builder's copy.
  const [seen, setSeen] = useState(workflow.organizationId ?? null);
  if ((workflow.organizationId ?? null) !== seen) {
    setSeen(workflow.organizationId ?? null);
    setOrganizationId(workflow.organizationId ?? null);
  }
  const mayShare = useMayShare({ ...workflow, organizationId });
  if (workflow.visibility === 'template') return null;
  const workspace = organizationId ? workspaces.find((each) => each.id === organizationId) : null;
  // An organization the user is not listed in (yet) is named by its id rather than not at all.
  const name = organizationId ? (workspace ? labelOf(workspace) : organizationId) : t(`${S}personal`);
  return (
    <div className="workspace-line-box" data-testid="workflow-workspace">
      <p className="workspace-line">
        <span className="workspace-line-name">{t(`${S}dialog.inWorkspace`, { name })}</span>
        {mayShare && (
          <button type="button" className="button button-secondary" aria-haspopup="dialog" aria-describedby={`${id}-hint`} onClick={() => setSharing(true)} data-testid="builder-share">
            {t(`${S}builder.share`)}
          </button>
        )}
      </p>
      <p id={`${id}-hint`} className="muted workspace-line-hint">
        {t(organizationId ? `${S}builder.organizationHint` : `${S}builder.personalHint`)}
      </p>
      {sharing ? (
        <Suspense fallback={null}>
          <ShareDialog
            workflow={{ id: workflow.id, name: workflow.name, organizationId }}
            onClose={() => setSharing(false)}
            onMoved={(moved) => {
              setOrganizationId(moved);
              onMoved?.(moved);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
