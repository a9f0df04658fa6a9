// The test search: a question as a user would ask it, and the passages an
// agent would get for it, best first, each with its relevance, its text and
// where it came from (file and page, or page and heading), and which search
// ran (by meaning and keywords, or keywords only).
import { useId, useState, type FormEvent } from 'react';
import { useI18n } from '@agentflow/shared';
import { TextField } from '@agentflow/shared/ui';
import { searchKnowledgeSchema, type KnowledgeSearchResponse } from '@agentflow/shared/knowledge';
import { useKnowledgeClient } from '../../api/knowledge';
import { K, citationText, errorText, errorsOf, fieldRefusal } from './knowledgeTexts';

export function SearchPanel({ knowledgeBaseId }: { knowledgeBaseId: string }) {
  const { t, language } = useI18n();
  const client = useKnowledgeClient();
  const id = useId();
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [answer, setAnswer] = useState<KnowledgeSearchResponse | null>(null);
  const percent = (value: number) => value.toLocaleString(language, { style: 'percent', maximumFractionDigits: 0 });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = searchKnowledgeSchema.safeParse({ query });
    if (!parsed.success) {
      const found = errorsOf(parsed.error.issues).query;
      setError(found ? t(`${K}form.errors.${found}`) : undefined);
      document.getElementById(`${id}-query`)?.focus();
      return;
    }
    setSearching(true);
    try {
      setAnswer(await client.search(knowledgeBaseId, parsed.data));
    } catch (refusal) {
      const onField = fieldRefusal(t, refusal, ['query']);
      if (onField) setError(onField.text);
      else setFailure(errorText(t, refusal));
    } finally {
      setSearching(false);
    }
  };

  return (
    <section className="card knowledge-search" aria-labelledby={`${id}-title`} data-testid="knowledge-search">
      <h2 id={`${id}-title`}>{t(`${K}search.title`)}</h2>
      <p className="muted">{t(`${K}search.intro`)}</p>
      <form className="knowledge-search-form" role="search" aria-labelledby={`${id}-title`} noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id={`${id}-query`}
          type="search"
          label={t(`${K}search.query`)}
          autoComplete="off"
          value={query}
          error={error}
          onChange={(event) => {
            setQuery(event.target.value);
            setError(undefined);
          }}
        />
        <button type="submit" className="button button-primary" disabled={searching}>
          {t(searching ? `${K}search.searching` : `${K}search.submit`)}
        </button>
      </form>
      {failure && (
        <p className="form-alert" role="alert" data-testid="knowledge-search-error">
          {failure}
        </p>
      )}
      {answer && (
        <div className="knowledge-results" aria-live="polite">
          <p className="muted" data-testid="knowledge-search-mode">
            {t(`${K}search.usedMode`, { mode: t(`${K}mode.${answer.mode}`) })}
          </p>
          {answer.passages.length === 0 ? (
            <p data-testid="knowledge-search-none">{t(`${K}search.none`)}</p>
          ) : (
            <ol className="knowledge-passages" aria-label={t(`${K}search.resultsLabel`)}>
              {answer.passages.map((passage) => (
                <li key={passage.chunkId} className="knowledge-passage" data-testid="knowledge-passage">
                  <p className="knowledge-passage-head">
                    <span className="knowledge-chip knowledge-chip--score">{t(`${K}search.score`, { score: percent(passage.relevance) })}</span>
                    {passage.similarity !== null ? <span className="muted">{t(`${K}search.similarity`, { value: passage.similarity.toFixed(2) })}</span> : null}
                  </p>
                  <blockquote className="knowledge-passage-text">{passage.text}</blockquote>
                  <p className="knowledge-citation" data-testid="knowledge-citation">
                    <cite>{citationText(t, passage.citation)}</cite>
                    {passage.citation.url ? (
                      <>
                        {' '}
                        <a href={passage.citation.url} target="_blank" rel="noreferrer noopener">
                          {t(`${K}search.open`)}
                        </a>
                      </>
                    ) : null}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}
