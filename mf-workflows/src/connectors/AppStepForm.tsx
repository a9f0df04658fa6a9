// The form of an app step ('connector') or app trigger ('trigger.poll'): the
// app and its action (or trigger) as selects, the account, one field per
// param from the declaration, and a trigger's polling interval. Problems
// (nodeProblems) sit under the select or field they are about.
import { useId } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import {
  CONNECTOR_LIMITS,
  CONNECTORS,
  connectorOf,
  connectorOperationOf,
  connectorTriggerOf,
  type WorkflowNode,
  type WorkflowProblem,
} from '@agentflow/shared/workflow';
import { AccountPicker } from './AccountPicker';
import { AppBadge } from './AppBadge';
import { ConnectorParamsForm } from './ConnectorParamsForm';
import { K, operationLabel, triggerLabel } from './connectorTexts';
import { CONNECTORS_CATALOGS } from './i18n';
import { problemText } from '../builder/problems/problemText';
import './connectors.css';

const OWN_PATHS = ['connector', 'operation', 'trigger', 'credentialId', 'params', 'intervalMinutes'];

/** Whether the app form shows this problem next to a field of its own (the rest go to the panel's list). */
export const appProblemPlaced = (problem: WorkflowProblem) => problem.path !== undefined && OWN_PATHS.some((p) => problem.path === p || problem.path!.startsWith(`${p}.`));

export interface AppStepFormProps {
  node: WorkflowNode;
  problems: readonly WorkflowProblem[];
  onParams: (params: Record<string, unknown>) => void;
}

export function AppStepForm({ node, problems, onParams }: AppStepFormProps) {
  useRemoteCatalogs(CONNECTORS_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const poll = node.type === 'trigger.poll';
  const params = node.params;
  const connector = connectorOf(params.connector);
  const actionKey = poll ? 'trigger' : 'operation';
  const actionId = typeof params[actionKey] === 'string' ? (params[actionKey] as string) : '';
  const action = connector ? (poll ? connectorTriggerOf(connector, actionId) : connectorOperationOf(connector, actionId)) : undefined;
  const apps = CONNECTORS.filter((c) => (poll ? c.triggers.length > 0 : c.operations.length > 0));
  const at = (path: string) => problems.filter((p) => p.path === path);
  const values = params.params && typeof params.params === 'object' && !Array.isArray(params.params) ? (params.params as Record<string, unknown>) : {};

  const chooseApp = (connectorId: string) => {
    const next = connectorOf(connectorId);
    if (!next) return;
    const first = poll ? next.triggers[0]?.id : next.operations[0]?.id;
    // Another app: its own action, no values and no account of the previous one.
    const { credentialId: _gone, ...rest } = params;
    onParams({ ...rest, connector: next.id, [actionKey]: first ?? '', params: {} });
  };
  const chooseAction = (actionIdNext: string) => {
    const schema = connector && (poll ? connectorTriggerOf(connector, actionIdNext) : connectorOperationOf(connector, actionIdNext))?.params.shape;
    // Values the new action also has are kept (a deal's name from Create to Update).
    const kept = schema ? Object.fromEntries(Object.entries(values).filter(([key]) => key in schema)) : {};
    onParams({ ...params, [actionKey]: actionIdNext, params: kept });
  };
  const setCredential = (credentialId: string | undefined) => {
    const { credentialId: _previous, ...rest } = params;
    onParams(credentialId ? { ...rest, credentialId } : rest);
  };

  return (
    <div className="app-step" data-testid="app-step-form">
      <div className="builder-field">
        <label htmlFor={`${id}-app`}>{t(`${K}step.app`)}</label>
        <div className="app-step-app">
          {connector && <AppBadge connector={connector} />}
          <select id={`${id}-app`} value={connector?.id ?? ''} onChange={(e) => chooseApp(e.target.value)}>
            {!connector && <option value="">{t(`${K}step.unknownApp`)}</option>}
            {apps.map((app) => (
              <option key={app.id} value={app.id}>
                {app.name}
              </option>
            ))}
          </select>
        </div>
        <FieldProblems problems={at('connector')} />
      </div>
      {connector && (
        <div className="builder-field">
          <label htmlFor={`${id}-action`}>{t(`${K}step.${actionKey}`)}</label>
          <select id={`${id}-action`} value={action ? actionId : ''} onChange={(e) => chooseAction(e.target.value)}>
            {!action && <option value="">{t(`${K}step.choose`)}</option>}
            {(poll ? connector.triggers : connector.operations).map((entry) => (
              <option key={entry.id} value={entry.id}>
                {poll ? triggerLabel(t, connector, entry.id) : operationLabel(t, connector, entry.id)}
              </option>
            ))}
          </select>
          <FieldProblems problems={at(actionKey)} />
        </div>
      )}
      {connector && connector.credentialTypes.length > 0 && (
        <AccountPicker
          connector={connector}
          credentialId={typeof params.credentialId === 'string' ? params.credentialId : undefined}
          onChange={setCredential}
          target={{ nodeId: node.id }}
          problems={at('credentialId')}
        />
      )}
      {action && (
        <ConnectorParamsForm
          schema={action.params}
          values={values}
          problems={problems.filter((p) => p.path?.startsWith('params.') || p.path === 'params')}
          onChange={(next) => onParams({ ...params, params: next })}
        />
      )}
      {poll && (
        <div className="builder-field">
          <label htmlFor={`${id}-interval`}>{t(`${K}step.intervalMinutes`)}</label>
          <input
            id={`${id}-interval`}
            type="number"
            inputMode="numeric"
            min={CONNECTOR_LIMITS.minPollMinutes}
            max={CONNECTOR_LIMITS.maxPollMinutes}
            value={typeof params.intervalMinutes === 'number' ? params.intervalMinutes : ''}
            onChange={(e) => onParams({ ...params, intervalMinutes: e.target.value === '' ? undefined : Number(e.target.value) })}
          />
          <p className="field-hint">{t(`${K}step.intervalHint`)}</p>
          <FieldProblems problems={at('intervalMinutes')} />
        </div>
      )}
    </div>
  );
}

function FieldProblems({ problems }: { problems: readonly WorkflowProblem[] }) {
  const { t } = useI18n();
  if (problems.length === 0) return null;
  return (
    <div className="field-error" role="alert">
      {problems.map((p, i) => (
        <p key={i}>{problemText(t, p)}</p>
      ))}
    </div>
  );
}
