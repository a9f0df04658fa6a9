// Under an app trigger's form: whether this trigger (a workflow may have
// several, each with its own status) is watching the app, when it last
// looked, or why its last check failed (in the app's own words). A failing
// check starts no run, so without this a revoked account would fail in
// silence.
import { useEffect, useState } from 'react';
import { useI18n } from '@agentflow/shared';
import type { PollStatus, PollStatusReport } from '@agentflow/shared/workflow';
import { useConnectorsClient } from './api';
import { K } from './connectorTexts';

/** A trigger the report does not name (not saved yet, or not valid) has not been checked. */
const NOT_CHECKED: PollStatus = { state: 'none', lastPolledAt: null, lastError: null, lastErrorAt: null };

export function PollStatusNote({ workflowId, nodeId }: { workflowId: string; nodeId: string }) {
  const { t, language } = useI18n();
  const client = useConnectorsClient();
  const [report, setReport] = useState<PollStatusReport | null>(null);
  useEffect(() => {
    let live = true;
    // Unknown (offline, not saved yet): say nothing rather than something wrong.
    client.pollStatus(workflowId).then(
      (value) => live && setReport(value),
      () => live && setReport(null),
    );
    return () => {
      live = false;
    };
  }, [client, workflowId]);
  if (!report) return null;
  const status = report.triggers[nodeId] ?? NOT_CHECKED;
  const when = (iso: string | null) => (iso ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '');
  const failing = status.state === 'failing';
  return (
    <p className={`field-hint poll-status poll-status--${status.state}`} role={failing ? 'alert' : 'status'} data-testid="poll-status" data-state={status.state}>
      {status.state === 'watching' && t(`${K}poll.watching`, { when: when(status.lastPolledAt) })}
      {status.state === 'failing' && t(`${K}poll.failing`, { when: when(status.lastErrorAt), reason: status.lastError ?? '' })}
      {status.state === 'changed' && t(`${K}poll.changed`)}
      {status.state === 'none' && t(`${K}poll.none`)}
    </p>
  );
}
