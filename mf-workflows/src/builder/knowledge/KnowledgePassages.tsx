// A knowledge search's passages in the run view (a Knowledge step's output, a
// search_knowledge call's): numbered as the model read them, each with its
// citation (file and page, or the page's URL, and its headings), its
// relevance, and which retrieval ran.
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { citationLabel } from '@agentflow/shared/knowledge';
import type { KnowledgeStepOutput } from '@agentflow/shared/workflow';
import { KNOWLEDGE_NODE_CATALOGS } from './i18n';
import './knowledge.css';

const K = 'workflows.knowledgeNode.';

export function KnowledgePassages({ output }: { output: KnowledgeStepOutput }) {
  useRemoteCatalogs(KNOWLEDGE_NODE_CATALOGS);
  const { t, language } = useI18n();
  return (
    <section className="knowledge-passages" data-testid="knowledge-passages" aria-label={t(`${K}passages`)}>
      <p className="knowledge-passages-mode" data-testid="knowledge-mode" data-mode={output.mode}>
        {t(`${K}modes.${output.mode}`)}
      </p>
      {output.passages.length === 0 && <p className="muted">{t(`${K}noPassages`)}</p>}
      <ol className="knowledge-passage-list">
        {output.passages.map((passage, index) => {
          const label = citationLabel(passage.citation, t(`${K}page`));
          return (
            <li key={`${passage.sourceId}-${index}`} className="knowledge-passage" data-testid="knowledge-passage">
              <div className="knowledge-passage-head">
                <span className="knowledge-passage-source">
                  <span className="knowledge-passage-number">[{index + 1}]</span>{' '}
                  {passage.citation.url ? (
                    <a href={passage.citation.url} target="_blank" rel="noopener noreferrer" className="knowledge-citation">
                      {label}
                    </a>
                  ) : (
                    <cite className="knowledge-citation">{label}</cite>
                  )}
                </span>
                <span className="knowledge-passage-score">{t(`${K}score`, { score: passage.score.toLocaleString(language, { maximumFractionDigits: 2 }) })}</span>
              </div>
              <blockquote className="knowledge-passage-text">{passage.text}</blockquote>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
