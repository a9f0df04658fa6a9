// ?run=<name> (voice "run workflow X"): says what was asked, and finds it in
// the current workspace (the header's switcher) and among the workflows
// shared with the user, only those they may run (voiceRunMatch.ts). Asked by
// voice just now (the shell's router state, which a link cannot carry), one
// match starts at once when its manual trigger needs no required input
// (trigger 'voice') and its live run opens; otherwise its run form opens. A
// name that fits two or more starts nothing: the notice asks which. Reached
// by a link, a match offers its run form or the builder.
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useAuth, useI18n, useLocation, useNavigate, useRemoteCatalogs, useWorkspace } from '@agentflow/shared';
import { isVoiceRunState } from '@agentflow/shared/voice';
import { needsRunForm } from '@agentflow/shared/workflow';
import { useCatalogueSource } from '../components/CatalogueSourceContext';
import { useRunsClient } from '../runs/RunsClientContext';
import { TRIGGERS_CATALOGS } from '../builder/triggers/i18n';
import { VOICE_RUN_CATALOGS } from './voiceRunI18n';
import { matchVoiceRun, runnableByVoice, type VoiceRunMatch } from './voiceRunMatch';

interface VoiceRunNoticeProps {
  name: string;
  signedIn: boolean;
  onDismiss: () => void;
}

/** The workflows of the current workspace, and those shared with the user, that they may run; undefined while loading. */
function useVoiceRunCandidates() {
  const { user } = useAuth();
  const source = useCatalogueSource();
  const { currentId, organizationId, current } = useWorkspace();
  const uid = user?.uid ?? null;
  // Until the list has loaded, an organization's role (so what may run there) is unknown.
  const roleId = organizationId === null ? null : (current?.roleId ?? null);
  const ready = uid !== null && (organizationId === null || roleId !== null);
  const query = useQuery({
    // Under ['workflows']: every catalogue write refreshes it too.
    queryKey: ['workflows', 'voice-run', uid, currentId, roleId],
    queryFn: async () => {
      const own = organizationId === null ? source.listMine(uid as string) : source.listOrganization([organizationId]);
      const lists = await Promise.all([own, source.listSharedWithMe(uid as string)]);
      return runnableByVoice(uid as string, { organizationId, roleId }, lists);
    },
    enabled: ready,
  });
  return query.data;
}

export function VoiceRunNotice({ name, signedIn, onDismiss }: VoiceRunNoticeProps) {
  useRemoteCatalogs(TRIGGERS_CATALOGS);
  useRemoteCatalogs(VOICE_RUN_CATALOGS);
  const { t } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useRunsClient();
  const candidates = useVoiceRunCandidates();
  const { organizationId } = useWorkspace();
  const found: VoiceRunMatch | undefined = candidates ? matchVoiceRun(candidates, name) : undefined;
  const match = found?.kind === 'one' ? found.workflow : undefined;
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
      ) : found?.kind === 'many' ? (
        <p role={byVoice ? 'status' : undefined}>{t('workflows.voiceRun.many', { name })}</p>
      ) : found ? (
        // In the personal workspace "your workflows" says it all (shares included); an organization's says where it looked.
        <p>{organizationId === null ? t('workflows.catalogue.run.notFound', { name }) : t('workflows.voiceRun.notFoundHere', { name })}</p>
      ) : null}
      {found?.kind === 'many' ? (
        // Which one: each opens its own run form (nothing starts until the user picks).
        <ul className="catalogue-run-choices" data-testid="run-choices">
          {found.workflows.map((workflow) => (
            <li key={workflow.id}>
              <Link className="button" to={`${encodeURIComponent(workflow.id)}/runs?run=1`}>
                {t('workflows.voiceRun.runThis', { name: workflow.name })}
              </Link>
            </li>
          ))}
        </ul>
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
