// The lifecycle's parts of the catalogue page: "New workflow" and "Import a
// file" in the header, the ⋯ menu's actions on the user's cards, the Trash
// tab and a template's preview. The dialogs load on first use.
import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';
import type { CatalogueUser } from '../api/catalogue';
import { LIFECYCLE_CATALOGS } from './i18n';
import { TrashPanel } from './TrashPanel';
import { useWorkflowLifecycle } from './useWorkflowLifecycle';
import { downloadWorkflow } from './workflowFile';
import type { WorkflowMenuAction } from './WorkflowMenu';
import './lifecycle.css';

const dialogs = () => import(/* webpackChunkName: "lifecycle-dialogs" */ './LifecycleDialogs');
const NewWorkflowDialog = lazy(() => dialogs().then((module) => ({ default: module.NewWorkflowDialog })));
const RenameDialog = lazy(() => dialogs().then((module) => ({ default: module.RenameDialog })));
const ConfirmDialog = lazy(() => dialogs().then((module) => ({ default: module.ConfirmDialog })));
const TemplatePreviewDialog = lazy(() => dialogs().then((module) => ({ default: module.TemplatePreviewDialog })));
const ShareDialog = lazy(() => import(/* webpackChunkName: "share-dialog" */ '../sharing/ShareDialog').then((module) => ({ default: module.ShareDialog })));

const L = 'workflows.lifecycle.';

interface LifecycleProps {
  user: CatalogueUser;
  /** Reads the user's workflows again after a write. */
  refresh: () => Promise<void>;
  /** Offline: writes wait for a connection. */
  disabled: boolean;
  /** The workspace new workflows go to: the current one's organization id (null or absent = personal). */
  organizationId?: string | null;
}

const later = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

/** The header's "New workflow" and "Import a file", with the import's problem under them. */
export function NewWorkflowActions({ user, refresh, disabled, organizationId = null }: LifecycleProps) {
  useRemoteCatalogs(LIFECYCLE_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [creating, setCreating] = useState(false);
  const lifecycle = useWorkflowLifecycle({ user, refresh, organizationId });
  const { createAndOpen } = lifecycle;
  return (
    <div className="lifecycle-actions">
      <button
        type="button"
        className="button button-primary"
        aria-haspopup="dialog"
        disabled={disabled}
        data-testid="new-workflow"
        onClick={() => {
          createAndOpen.reset();
          setCreating(true);
        }}
      >
        {t(`${L}newWorkflow`)}
      </button>
      <button type="button" className="button" disabled={disabled || createAndOpen.isPending} data-testid="import-workflow" onClick={() => file.current?.click()}>
        {t(`${L}importFile`)}
      </button>
      <input
        ref={file}
        id={`${id}-file`}
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-workflow-file"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) void lifecycle.importFile(chosen);
        }}
      />
      {lifecycle.importError ? (
        <div className="form-alert lifecycle-import-error" role="alert" data-testid="import-error">
          <p>{lifecycle.importError}</p>
          <button type="button" className="link-button" onClick={lifecycle.clearImportError}>
            {t(`${L}import.dismiss`)}
          </button>
        </div>
      ) : null}
      {creating
        ? later(
            <NewWorkflowDialog
              busy={createAndOpen.isPending}
              error={createAndOpen.isError ? t(`${L}create.failed`) : null}
              onCreate={(name, trigger) => lifecycle.createBlank(name, trigger)}
              onClose={() => setCreating(false)}
            />,
          )
        : null}
    </div>
  );
}

/** The ⋯ menu's actions on the user's cards, and the rename and share dialogs they open. */
export function useCardMenu({ user, refresh }: Omit<LifecycleProps, 'disabled' | 'organizationId'>) {
  useRemoteCatalogs(LIFECYCLE_CATALOGS);
  const { t } = useI18n();
  const lifecycle = useWorkflowLifecycle({ user, refresh });
  const [renaming, setRenaming] = useState<Workflow | null>(null);
  const [sharing, setSharing] = useState<Workflow | null>(null);
  const { rename } = lifecycle;

  const onMenuAction = (workflow: Workflow, action: WorkflowMenuAction) => {
    if (action === 'rename') {
      rename.reset();
      setRenaming(workflow);
    } else if (action === 'share') setSharing(workflow);
    else if (action === 'duplicate') lifecycle.duplicate.mutate(workflow);
    else if (action === 'export') downloadWorkflow(workflow);
    else lifecycle.trash.mutate(workflow);
  };

  const dialogsShown = renaming
    ? later(
        <RenameDialog
          workflow={renaming}
          busy={rename.isPending}
          error={rename.isError ? t(`${L}rename.failed`) : null}
          onRename={(name) => rename.mutate({ workflow: renaming, name }, { onSuccess: () => setRenaming(null) })}
          onClose={() => setRenaming(null)}
        />,
      )
    : sharing
      ? later(<ShareDialog workflow={sharing} onClose={() => setSharing(null)} onMoved={() => void refresh()} />)
      : null;

  return { onMenuAction, dialogs: dialogsShown, busy: lifecycle.duplicate.isPending || lifecycle.trash.isPending };
}

/** The Trash tab: Restore, and Delete forever after a confirmation. */
export function TrashTab({ workflows, user, refresh, disabled }: LifecycleProps & { workflows: readonly Workflow[] }) {
  useRemoteCatalogs(LIFECYCLE_CATALOGS);
  const { t } = useI18n();
  const lifecycle = useWorkflowLifecycle({ user, refresh });
  const [deleting, setDeleting] = useState<Workflow | null>(null);
  const { restore, deleteForever } = lifecycle;
  const busyId = restore.isPending ? (restore.variables?.id ?? null) : deleteForever.isPending ? (deleteForever.variables?.id ?? null) : null;
  return (
    <>
      <TrashPanel
        workflows={workflows}
        busyId={busyId}
        disabled={disabled}
        onRestore={(workflow) => restore.mutate(workflow)}
        onDelete={(workflow) => {
          deleteForever.reset();
          setDeleting(workflow);
        }}
      />
      {deleting
        ? later(
            <ConfirmDialog
              title={t(`${L}trash.confirmTitle`, { name: deleting.name })}
              description={<p>{t(`${L}trash.confirmBody`)}</p>}
              confirmLabel={t(`${L}trash.confirm`)}
              cancelLabel={t(`${L}trash.cancel`)}
              busy={deleteForever.isPending}
              error={deleteForever.isError ? t(`${L}trash.failed`) : null}
              onConfirm={() => deleteForever.mutate(deleting, { onSuccess: () => setDeleting(null) })}
              onCancel={() => setDeleting(null)}
              testId="delete-forever-dialog"
            />,
          )
        : null}
    </>
  );
}

/** A template's preview before copying it: "Use template" copies it. */
export function TemplatePreview({ template, busy, disabled, onUse, onClose }: { template: Workflow; busy: boolean; disabled: boolean; onUse: () => void; onClose: () => void }) {
  useRemoteCatalogs(LIFECYCLE_CATALOGS);
  return later(<TemplatePreviewDialog template={template} busy={busy} disabled={disabled} onUse={onUse} onClose={onClose} />);
}

/** The Trash tab's name (the other tabs' names are the catalogue's). */
export function useTrashTabLabel(): string {
  useRemoteCatalogs(LIFECYCLE_CATALOGS);
  return useI18n().t(`${L}tabs.trash`);
}
