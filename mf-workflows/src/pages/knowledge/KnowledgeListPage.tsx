// /workflows/knowledge: the current workspace's knowledge bases with their
// source and passage counts and which search each runs, and New, Edit and
// Delete (with a confirmation) for those who may manage them.
import { useEffect, useState } from 'react';
import { Link, PageHeader, useI18n, useNavigate, useToast, useWorkspace } from '@agentflow/shared';
import { Dialog } from '@agentflow/shared/dialog';
import type { KnowledgeBase } from '@agentflow/shared/knowledge';
import { useKnowledgeClient } from '../../api/knowledge';
import { KnowledgeBaseCard, knowledgeBasePath } from '../../components/knowledge/KnowledgeBaseCard';
import { KnowledgeBaseForm } from '../../components/knowledge/KnowledgeBaseForm';
import { useEmbeddingCredentials } from '../../components/knowledge/embeddingCredentials';
import { K, errorText } from '../../components/knowledge/knowledgeTexts';
import { useCanManageKnowledge } from '../../components/knowledge/useCanManageKnowledge';

type ListState = { status: 'loading' } | { status: 'ready'; bases: KnowledgeBase[] } | { status: 'failed'; error: unknown };
type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; base: KnowledgeBase };

export function KnowledgeListPage() {
  const { t } = useI18n();
  const { toast } = useToast();
  const navigate = useNavigate();
  const client = useKnowledgeClient();
  const { currentId, organizationId, current } = useWorkspace();
  const canManage = useCanManageKnowledge();
  const embedding = useEmbeddingCredentials();
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [deleting, setDeleting] = useState<KnowledgeBase | null>(null);
  const [removing, setRemoving] = useState(false);

  /** Bumped by Try again: fetches the list once more. */
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    client.list(currentId).then(
      (bases) => live && setList({ status: 'ready', bases }),
      (error: unknown) => live && setList({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [client, currentId, attempt]);
  const retry = () => {
    setList({ status: 'loading' });
    setAttempt((count) => count + 1);
  };

  const created = (base: KnowledgeBase) => {
    toast({ title: t(`${K}form.saved`), variant: 'success' });
    void navigate(knowledgeBasePath(base.id));
  };
  const edited = (base: KnowledgeBase) => {
    setEditing({ kind: 'none' });
    toast({ title: t(`${K}form.saved`), variant: 'success' });
    setList((state) => (state.status === 'ready' ? { status: 'ready', bases: state.bases.map((b) => (b.id === base.id ? base : b)) } : state));
  };

  const remove = async (base: KnowledgeBase) => {
    setRemoving(true);
    try {
      await client.remove(base.id);
      toast({ title: t(`${K}remove.done`), variant: 'success' });
      setList((state) => (state.status === 'ready' ? { status: 'ready', bases: state.bases.filter((b) => b.id !== base.id) } : state));
    } catch (error) {
      toast({ title: errorText(t, error), variant: 'destructive' });
    } finally {
      setRemoving(false);
      setDeleting(null);
    }
  };

  const workspaceCanEmbed = embedding.status === 'ready' ? embedding.credentials.length > 0 : null;
  const addButton =
    canManage && editing.kind !== 'add' ? (
      <button type="button" className="button button-primary" onClick={() => setEditing({ kind: 'add' })}>
        {t(`${K}add`)}
      </button>
    ) : null;

  return (
    <div className="knowledge-page" data-testid="knowledge-page">
      <p className="knowledge-back">
        <Link to="/workflows">← {t(`${K}backToWorkflows`)}</Link>
      </p>
      <PageHeader title={t(`${K}title`)} subtitle={t(`${K}subtitle`)} actions={addButton} />
      <p className="muted knowledge-workspace" data-testid="knowledge-workspace">
        {organizationId === null ? t(`${K}workspace.personal`) : t(canManage ? `${K}workspace.organization` : `${K}workspace.organizationReadOnly`, { name: current?.name ?? '' })}
      </p>
      {editing.kind === 'add' && <KnowledgeBaseForm onSaved={created} onCancel={() => setEditing({ kind: 'none' })} />}
      {list.status === 'loading' && (
        <p role="status" className="muted">
          {t(`${K}loading`)}
        </p>
      )}
      {list.status === 'failed' && (
        <div className="form-alert" role="alert" data-testid="knowledge-error">
          <p>{errorText(t, list.error)}</p>
          <button type="button" className="button" onClick={retry}>
            {t(`${K}retry`)}
          </button>
        </div>
      )}
      {list.status === 'ready' && list.bases.length === 0 && editing.kind !== 'add' && (
        <p className="card knowledge-empty" data-testid="knowledge-empty">
          {t(`${K}empty`)}
        </p>
      )}
      {list.status === 'ready' && list.bases.length > 0 && (
        <ul className="knowledge-list" aria-label={t(`${K}listLabel`)}>
          {list.bases.map((base) =>
            editing.kind === 'edit' && editing.base.id === base.id ? (
              <li key={base.id} className="knowledge-editing">
                <KnowledgeBaseForm editing={base} onSaved={edited} onCancel={() => setEditing({ kind: 'none' })} />
              </li>
            ) : (
              <KnowledgeBaseCard
                key={base.id}
                base={base}
                canManage={canManage}
                workspaceCanEmbed={workspaceCanEmbed}
                onEdit={() => setEditing({ kind: 'edit', base })}
                onDelete={() => setDeleting(base)}
              />
            ),
          )}
        </ul>
      )}
      {deleting && (
        <Dialog role="alertdialog" title={t(`${K}remove.title`, { name: deleting.name })} description={t(`${K}remove.body`)} onClose={() => setDeleting(null)} testId="knowledge-delete-dialog">
          <div className="dialog-actions">
            <button type="button" className="button button-danger" disabled={removing} onClick={() => void remove(deleting)}>
              {t(`${K}remove.confirm`)}
            </button>
            <button type="button" className="button" data-autofocus onClick={() => setDeleting(null)}>
              {t(`${K}remove.keep`)}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
