// A knowledge base's sources: each with its kind, status chip (queued,
// processing with its progress, ready, failed with the translated reason),
// size and passage count, and Sync again / Remove for those who manage it.
import { useI18n } from '@agentflow/shared';
import { formatBytes } from '@agentflow/shared/files';
import type { KnowledgeSource } from '@agentflow/shared/knowledge';
import { K, codeText } from './knowledgeTexts';

export interface SourceListProps {
  label: string;
  sources: readonly KnowledgeSource[];
  canManage: boolean;
  /** Sources a Sync again or Remove is under way for (their buttons wait). */
  busy: ReadonlySet<string>;
  onResync: (source: KnowledgeSource) => void;
  onRemove: (source: KnowledgeSource) => void;
}

function StatusChip({ source }: { source: KnowledgeSource }) {
  const { t, language } = useI18n();
  const { status, progress } = source;
  const text =
    status === 'processing' && progress && progress.total > 0
      ? t(`${K}source.status.processingProgress`, { done: progress.done.toLocaleString(language), total: progress.total.toLocaleString(language) })
      : t(`${K}source.status.${status}`);
  return (
    <span className={`knowledge-chip knowledge-chip--${status}`} data-testid="source-status">
      {text}
      {status === 'processing' && progress && progress.total > 0 ? (
        <progress className="knowledge-progress" max={progress.total} value={progress.done} aria-hidden="true" />
      ) : null}
    </span>
  );
}

export function SourceList({ label, sources, canManage, busy, onResync, onRemove }: SourceListProps) {
  const { t, language } = useI18n();
  // Pasted text is measured in characters, files and pages in bytes.
  const sizeOf = (source: KnowledgeSource) =>
    source.kind === 'text' ? t(`${K}source.characters`, { count: source.size, size: source.size.toLocaleString(language) }) : formatBytes(source.size, language);
  return (
    <ul className="knowledge-sources" aria-label={label}>
      {sources.map((source) => (
        <li key={source.id} className="card knowledge-source" aria-labelledby={`src-${source.id}`} data-testid="knowledge-source">
          <div className="knowledge-source-head">
            <span className="knowledge-kind muted">{t(`${K}source.kind.${source.kind}`)}</span>
            <StatusChip source={source} />
          </div>
          <h3 id={`src-${source.id}`} className="knowledge-source-name" title={source.url ?? source.name}>
            {source.name}
          </h3>
          {source.url && source.url !== source.name ? <p className="knowledge-source-url muted">{source.url}</p> : null}
          {source.status === 'failed' && source.failure ? (
            <p className="knowledge-failure" role="note" data-testid="source-failure">
              {codeText(t, source.failure.code)}
            </p>
          ) : null}
          <p className="knowledge-source-facts muted">
            {/* A page not fetched yet (or that failed) has no size to tell. */}
            {source.size > 0 ? (
              <span>
                {t(`${K}source.size`)}: {sizeOf(source)}
              </span>
            ) : null}
            <span data-testid="source-chunks">{t(`${K}source.passages`, { count: source.chunkCount })}</span>
          </p>
          {canManage ? (
            <div className="knowledge-actions">
              <button type="button" className="button" disabled={busy.has(source.id) || source.status === 'queued' || source.status === 'processing'} onClick={() => onResync(source)} aria-label={`${t(`${K}source.resync`)}: ${source.name}`}>
                {t(`${K}source.resync`)}
              </button>
              <button type="button" className="button button-danger" disabled={busy.has(source.id)} onClick={() => onRemove(source)} aria-label={`${t(`${K}source.remove`)}: ${source.name}`}>
                {t(`${K}source.remove`)}
              </button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
