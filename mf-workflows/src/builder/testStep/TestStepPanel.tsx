// Test step, Pin and Run from here for the selected node (lazily loaded by
// TestStepSection). The sample input starts from the upstream nodes' pinned
// outputs and the last run (sampleInput), editable as JSON; Test step saves
// pending edits first (the server tests the node as stored), then calls
// platform-api and shows status, duration, tokens and the output; Pin keeps
// that output on the node (the builder's updateNode, saved like any edit);
// Run from here starts a run at this node and opens it. Refusals are said by
// their code, in the user's words.
import { useId, useMemo, useState } from 'react';
import { ApiError, useI18n, useNavigate, useOnline, useRemoteCatalogs } from '@agentflow/shared';
import { PINNED_OUTPUT_MAX_BYTES, STEP_TEST_ERROR_CODES, STEP_TEST_FAILURE_CODES, type StepTestResponse, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import { refusalOfError, type Refusal } from '../../api/refusals';
import { RefusalNote } from '../../components/RefusalNote';
import { useBeforeLeave } from '../../connectors/beforeLeave';
import { useRunsClient } from '../../runs/RunsClientContext';
import { useLastRun } from '../../runs/overlay/useLastRun';
import { JsonViewer } from '../../runs/graph/JsonViewer';
import { StatusText } from '../../runs/graph/StatusText';
import { RUN_GRAPH_CATALOGS } from '../../runs/graph/i18n';
import { formatDuration, formatTime } from '../../runs/runModel';
import type { BuilderAction } from '../builderState';
import { TEST_STEP_CATALOGS } from './i18n';
import { parseSampleInput, pinnable, sampleInput } from './sampleInput';
import './testStep.css';

const S = 'workflows.testStep.';

export interface TestStepProps {
  workflow: Workflow;
  node: WorkflowNode;
  dispatch: (action: BuilderAction) => void;
}

/** Why a call was refused, in words: a plan/tokens refusal (RefusalNote) or a translated text. */
type Problem = { refusal: Refusal } | { text: string };

/** A fresh Idempotency-Key per click: a retry of the same request is never charged twice. */
function newTestKey(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

export default function TestStepPanel({ workflow, node, dispatch }: TestStepProps) {
  useRemoteCatalogs(TEST_STEP_CATALOGS, RUN_GRAPH_CATALOGS);
  const { t, language } = useI18n();
  const id = useId();
  const client = useRunsClient();
  const flush = useBeforeLeave();
  const online = useOnline();
  const navigate = useNavigate();
  const lastRun = useLastRun(client, workflow.id, true);
  const run = lastRun.status === 'ready' ? lastRun.run : null;
  const sample = useMemo(() => sampleInput(workflow, node.id, run), [workflow, node.id, run]);
  const sampleText = JSON.stringify(sample.input, null, 2);
  // The user's text once edited; until then the sample follows the workflow and the last run.
  const [edited, setEdited] = useState<string | null>(null);
  const text = edited ?? sampleText;
  const parsed = parseSampleInput(text);
  const [busy, setBusy] = useState<'test' | 'run' | null>(null);
  const [result, setResult] = useState<StepTestResponse | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pinnedNow, setPinnedNow] = useState(false);
  const testable = node.type !== 'approval';
  const nameOf = (nodeId: string) => workflow.nodes.find((n) => n.id === nodeId)?.name || nodeId;

  const explain = (error: unknown, fallback: 'testFailed' | 'runFailed'): Problem => {
    const refusal = refusalOfError(error);
    if (refusal) return { refusal };
    if (error instanceof ApiError) {
      switch (error.code) {
        case STEP_TEST_ERROR_CODES.nodeNotTestable:
          return { text: t(`${S}notTestable`) };
        case STEP_TEST_ERROR_CODES.nodeNotFound:
          return { text: t(`${S}errors.nodeNotFound`) };
        case STEP_TEST_ERROR_CODES.pinMissing: {
          const missing = typeof error.details.nodeId === 'string' ? error.details.nodeId : '';
          return { text: t(`${S}errors.pinMissing`, { node: nameOf(missing) }) };
        }
        case STEP_TEST_ERROR_CODES.workflowInTrash:
          return { text: t(`${S}errors.workflowInTrash`) };
        case STEP_TEST_ERROR_CODES.testAlreadyCharged:
          return { text: t(`${S}errors.alreadyCharged`) };
      }
      if (error.status === 0) return { text: t(`${S}errors.unreachable`) };
    }
    return { text: t(`${S}errors.${fallback}`) };
  };

  /** Saves pending edits first: the server reads the workflow as stored. */
  const saved = async () => {
    if (!flush) return true;
    try {
      return await flush();
    } catch {
      return false;
    }
  };

  const test = async () => {
    if (!parsed.ok || busy) return;
    setBusy('test');
    setProblem(null);
    setResult(null);
    setPinnedNow(false);
    try {
      if (!(await saved())) {
        setProblem({ text: t(`${S}errors.saveFailed`) });
        return;
      }
      setResult(await client.testStep(workflow.id, node.id, { input: parsed.input }, newTestKey()));
    } catch (error) {
      setProblem(explain(error, 'testFailed'));
    } finally {
      setBusy(null);
    }
  };

  const runFromHere = async () => {
    if (busy) return;
    setBusy('run');
    setProblem(null);
    try {
      if (!(await saved())) {
        setProblem({ text: t(`${S}errors.saveFailed`) });
        return;
      }
      const runInput = parsed.ok && parsed.input.input && typeof parsed.input.input === 'object' && !Array.isArray(parsed.input.input) ? (parsed.input.input as Record<string, unknown>) : {};
      const { runId } = await client.start(workflow.id, { input: runInput, startAt: node.id });
      void navigate(`runs/${encodeURIComponent(runId)}`);
    } catch (error) {
      setProblem(explain(error, 'runFailed'));
    } finally {
      setBusy(null);
    }
  };

  const pin = (output: unknown) => {
    dispatch({ type: 'updateNode', id: node.id, pinned: { output, pinnedAt: new Date().toISOString() } });
    setPinnedNow(true);
  };

  const canPin = result?.status === 'succeeded' && result.output !== undefined ? pinnable(result.output) : null;
  const failure = result?.status === 'failed' ? result.error : undefined;
  const failureKey =
    failure?.code === STEP_TEST_FAILURE_CODES.timeout ? 'timeout' : failure?.code === STEP_TEST_FAILURE_CODES.insufficientTokens ? 'insufficientTokens' : 'stepFailed';

  return (
    <section className="test-step" aria-labelledby={`${id}-title`} data-testid="test-step">
      <h3 id={`${id}-title`}>{t(`${S}title`)}</h3>

      {node.pinned && (
        <div className="test-step-pinned" data-testid="test-step-pinned">
          <p>
            <span aria-hidden="true">📌</span> <strong>{t(`${S}pin.pinned`)}</strong> {t(`${S}pin.pinnedAt`, { time: formatTime(node.pinned.pinnedAt, language) })}
          </p>
          <p className="field-hint">{t(`${S}pin.hint`)}</p>
          <button type="button" className="button" onClick={() => dispatch({ type: 'updateNode', id: node.id, pinned: null })}>
            {t(`${S}pin.unpin`)}
          </button>
        </div>
      )}

      {testable ? (
        <>
          <p className="field-hint">{t(`${S}intro`)}</p>
          <label htmlFor={`${id}-sample`}>{t(`${S}sampleLabel`)}</label>
          <textarea
            id={`${id}-sample`}
            className="test-step-sample"
            rows={8}
            spellCheck={false}
            value={text}
            aria-invalid={!parsed.ok || undefined}
            aria-describedby={`${id}-sample-hint`}
            onChange={(event) => setEdited(event.target.value)}
          />
          <div id={`${id}-sample-hint`}>
            {!parsed.ok ? (
              <p className="field-error" role="alert">
                {t(parsed.reason === 'json' ? `${S}invalidJson` : `${S}notObject`)}
              </p>
            ) : (
              <p className="field-hint">{lastRun.status === 'loading' ? t(`${S}loadingLastRun`) : t(`${S}sampleHint`)}</p>
            )}
            {sample.missing.length > 0 && edited === null && (
              <p className="field-hint" data-testid="test-step-missing">
                {t(`${S}missing`, { nodes: sample.missing.map(nameOf).join(', ') })}
              </p>
            )}
          </div>
          {edited !== null && (
            <button type="button" className="button test-step-reset" onClick={() => setEdited(null)}>
              {t(`${S}reset`)}
            </button>
          )}
        </>
      ) : (
        <p className="field-hint">{t(`${S}notTestable`)}</p>
      )}

      <div className="test-step-actions">
        {testable && (
          <button type="button" className="button button-primary" data-testid="test-step-run" disabled={!online || !parsed.ok || busy !== null} aria-busy={busy === 'test' || undefined} onClick={() => void test()}>
            {t(busy === 'test' ? `${S}testing` : `${S}test`)}
          </button>
        )}
        <button type="button" className="button" data-testid="test-step-from-here" disabled={!online || busy !== null} aria-busy={busy === 'run' || undefined} aria-describedby={`${id}-from-here`} onClick={() => void runFromHere()}>
          {t(busy === 'run' ? `${S}starting` : `${S}runFromHere`)}
        </button>
      </div>
      <p className="field-hint" id={`${id}-from-here`}>
        {t(`${S}runFromHereHint`)}
      </p>
      {!online && <p className="field-hint">{t(`${S}offline`)}</p>}

      {problem && ('refusal' in problem ? <RefusalNote refusal={problem.refusal} announce testId="test-step-refusal" /> : (
        <p className="field-error" role="alert" data-testid="test-step-error">
          {problem.text}
        </p>
      ))}

      {result && (
        <div className="test-step-result" data-testid="test-step-result" data-status={result.status}>
          <h4>{t(`${S}result.title`)}</h4>
          <p className="test-step-result-head">
            <StatusText status={result.status} />
            <span>{t(`${S}result.duration`, { duration: formatDuration(result.durationMs, language) })}</span>
            <span>{t(`${S}result.tokens`, { count: result.tokens })}</span>
          </p>
          {failure && (
            <div className="field-error" role="alert" data-testid="test-step-failure">
              <p>{t(`${S}failure.${failureKey}`)}</p>
              {failure.message && <p>{t(`${S}failure.details`, { message: failure.message })}</p>}
            </div>
          )}
          {failure?.code === STEP_TEST_FAILURE_CODES.insufficientTokens && <RefusalNote refusal={{ code: 'insufficient_tokens', trigger: null }} testId="test-step-refusal" />}
          {result.output !== undefined && (
            <>
              <h5>{t(`${S}result.output`)}</h5>
              <JsonViewer value={result.output} label={t(`${S}result.output`)} testId="test-step-output" />
            </>
          )}
          {result.logs && result.logs.length > 0 && (
            <details>
              <summary>{t(`${S}result.logs`)}</summary>
              <ul className="test-step-logs">
                {result.logs.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            </details>
          )}
          {canPin &&
            (canPin.ok ? (
              <button type="button" className="button" data-testid="test-step-pin" onClick={() => pin(result.output)}>
                <span aria-hidden="true">📌</span> {t(`${S}pin.pin`)}
              </button>
            ) : (
              <p className="field-hint" data-testid="test-step-too-large">
                {t(`${S}pin.tooLarge`, {
                  size: Math.ceil((canPin.bytes ?? 0) / 1000).toLocaleString(language),
                  max: (PINNED_OUTPUT_MAX_BYTES / 1000).toLocaleString(language),
                })}
              </p>
            ))}
          <p role="status" className="field-hint">
            {pinnedNow ? t(`${S}pin.done`) : ''}
          </p>
        </div>
      )}
    </section>
  );
}
