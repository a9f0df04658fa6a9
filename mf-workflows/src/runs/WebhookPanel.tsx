// The webhook trigger's address: the hook URL and its secret (GET RUNS_API.webhookSecret),
// each with Copy, and Rotate (POST) after a confirmation, since the old URL stops working.
// An owner whose plan has no webhook triggers (403 plan_required) is told so,
// with the plan that has them and a link to it, instead of a failure.
import { useEffect, useId, useState } from 'react';
import { useI18n, useOnline, useRemoteCatalogs, useToast } from '@agentflow/shared';
import { webhookUrl, type WebhookInfo } from '@agentflow/shared/workflow';
import { refusalOfError, type Refusal } from '../api/refusals';
import { RefusalNote } from '../components/RefusalNote';
import { RUNS_CATALOGS } from './i18n';
import { useRunsClient } from './RunsClientContext';
import './runs.css';

const W = 'workflows.runs.webhook.';

/** A plan refusal of the webhook address (403 plan_required); null for any other failure. */
const planRefusal = (error: unknown): Refusal | null => {
  const refusal = refusalOfError(error, { feature: 'webhookTriggers' });
  return refusal?.code === 'plan_required' ? refusal : null;
};

/** `path`: the webhook trigger's path, which ends its URL (the URL without it fires the first webhook trigger). */
export function WebhookPanel({ workflowId, template = false, path }: { workflowId: string; template?: boolean; path?: string }) {
  useRemoteCatalogs(RUNS_CATALOGS);
  const { t } = useI18n();
  const { toast } = useToast();
  const client = useRunsClient();
  const id = useId();
  const [info, setInfo] = useState<WebhookInfo | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [rotating, setRotating] = useState(false);
  // Rotating the secret happens on platform-api: not offline.
  const online = useOnline();
  const [attempt, setAttempt] = useState(0);
  // Which read failed (and, for a plan refusal, why): another workflow or client, or a retry, is a new read, not failed until it fails.
  const [failedRead, setFailedRead] = useState<{ client: typeof client; workflowId: string; attempt: number; refusal: Refusal | null } | null>(null);
  const failed = failedRead?.client === client && failedRead.workflowId === workflowId && failedRead.attempt === attempt;
  // The plan refused the rotation (the plan changed since the address was read).
  const [rotateRefusal, setRotateRefusal] = useState<{ client: typeof client; workflowId: string; refusal: Refusal } | null>(null);
  const rotateRefused = rotateRefusal?.client === client && rotateRefusal.workflowId === workflowId ? rotateRefusal.refusal : null;
  const refusal = (failed ? failedRead.refusal : null) ?? rotateRefused;

  useEffect(() => {
    if (template) return undefined;
    let live = true;
    client.webhook(workflowId).then(
      (answer) => live && setInfo(answer),
      (error: unknown) => live && setFailedRead({ client, workflowId, attempt, refusal: planRefusal(error) }),
    );
    return () => {
      live = false;
    };
  }, [client, workflowId, template, attempt]);

  const copy = async (text: string) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      toast({ title: t(`${W}copied`), variant: 'success' });
    } catch {
      toast({ title: t(`${W}copyFailed`), variant: 'destructive' });
    }
  };

  /** The URL or the secret: a read-only field to select, and its Copy button. */
  const copyRow = (field: 'url' | 'secret', value: string, copyLabel: 'copyUrl' | 'copySecret') => (
    <>
      <label htmlFor={`${id}-${field}`}>{t(`${W}${field}`)}</label>
      <div className="run-copy-row">
        <input id={`${id}-${field}`} readOnly value={value} data-testid={`webhook-${field}`} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" aria-label={t(`${W}${copyLabel}`)} onClick={() => void copy(value)}>
          {t(`${W}copy`)}
        </button>
      </div>
    </>
  );

  const rotate = async () => {
    setRotating(true);
    try {
      setInfo(await client.rotateWebhook(workflowId));
      toast({ title: t(`${W}rotated`), variant: 'success' });
    } catch (error) {
      const refused = planRefusal(error);
      if (refused) setRotateRefusal({ client, workflowId, refusal: refused });
      else toast({ title: t('workflows.runs.toasts.actionFailed'), description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setRotating(false);
      setConfirming(false);
    }
  };

  return (
    <section className="run-webhook" data-testid="webhook-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t(`${W}title`)}</h3>
      {template ? (
        <p className="field-hint">{t(`${W}templateNote`)}</p>
      ) : refusal ? (
        <RefusalNote refusal={refusal} announce={refusal === rotateRefused} testId="webhook-plan-required" />
      ) : failed ? (
        <div className="field-error" role="alert">
          <p>{t(`${W}failed`)}</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('workflows.runs.retry')}
          </button>
        </div>
      ) : !info ? (
        <p className="field-hint" role="status">
          {t('workflows.runs.loading')}
        </p>
      ) : (
        <>
          <p className="field-hint">{t(`${W}hint`)}</p>
          {copyRow('url', webhookUrl(info.url, path), 'copyUrl')}
          {copyRow('secret', info.secret, 'copySecret')}
          {confirming ? (
            <div className="run-confirm" role="group" aria-label={t(`${W}rotate`)}>
              <p>{t(`${W}rotateConfirm`)}</p>
              <button type="button" className="button button-danger" disabled={rotating || !online} onClick={() => void rotate()}>
                {t(`${W}rotateYes`)}
              </button>
              <button type="button" disabled={rotating} onClick={() => setConfirming(false)}>
                {t(`${W}keep`)}
              </button>
            </div>
          ) : (
            <button type="button" onClick={() => setConfirming(true)}>
              {t(`${W}rotate`)}
            </button>
          )}
        </>
      )}
    </section>
  );
}
