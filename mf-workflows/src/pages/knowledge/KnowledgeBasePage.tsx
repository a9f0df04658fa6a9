// /workflows/knowledge/:id: one knowledge base: its sources with their status,
// adding a file, a web page or text, Sync again and Remove (confirmed), and
// the test search. While a source is queued or processing, the sources (and
// the base's counts) are fetched again every SOURCES_POLL_MS: the service
// writes the progress to Firestore, which browsers may not read (the
// knowledge collections are platform-api's), so the page polls its API.
import { useCallback, useEffect, useState } from 'react';
import { Link, PageHeader, useI18n, useToast } from '@agentflow/shared';
import { Dialog } from '@agentflow/shared/dialog';
import type { KnowledgeBase, KnowledgeSource } from '@agentflow/shared/knowledge';
import { useKnowledgeClient } from '../../api/knowledge';
import { AddSourceForm } from '../../components/knowledge/AddSourceForm';
import { RetrievalModeNote } from '../../components/knowledge/RetrievalModeNote';
import { SearchPanel } from '../../components/knowledge/SearchPanel';
import { SourceList } from '../../components/knowledge/SourceList';
import { useEmbeddingCredentials } from '../../components/knowledge/embeddingCredentials';
import { K, errorText } from '../../components/knowledge/knowledgeTexts';
import { useCanManageKnowledge } from '../../components/knowledge/useCanManageKnowledge';

/** How often the sources are fetched again while one is being processed. */
export const SOURCES_POLL_MS = 2000;

type PageState = { status: 'loading' } | { status: 'ready'; base: KnowledgeBase; sources: KnowledgeSource[] } | { status: 'failed'; error: unknown };

const inProgress = (sources: readonly KnowledgeSource[]) => sources.some((source) => source.status === 'queued' || source.status === 'processing');
const upsert = (sources: readonly KnowledgeSource[], source: KnowledgeSource) => [source, ...sources.filter((s) => s.id !== source.id)];

export function KnowledgeBasePage({ id, pollMs = SOURCES_POLL_MS }: { id: string; pollMs?: number }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const client = useKnowledgeClient();
  const canManage = useCanManageKnowledge();
  const embedding = useEmbeddingCredentials();
  const [state, setState] = useState<PageState>({ status: 'loading' });
  const [removing, setRemoving] = useState<KnowledgeSource | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const fetchAll = useCallback(() => Promise.all([client.get(id), client.sources(id)]), [client, id]);

  useEffect(() => {
    let live = true;
    fetchAll().then(
      ([base, sources]) => live && setState({ status: 'ready', base, sources }),
      (error: unknown) => live && setState({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [fetchAll]);

  const polling = state.status === 'ready' && inProgress(state.sources);
  useEffect(() => {
    if (!polling) return;
    let live = true;
    const timer = setTimeout(() => {
      // A failed poll keeps what is shown; the next change of state polls again.
      fetchAll().then(
        ([base, sources]) => live && setState({ status: 'ready', base, sources }),
        () => undefined,
      );
    }, pollMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [polling, state, fetchAll, pollMs]);

  const track = (sourceId: string, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(sourceId);
      else next.delete(sourceId);
      return next;
    });

  const added = (source: KnowledgeSource) => {
    toast({ title: t(`${K}addSource.added`, { name: source.name }), variant: 'success' });
    setState((current) => (current.status === 'ready' ? { ...current, sources: upsert(current.sources, source) } : current));
  };

  const resync = async (source: KnowledgeSource) => {
    track(source.id, true);
    try {
      const queued = await client.resync(id, source.id);
      toast({ title: t(`${K}source.resyncing`), variant: 'success' });
      setState((current) => (current.status === 'ready' ? { ...current, sources: current.sources.map((s) => (s.id === queued.id ? queued : s)) } : current));
    } catch (error) {
      toast({ title: errorText(t, error), variant: 'destructive' });
    } finally {
      track(source.id, false);
    }
  };

  const remove = async (source: KnowledgeSource) => {
    track(source.id, true);
    setRemoving(null);
    try {
      await client.removeSource(id, source.id);
      toast({ title: t(`${K}source.removed`), variant: 'success' });
      const [base, sources] = await fetchAll();
      setState({ status: 'ready', base, sources });
    } catch (error) {
      toast({ title: errorText(t, error), variant: 'destructive' });
    } finally {
      track(source.id, false);
    }
  };

  const back = (
    <p className="knowledge-back">
      <Link to="/workflows/knowledge">← {t(`${K}base.back`)}</Link>
    </p>
  );

  if (state.status === 'loading')
    return (
      <div className="knowledge-page" data-testid="knowledge-base-page">
        {back}
        <p role="status" className="muted">
          {t(`${K}loading`)}
        </p>
      </div>
    );
  if (state.status === 'failed')
    return (
      <div className="knowledge-page" data-testid="knowledge-base-page">
        {back}
        <p className="form-alert" role="alert" data-testid="knowledge-error">
          {errorText(t, state.error)}
        </p>
      </div>
    );

  const { base, sources } = state;
  return (
    <div className="knowledge-page" data-testid="knowledge-base-page">
      {back}
      <PageHeader title={base.name} subtitle={base.description || undefined} />
      <p className="knowledge-base-summary">
        <RetrievalModeNote base={base} workspaceCanEmbed={embedding.status === 'ready' ? embedding.credentials.length > 0 : null} />
      </p>
      <div className="knowledge-base-layout">
        <section className="knowledge-base-sources" aria-labelledby="knowledge-sources-title">
          <h2 id="knowledge-sources-title">{t(`${K}base.sourcesTitle`)}</h2>
          {canManage ? <AddSourceForm knowledgeBaseId={base.id} onAdded={added} /> : null}
          {polling ? (
            <p className="muted" role="status" data-testid="knowledge-polling">
              {t(`${K}base.refreshing`)}
            </p>
          ) : null}
          {sources.length === 0 ? (
            <p className="card knowledge-empty" data-testid="knowledge-sources-empty">
              {t(`${K}base.noSources`)}
            </p>
          ) : (
            <SourceList label={t(`${K}base.sourcesLabel`, { name: base.name })} sources={sources} canManage={canManage} busy={busy} onResync={(source) => void resync(source)} onRemove={setRemoving} />
          )}
        </section>
        <SearchPanel knowledgeBaseId={base.id} />
      </div>
      {removing && (
        <Dialog role="alertdialog" title={t(`${K}source.removeTitle`, { name: removing.name })} description={t(`${K}source.removeBody`)} onClose={() => setRemoving(null)} testId="source-remove-dialog">
          <div className="dialog-actions">
            <button type="button" className="button button-danger" onClick={() => void remove(removing)}>
              {t(`${K}source.removeConfirm`)}
            </button>
            <button type="button" className="button" data-autofocus onClick={() => setRemoving(null)}>
              {t(`${K}remove.keep`)}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
