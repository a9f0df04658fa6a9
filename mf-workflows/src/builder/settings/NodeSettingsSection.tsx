// A step's settings in its configuration panel: how often it is tried again
// (attempts, wait, which errors) and what its final failure does (stop the
// run, continue with the error as output, or take the red error branch).
// Absent settings are today's defaults (DEFAULT_RETRY, 'stop'); a setting
// back at its default is dropped, so an untouched node stays as it was.
import { useId } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { DEFAULT_RETRY, NODE_SETTINGS_LIMITS, ON_ERROR, RETRY_ON, isTrigger, onErrorOf, type NodeSettings, type OnError, type RetryOn, type WorkflowNode } from '@agentflow/shared/workflow';
import { NODE_SETTINGS_CATALOGS } from './i18n';

const S = 'workflows.nodeSettings.';
const ON_ERROR_KEYS: Record<OnError, string> = { stop: 'onErrorStop', continue: 'onErrorContinue', branch: 'onErrorBranch' };
const RETRY_ON_KEYS: Record<RetryOn, string> = { transient: 'retryOnTransient', any: 'retryOnAny' };

export interface NodeSettingsSectionProps {
  node: WorkflowNode;
  readOnly: boolean;
  /** The node's new settings; null removes them (back to the defaults). */
  onSettings: (settings: NodeSettings | null) => void;
}

/** The settings without what equals the defaults; null when nothing is left. */
export function normalisedSettings(settings: NodeSettings): NodeSettings | null {
  const next: NodeSettings = {};
  const retry = settings.retry;
  if (retry && (retry.attempts !== DEFAULT_RETRY.attempts || retry.backoffMs !== DEFAULT_RETRY.backoffMs || retry.on !== DEFAULT_RETRY.on)) next.retry = retry;
  if (settings.onError && settings.onError !== 'stop') next.onError = settings.onError;
  return Object.keys(next).length > 0 ? next : null;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));

export default function NodeSettingsSection({ node, readOnly, onSettings }: NodeSettingsSectionProps) {
  useRemoteCatalogs(NODE_SETTINGS_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  // A trigger does not fail as a step: it has nothing to set.
  if (isTrigger(node.type)) return null;
  const retry = { ...DEFAULT_RETRY, ...node.settings?.retry };
  const onError = onErrorOf(node);
  const update = (change: NodeSettings) => onSettings(normalisedSettings({ retry, onError, ...change }));
  const number = (raw: string, min: number, max: number, fallback: number) => {
    const value = Number(raw);
    return raw.trim() === '' || !Number.isFinite(value) ? fallback : clamp(value, min, max);
  };
  return (
    <section className="builder-node-settings" data-testid="node-settings" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t(`${S}title`)}</h3>
      <fieldset disabled={readOnly} className="builder-form">
        <legend>{t(`${S}retries`)}</legend>
        <label htmlFor={`${id}-attempts`}>{t(`${S}attempts`)}</label>
        <input
          id={`${id}-attempts`}
          type="number"
          min={NODE_SETTINGS_LIMITS.minAttempts}
          max={NODE_SETTINGS_LIMITS.maxAttempts}
          step={1}
          value={retry.attempts}
          aria-describedby={`${id}-attempts-hint`}
          onChange={(e) => update({ retry: { ...retry, attempts: number(e.target.value, NODE_SETTINGS_LIMITS.minAttempts, NODE_SETTINGS_LIMITS.maxAttempts, DEFAULT_RETRY.attempts) } })}
        />
        <small id={`${id}-attempts-hint`}>{t(`${S}attemptsHint`)}</small>
        <label htmlFor={`${id}-backoff`}>{t(`${S}backoff`)}</label>
        <input
          id={`${id}-backoff`}
          type="number"
          min={NODE_SETTINGS_LIMITS.minBackoffMs}
          max={NODE_SETTINGS_LIMITS.maxBackoffMs}
          step={100}
          value={retry.backoffMs}
          aria-describedby={`${id}-backoff-hint`}
          onChange={(e) => update({ retry: { ...retry, backoffMs: number(e.target.value, NODE_SETTINGS_LIMITS.minBackoffMs, NODE_SETTINGS_LIMITS.maxBackoffMs, DEFAULT_RETRY.backoffMs) } })}
        />
        <small id={`${id}-backoff-hint`}>{t(`${S}backoffHint`)}</small>
        <label htmlFor={`${id}-on`}>{t(`${S}retryOn`)}</label>
        <select id={`${id}-on`} value={retry.on} onChange={(e) => update({ retry: { ...retry, on: e.target.value as RetryOn } })}>
          {RETRY_ON.map((on) => (
            <option key={on} value={on}>
              {t(`${S}${RETRY_ON_KEYS[on]}`)}
            </option>
          ))}
        </select>
      </fieldset>
      <fieldset disabled={readOnly} className="builder-form">
        <label htmlFor={`${id}-onError`}>{t(`${S}onError`)}</label>
        <select id={`${id}-onError`} value={onError} aria-describedby={`${id}-onError-hint`} onChange={(e) => update({ onError: e.target.value as OnError })}>
          {ON_ERROR.map((value) => (
            <option key={value} value={value}>
              {t(`${S}${ON_ERROR_KEYS[value]}`)}
            </option>
          ))}
        </select>
        <small id={`${id}-onError-hint`}>{t(`${S}onErrorHint.${onError}`)}</small>
        {node.settings && (
          <button type="button" onClick={() => onSettings(null)}>
            {t(`${S}reset`)}
          </button>
        )}
      </fieldset>
    </section>
  );
}
