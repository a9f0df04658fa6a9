// An agent's web (HTTP) tools as a list of forms: name, what it does, method,
// address (a template: the picker inserts fields) and headers; and the other
// agents it may hand work to, as checkboxes. App tools have their own editor.
import { useId } from 'react';
import { useI18n } from '@agentflow/shared';
import { HTTP_METHODS } from '@agentflow/shared/workflow';
import { useMappingScope } from '../mapping/context';
import { MappedInput } from '../mapping/MappedInput';
import { KeyValueEditor } from './KeyValueEditor';
import { freshName } from './outputSchema';

const E = 'workflows.mapping.editors.';
const T = `${E}tools.`;

type Tool = Record<string, unknown>;
type Tools = Record<string, unknown> & { http?: unknown; delegates?: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function ToolsEditor({ label, value, onChange }: { label: string; value: unknown; onChange: (value: unknown) => void }) {
  const { t } = useI18n();
  const scope = useMappingScope();
  const tools: Tools = isRecord(value) ? value : {};
  const http: Tool[] = Array.isArray(tools.http) ? tools.http.map((tool) => (isRecord(tool) ? tool : {})) : [];
  const delegates: string[] = Array.isArray(tools.delegates) ? tools.delegates.filter((d): d is string => typeof d === 'string') : [];
  const setHttp = (next: Tool[]) => onChange({ ...tools, http: next, delegates });
  const setTool = (index: number, change: Tool) =>
    setHttp(http.map((tool, i) => (i === index ? Object.fromEntries(Object.entries({ ...tool, ...change }).filter(([, v]) => v !== undefined)) : tool)));
  const agents = scope ? scope.workflow.nodes.filter((n) => n.type === 'agent' && n.id !== scope.nodeId) : [];

  return (
    <div className="tools-editor" role="group" aria-label={label} data-testid="tools-editor">
      <p className="field-hint">{t(`${T}hint`)}</p>
      {http.length === 0 && <p className="field-hint">{t(`${T}empty`)}</p>}
      <ol className="tools-list">
        {http.map((tool, index) => (
          <ToolRow key={index} index={index} tool={tool} onChange={(change) => setTool(index, change)} onRemove={() => setHttp(http.filter((_, i) => i !== index))} />
        ))}
      </ol>
      <button
        type="button"
        className="tools-add"
        onClick={() => setHttp([...http, { name: freshName(http.map((tool) => ({ name: str(tool.name) })), 'tool'), description: '', method: 'GET', url: 'https://' }])}
      >
        + {t(`${T}add`)}
      </button>
      <fieldset className="tools-delegates">
        <legend>{t(`${T}delegates`)}</legend>
        {agents.length === 0 && <p className="field-hint">{t(`${T}noDelegates`)}</p>}
        {agents.map((agent) => (
          <label key={agent.id} className="tools-delegate">
            <input
              type="checkbox"
              checked={delegates.includes(agent.id)}
              onChange={(e) => onChange({ ...tools, http, delegates: e.target.checked ? [...delegates, agent.id] : delegates.filter((d) => d !== agent.id) })}
            />
            {agent.name} <code>{agent.id}</code>
          </label>
        ))}
      </fieldset>
    </div>
  );
}

function ToolRow({ index, tool, onChange, onRemove }: { index: number; tool: Tool; onChange: (change: Tool) => void; onRemove: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const title = t(`${T}tool`, { number: index + 1 });
  return (
    <li className="tool-row" data-testid="tool-row">
      <fieldset>
        <legend>{str(tool.name) || title}</legend>
        <label htmlFor={`${id}-name`}>{t(`${T}name`)}</label>
        <input id={`${id}-name`} spellCheck={false} value={str(tool.name)} onChange={(e) => onChange({ name: e.target.value })} />
        <label htmlFor={`${id}-description`}>{t(`${T}description`)}</label>
        <textarea id={`${id}-description`} rows={2} value={str(tool.description)} onChange={(e) => onChange({ description: e.target.value })} />
        <label htmlFor={`${id}-method`}>{t(`${T}method`)}</label>
        <select id={`${id}-method`} value={str(tool.method) || 'GET'} onChange={(e) => onChange({ method: e.target.value })}>
          {HTTP_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-url`}>{t(`${T}url`)}</label>
        <MappedInput mode="template" compact common={{ id: `${id}-url` }} value={str(tool.url)} onChange={(url) => onChange({ url })} />
        <span className="tool-headers-label">{t(`${T}headers`)}</span>
        <KeyValueEditor texts="headers" label={`${title}: ${t(`${T}headers`)}`} value={tool.headers} empty={undefined} onChange={(headers) => onChange({ headers })} />
        <button type="button" className="tool-remove" onClick={onRemove}>
          {t(`${E}remove`)}
        </button>
      </fieldset>
    </li>
  );
}
