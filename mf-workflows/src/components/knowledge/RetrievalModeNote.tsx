// Which search a knowledge base runs: by meaning and keywords when it has an
// embedding model, keywords only otherwise, with the reason (the workspace has
// no credential that makes embeddings, or none was chosen).
import { useI18n } from '@agentflow/shared';
import { retrievalMode, type KnowledgeBase } from '@agentflow/shared/knowledge';
import { K } from './knowledgeTexts';

export function RetrievalModeNote({ base, workspaceCanEmbed }: { base: Pick<KnowledgeBase, 'embedding'>; workspaceCanEmbed: boolean | null }) {
  const { t } = useI18n();
  const mode = retrievalMode(base.embedding !== null);
  return (
    <span className="knowledge-mode" data-testid="knowledge-mode">
      <span className={`knowledge-chip knowledge-chip--${mode}`}>{t(`${K}mode.${mode}`)}</span>
      {mode === 'keyword' && workspaceCanEmbed !== null ? (
        <span className="knowledge-mode-reason muted" data-testid="knowledge-mode-reason">
          {t(workspaceCanEmbed ? `${K}mode.notChosen` : `${K}mode.noCredential`)}
        </span>
      ) : null}
    </span>
  );
}
