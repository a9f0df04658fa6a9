// An agent's app tools (params.tools.connectors): operations of the user's
// apps the agent may call, each with the account to use. Added from a picker
// grouped by app, removed one by one; the tools' JSON field keeps http and
// delegates only, so neither editor erases the other's part.
import { useId, useState } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { CONNECTOR_LIMITS, CONNECTORS, connectorOf, type WorkflowNode, type WorkflowProblem } from '@agentflow/shared/workflow';
import { AccountPicker } from './AccountPicker';
import { problemText } from '../builder/problems/problemText';
import { AppBadge } from './AppBadge';
import { K, entryLabel, operationLabel } from './connectorTexts';
import { CONNECTORS_CATALOGS } from './i18n';
import './connectors.css';

interface Tool {
  connector: string;
  operation: string;
  credentialId?: string;
}

export function toolsOf(params: Record<string, unknown>): Tool[] {
  const tools = params.tools as { connectors?: unknown } | undefined;
  return Array.isArray(tools?.connectors) ? (tools.connectors as Tool[]) : [];
}

export interface AppToolsEditorProps {
  node: WorkflowNode;
  problems: readonly WorkflowProblem[];
  onParams: (params: Record<string, unknown>) => void;
}

export function AppToolsEditor({ node, problems, onParams }: AppToolsEditorProps) {
  useRemoteCatalogs(CONNECTORS_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const [choice, setChoice] = useState('');
  const tools = toolsOf(node.params);
  const taken = new Set(tools.map((tool) => `${tool.connector}.${tool.operation}`));
  const write = (next: Tool[]) => {
    const current = (node.params.tools ?? {}) as Record<string, unknown>;
    const { connectors: _previous, ...rest } = current;
    onParams({ ...node.params, tools: next.length > 0 ? { ...rest, connectors: next } : rest });
  };
  const add = () => {
    const [connector, operation] = choice.split('.');
    if (!connector || !operation) return;
    write([...tools, { connector, operation }]);
    setChoice('');
  };
  const at = (index: number) => problems.filter((p) => p.path?.startsWith(`tools.connectors.${index}`));

  return (
    <section className="app-tools" data-testid="app-tools" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t(`${K}tools.title`)}</h3>
      <p className="field-hint">{t(`${K}tools.hint`)}</p>
      {tools.length === 0 && <p className="field-hint">{t(`${K}tools.none`)}</p>}
      <ul className="app-tools-list">
        {tools.map((tool, index) => {
          const connector = connectorOf(tool.connector);
          const name = connector ? entryLabel(t, connector, operationLabel(t, connector, tool.operation)) : `${tool.connector}.${tool.operation}`;
          const mutates = connector?.operations.find((o) => o.id === tool.operation)?.mutates;
          const toolProblems = at(index);
          return (
            <li key={`${tool.connector}.${tool.operation}`} className="app-tool" data-testid="app-tool">
              <div className="app-tool-head">
                {connector && <AppBadge connector={connector} size="small" />}
                <strong>{name}</strong>
                {mutates && <span className="app-tool-mutates">{t(`${K}tools.mutates`)}</span>}
                <button type="button" className="app-tool-remove" aria-label={t(`${K}tools.remove`, { tool: name })} onClick={() => write(tools.filter((_, i) => i !== index))}>
                  ×
                </button>
              </div>
              {connector && connector.credentialTypes.length > 0 && (
                <AccountPicker
                  connector={connector}
                  label={t(`${K}tools.account`, { tool: name })}
                  credentialId={tool.credentialId}
                  target={{ nodeId: node.id, toolIndex: index }}
                  problems={toolProblems.filter((p) => p.path?.endsWith('credentialId'))}
                  onChange={(credentialId) => write(tools.map((x, i) => (i === index ? { connector: x.connector, operation: x.operation, ...(credentialId ? { credentialId } : {}) } : x)))}
                />
              )}
              {toolProblems
                .filter((p) => !p.path?.endsWith('credentialId'))
                .map((p, i) => (
                  <p key={i} className="field-error" role="alert">
                    {problemText(t, p)}
                  </p>
                ))}
            </li>
          );
        })}
      </ul>
      {tools.length < CONNECTOR_LIMITS.maxAgentConnectorTools && (
        <div className="app-tools-add">
          <label htmlFor={`${id}-add`}>{t(`${K}tools.add`)}</label>
          <select id={`${id}-add`} value={choice} onChange={(e) => setChoice(e.target.value)}>
            <option value="">{t(`${K}tools.choose`)}</option>
            {CONNECTORS.map((connector) => (
              <optgroup key={connector.id} label={connector.name}>
                {connector.operations
                  .filter((operation) => !taken.has(`${connector.id}.${operation.id}`))
                  .map((operation) => (
                    <option key={operation.id} value={`${connector.id}.${operation.id}`}>
                      {entryLabel(t, connector, operationLabel(t, connector, operation.id))}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
          <button type="button" disabled={!choice} onClick={add}>
            {t(`${K}tools.add`)}
          </button>
        </div>
      )}
    </section>
  );
}
