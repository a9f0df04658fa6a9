// One knowledge base in the list: its name and description, how many sources
// and passages it holds, which search it runs, and its actions.
import { Link, useI18n } from '@agentflow/shared';
import type { KnowledgeBase } from '@agentflow/shared/knowledge';
import { K } from './knowledgeTexts';
import { RetrievalModeNote } from './RetrievalModeNote';

export interface KnowledgeBaseCardProps {
  base: KnowledgeBase;
  canManage: boolean;
  workspaceCanEmbed: boolean | null;
  onEdit: () => void;
  onDelete: () => void;
}

export const knowledgeBasePath = (id: string) => `/workflows/knowledge/${encodeURIComponent(id)}`;

export function KnowledgeBaseCard({ base, canManage, workspaceCanEmbed, onEdit, onDelete }: KnowledgeBaseCardProps) {
  const { t, language } = useI18n();
  const count = (value: number) => value.toLocaleString(language);
  return (
    <li className="card knowledge-card" aria-labelledby={`kb-${base.id}`} data-testid="knowledge-base-card">
      <h3 id={`kb-${base.id}`}>
        <Link to={knowledgeBasePath(base.id)}>{base.name}</Link>
      </h3>
      {base.description ? <p className="knowledge-description">{base.description}</p> : null}
      <dl className="knowledge-facts">
        <div>
          <dt>{t(`${K}facts.sources`)}</dt>
          <dd data-testid="knowledge-source-count">{count(base.sourceCount)}</dd>
        </div>
        <div>
          <dt>{t(`${K}facts.chunks`)}</dt>
          <dd data-testid="knowledge-chunk-count">{count(base.chunkCount)}</dd>
        </div>
        <div>
          <dt>{t(`${K}facts.retrieval`)}</dt>
          <dd>
            <RetrievalModeNote base={base} workspaceCanEmbed={workspaceCanEmbed} />
          </dd>
        </div>
      </dl>
      <div className="knowledge-actions">
        <Link className="button" to={knowledgeBasePath(base.id)} aria-label={`${t(`${K}open`)}: ${base.name}`}>
          {t(`${K}open`)}
        </Link>
        {canManage ? (
          <>
            <button type="button" className="button" onClick={onEdit} aria-label={`${t(`${K}edit`)}: ${base.name}`}>
              {t(`${K}edit`)}
            </button>
            <button type="button" className="button button-danger" onClick={onDelete} aria-label={`${t(`${K}delete`)}: ${base.name}`}>
              {t(`${K}delete`)}
            </button>
          </>
        ) : null}
      </div>
    </li>
  );
}
