// ?run=<name> (voice "run workflow X"): says what was asked. Asked by voice
// just now (the shell's router state, which a link cannot carry), a match
// starts at once when its manual trigger needs no required input (trigger
// 'voice') and its live run opens; otherwise its run form opens. Reached by
// a link, a match offers its run form or the builder.
import { useEffect, useRef, useState } from 'react';
import { Link, useI18n, useLocation, useNavigate, useRemoteCatalogs } from '@agentflow/shared';
import { isVoiceRunState } from '@agentflow/shared/voice';
import { needsRunForm, type Workflow } from '@agentflow/shared/workflow';
import { findByName } from '../components/catalogueFilters';
import { useRunsClient } from '../runs/RunsClientContext';
import { TRIGGERS_CATALOGS } from '../builder/triggers/i18n';

interface VoiceRunNoticeProps {
  name: string;
  signedIn: boolean;
  mine: Workflow[] | undefined;
  onDismiss: () => void;
}

export function VoiceRunNotice({ name, signedIn, mine, onDismiss }: VoiceRunNoticeProps) {
  useRemoteCatalogs(TRIGGERS_CATALOGS);
  const { t } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useRunsClient();
  const match = mine ? findByName(mine, name) : undefined;
  const byVoice = isVoiceRunState(location.state);
  const [failed, setFailed] = useState(false);
  const acted = useRef(false);
  // Asked by voice and nothing to fill in: the run is starting (until the run view opens, or it fails).
  const starting = byVoice && match !== undefined && !needsRunForm(match) ? (failed ? 'failed' : 'yes') : 'no';

  useEffect(() => {
    if (!match || !byVoice || acted.current) return;
    acted.current = true;
    const id = encodeURIComponent(match.id);
    if (needsRunForm(match)) {
      void navigate(`${id}/runs?run=1`, { replace: true });
      return;
    }
    client.start(match.id, { input: {}, via: 'voice' }).then(
      ({ runId }) => void navigate(`${id}/runs/${encodeURIComponent(runId)}`, { replace: true }),
      () => setFailed(true),
    );
  }, [match, byVoice, client, navigate]);

  return (
    <aside className="form-status catalogue-run" data-testid="run-notice" aria-labelledby="catalogue-run-title">
      <h2 id="catalogue-run-title">{t('workflows.catalogue.run.title', { name })}</h2>
      {!signedIn ? (
        <p>{t('workflows.catalogue.run.signIn')}</p>
      ) : match && starting === 'yes' ? (
        <p role="status">{t('workflows.triggers.voice.starting', { name: match.name })}</p>
      ) : match && starting === 'failed' ? (
        <p role="alert">{t('workflows.triggers.voice.startFailed', { name: match.name })}</p>
      ) : match ? (
        <p>{t('workflows.catalogue.run.found')}</p>
      ) : mine ? (
        <p>{t('workflows.catalogue.run.notFound', { name })}</p>
      ) : null}
      <div className="catalogue-run-actions">
        {match ? (
          <>
            <Link className="button button-primary" to={`${encodeURIComponent(match.id)}/runs?run=1`} data-testid="run-start">
              {t('workflows.catalogue.run.start', { name: match.name })}
            </Link>
            <Link className="button" to={encodeURIComponent(match.id)} data-testid="run-open">
              {t('workflows.catalogue.run.open', { name: match.name })}
            </Link>
          </>
        ) : null}
        <button type="button" className="link-button" onClick={onDismiss}>
          {t('workflows.catalogue.run.dismiss')}
        </button>
      </div>
    </aside>
  );
}
