// The webhook trigger's panel (a chunk of its own, loaded when a webhook
// trigger is selected): its full address (the workflow's hook URL shaped by the
// trigger's path) with Copy and the secret, how it answers the caller (at once,
// or when the run is done with a chosen step's output, within a timeout), and
// "Listen for test event", which keeps the next real request as the trigger's
// pinned sample data (the server captures it into a side document; this panel
// pins it through the builder's own state, so autosave keeps it with the
// user's other edits).
import { useEffect, useId, useState } from 'react';
import { useI18n, useOnline, useRemoteCatalogs } from '@agentflow/shared';
import { WEBHOOK_ANSWER_LIMITS, type WebhookCapture, type Workflow, type WorkflowNode, type WorkflowProblem } from '@agentflow/shared/workflow';
import { WebhookPanel } from '../../runs/WebhookPanel';
import { problemLine } from '../editors/ParamField';
import { PROBLEMS_CATALOGS } from '../problems/i18n';
import type { BuilderAction } from '../builderState';
import { WEBHOOK_TRIGGER_CATALOGS } from './i18n';
import { useListenClient } from './listenClient';
import './webhookTrigger.css';

const W = 'workflows.webhookTrigger.';

export interface WebhookTriggerPanelProps {
  workflow: Workflow;
  node: WorkflowNode;
  dispatch: (action: BuilderAction) => void;
  /** The node's problems (nodeProblems); those of the answer settings show here. */
  problems: readonly WorkflowProblem[];
  readOnly?: boolean;
  /** How often the panel asks whether the test event arrived (ms). */
  pollMs?: number;
}


export default function WebhookTriggerPanel({ workflow, node, dispatch, problems, readOnly, pollMs = 1500 }: WebhookTriggerPanelProps) {
  useRemoteCatalogs(WEBHOOK_TRIGGER_CATALOGS);
  useRemoteCatalogs(PROBLEMS_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const params = node.params as { path?: string; respond?: string; respondWith?: string; timeoutMs?: number };
  const template = workflow.visibility === 'template';
  const setParams = (patch: Record<string, unknown>) => {
    const next: Record<string, unknown> = { ...node.params, ...patch };
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
    dispatch({ type: 'updateNode', id: node.id, params: next });
  };
  const whenDone = params.respond === 'whenDone';
  const at = (path: string) => problems.filter((p) => p.path === path).map((p) => problemLine(p, path, t));
  const [seconds, setSeconds] = useState(params.timeoutMs === undefined ? '' : String(params.timeoutMs / 1000));
  const min = WEBHOOK_ANSWER_LIMITS.minTimeoutMs / 1000;
  const max = WEBHOOK_ANSWER_LIMITS.maxTimeoutMs / 1000;
  const secondsValue = Number(seconds);
  const secondsBad = seconds.trim() !== '' && (!Number.isInteger(secondsValue) || secondsValue < min || secondsValue > max);

  const errors = (lines: string[]) =>
    lines.length > 0 && (
      <p className="field-error" role="alert">
        {lines.join(' ')}
      </p>
    );

  return (
    <section className="webhook-trigger" data-testid="webhook-trigger-panel">
      <WebhookPanel workflowId={workflow.id} template={template} path={params.path} />
      <fieldset disabled={readOnly} className="builder-form webhook-trigger-answer">
        <legend>{t(`${W}answer.title`)}</legend>
        <label htmlFor={`${id}-respond`}>{t(`${W}answer.respond`)}</label>
        <select id={`${id}-respond`} value={whenDone ? 'whenDone' : 'immediately'} onChange={(e) => setParams({ respond: e.target.value === 'whenDone' ? 'whenDone' : undefined })}>
          <option value="immediately">{t(`${W}answer.immediately`)}</option>
          <option value="whenDone">{t(`${W}answer.whenDone`)}</option>
        </select>
        {errors(at('respond'))}
        {whenDone && (
          <>
            <label htmlFor={`${id}-with`}>{t(`${W}answer.respondWith`)}</label>
            <select id={`${id}-with`} value={params.respondWith ?? ''} onChange={(e) => setParams({ respondWith: e.target.value || undefined })}>
              <option value="">{t(`${W}answer.runOutput`)}</option>
              {/* A step removed since keeps its key listed, so the problem below has something to show. */}
              {params.respondWith && !workflow.nodes.some((n) => n.id === params.respondWith) && <option value={params.respondWith}>{params.respondWith}</option>}
              {workflow.nodes
                .filter((n) => n.id !== node.id)
                .map((n) => (
                  <option key={n.id} value={n.id}>
                    {n.name}
                  </option>
                ))}
            </select>
            {errors(at('respondWith'))}
            <label htmlFor={`${id}-timeout`}>{t(`${W}answer.timeout`)}</label>
            <input
              id={`${id}-timeout`}
              inputMode="numeric"
              placeholder={String(WEBHOOK_ANSWER_LIMITS.defaultTimeoutMs / 1000)}
              value={seconds}
              aria-describedby={`${id}-timeout-hint`}
              onChange={(e) => {
                const text = e.target.value;
                setSeconds(text);
                const value = Number(text);
                if (text.trim() === '') setParams({ timeoutMs: undefined });
                else if (Number.isInteger(value) && value >= min && value <= max) setParams({ timeoutMs: value * 1000 });
              }}
            />
            <p className="field-hint" id={`${id}-timeout-hint`}>
              {t(`${W}answer.timeoutHint`)}
            </p>
            {errors([...(secondsBad ? [t(`${W}answer.timeoutRange`, { min, max })] : []), ...at('timeoutMs')])}
          </>
        )}
      </fieldset>
      {!template && !readOnly && <ListenForTestEvent workflowId={workflow.id} node={node} dispatch={dispatch} pollMs={pollMs} />}
    </section>
  );
}

/** While waiting, `known` is when the capture already there (if any) arrived: a new one is any other. */
type Listening = { phase: 'idle' } | { phase: 'waiting'; until: string; known: string | null } | { phase: 'expired' } | { phase: 'failed' };

function ListenForTestEvent({ workflowId, node, dispatch, pollMs }: { workflowId: string; node: WorkflowNode; dispatch: (action: BuilderAction) => void; pollMs: number }) {
  const { t, language } = useI18n();
  const client = useListenClient();
  const online = useOnline();
  const [state, setState] = useState<Listening>({ phase: 'idle' });
  const [capture, setCapture] = useState<WebhookCapture | null>(null);
  const [pinnedNow, setPinnedNow] = useState(false);
  const time = (iso: string) => new Date(iso).toLocaleTimeString(language);

  // On opening: the last capture, and a window still open (the panel was closed while listening).
  useEffect(() => {
    let live = true;
    client.state(workflowId, node.id).then(
      (answer) => {
        if (!live) return;
        setCapture(answer.capture);
        // The server closes the window when it captures: a capture beside an open window is an earlier one.
        if (answer.until && Date.parse(answer.until) > Date.now()) setState({ phase: 'waiting', until: answer.until, known: answer.capture?.capturedAt ?? null });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, workflowId, node.id]);

  const waiting = state.phase === 'waiting' ? state : null;
  useEffect(() => {
    if (!waiting) return undefined;
    let live = true;
    const timer = setInterval(() => {
      client.state(workflowId, node.id).then(
        (answer) => {
          if (!live) return;
          // Compared with the capture known when listening began, not with this device's clock, which may differ from the server's.
          const fresh = answer.capture && answer.capture.capturedAt !== waiting.known ? answer.capture : null;
          if (fresh) {
            setCapture(fresh);
            setState({ phase: 'idle' });
            // Pinned through the builder's state: saved with the user's edits, never over them.
            dispatch({ type: 'updateNode', id: node.id, pinned: { output: fresh.input, pinnedAt: fresh.capturedAt } });
            setPinnedNow(true);
          } else if (!answer.until || Date.parse(answer.until) <= Date.now()) setState({ phase: 'expired' });
        },
        () => undefined,
      );
    }, pollMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [waiting, client, workflowId, node.id, dispatch, pollMs]);

  const start = async () => {
    setPinnedNow(false);
    try {
      const { until } = await client.listen(workflowId, node.id);
      setState({ phase: 'waiting', until, known: capture?.capturedAt ?? null });
    } catch {
      setState({ phase: 'failed' });
    }
  };
  const stop = async () => {
    setState({ phase: 'idle' });
    await client.stop(workflowId, node.id).catch(() => undefined);
  };

  return (
    <div className="webhook-listen" data-testid="webhook-listen">
      <h4>{t(`${W}listen.title`)}</h4>
      <p className="field-hint">{t(`${W}listen.intro`)}</p>
      {waiting ? (
        <div className="webhook-listen-row">
          <p role="status" className="webhook-listen-waiting">
            <span className="webhook-listen-dot" aria-hidden="true" /> {t(`${W}listen.waiting`, { time: time(waiting.until) })}
          </p>
          <button type="button" className="button" onClick={() => void stop()}>
            {t(`${W}listen.stop`)}
          </button>
        </div>
      ) : (
        <div className="webhook-listen-row">
          <button type="button" className="button button-primary" disabled={!online} onClick={() => void start()}>
            {t(state.phase === 'expired' || capture ? `${W}listen.again` : `${W}listen.start`)}
          </button>
          {!online && <p className="field-hint">{t(`${W}listen.offline`)}</p>}
        </div>
      )}
      {state.phase === 'expired' && <p role="status">{t(`${W}listen.expired`)}</p>}
      {state.phase === 'failed' && (
        <p className="field-error" role="alert">
          {t(`${W}listen.failed`)}
        </p>
      )}
      {/* While a new request is awaited, the earlier capture is not shown: the panel says one thing, waiting or received. */}
      {capture && !waiting && (
        <div className="webhook-capture" data-testid="webhook-capture">
          {node.pinned && Date.parse(node.pinned.pinnedAt) === Date.parse(capture.capturedAt) ? (
            <p role={pinnedNow ? 'status' : undefined}>{t(`${W}listen.captured`, { time: time(capture.capturedAt) })}</p>
          ) : (
            <div className="webhook-listen-row">
              <p>{t(`${W}listen.last`, { time: time(capture.capturedAt) })}</p>
              <button type="button" className="button" onClick={() => dispatch({ type: 'updateNode', id: node.id, pinned: { output: capture.input, pinnedAt: capture.capturedAt } })}>
                {t(`${W}listen.pin`)}
              </button>
            </div>
          )}
          {(
            [
              ['body', capture.input],
              ['query', capture.query],
              ['headers', capture.headers],
            ] as const
          ).map(([key, value]) => (
            <details key={key} open={key === 'body'}>
              <summary>{t(`${W}listen.${key}`)}</summary>
              <pre className="run-json">{JSON.stringify(value, null, 2)}</pre>
            </details>
          ))}
        </div>
      )}
    </div>
  );
}
