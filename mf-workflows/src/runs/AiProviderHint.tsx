// "How to connect an AI provider": shown with an agent's configuration (after
// asking platform-api whether one is configured) and in the run view beside a
// step that failed with RUN_MESSAGES.noProvider (known missing: no request).
// It tells the user to add a credential and links to the credentials page; the
// operator's setup (environment variables) is for the README and the logs.
import { useEffect, useState } from 'react';
import { Link, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import type { AiStatus } from '@agentflow/shared/workflow';
import type { RunsClient } from '../api/runs';
import { RUNS_CATALOGS } from './i18n';
import { useRunsClient } from './RunsClientContext';
import { CREDENTIALS_PAGE } from '../credentials/agentCredentials';
import './runs.css';

const R = 'workflows.runs.ai.';

// One status request per client for a minute: every agent node's panel asks.
const STATUS_TTL_MS = 60_000;
const statusCache = new WeakMap<RunsClient, { at: number; status: Promise<AiStatus> }>();

export function aiStatusOf(client: RunsClient, now = Date.now()): Promise<AiStatus> {
  const cached = statusCache.get(client);
  if (cached && now - cached.at < STATUS_TTL_MS) return cached.status;
  const status = client.aiStatus();
  statusCache.set(client, { at: now, status });
  // A failure is not remembered: the next panel asks again.
  status.catch(() => statusCache.delete(client));
  return status;
}

export function AiProviderHint({ missing = false }: { /** Known not configured (a step failed so): skip the request. */ missing?: boolean }) {
  useRemoteCatalogs(RUNS_CATALOGS);
  const { t } = useI18n();
  const client = useRunsClient();
  const [status, setStatus] = useState<AiStatus | null>(null);

  useEffect(() => {
    if (missing) return undefined;
    let live = true;
    aiStatusOf(client).then(
      (answer) => live && setStatus(answer),
      () => undefined, // unknown: say nothing rather than something wrong
    );
    return () => {
      live = false;
    };
  }, [client, missing]);

  if (!missing && status === null) return null;
  if (!missing && status?.configured) {
    return (
      <p className="field-hint run-ai-connected" data-testid="ai-provider-status">
        {t(`${R}connected`, { providers: status.providers.join(', ') })}
        {status.model ? ` · ${t(`${R}model`, { model: status.model })}` : ''}
      </p>
    );
  }
  return (
    <aside className="run-ai-hint" data-testid="ai-provider-hint" aria-label={t(`${R}title`)}>
      <h3>{t(`${R}title`)}</h3>
      <p>{t(`${R}noProvider`)}</p>
      <p>{t(`${R}addCredential`)}</p>
      <p>
        <Link to={CREDENTIALS_PAGE}>{t(`${R}manage`)}</Link>
      </p>
    </aside>
  );
}
