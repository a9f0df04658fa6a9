// The agent node's "Model provider" and "Model": the platform's default model
// or one of the user's AI credentials by name; with a credential, its models
// as a Test connection lists them (plus free text for the types that allow
// it), else the type's suggested model as a placeholder. A credential that is
// no longer in the user's list (deleted, or not theirs) is marked here and in
// the builder's problems (useCredentialProblems).
import { useEffect, useId, useState } from 'react';
import { Link, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { credentialType, type CredentialTestResult } from '@agentflow/shared/credentials';
import { useCredentialsClient, type CredentialsClient } from './api';
import { useCredentialList } from './credentialList';
import { C, codeText, errorText } from './credentialTexts';
import { CREDENTIALS_CATALOGS } from './i18n';
import { aiCredentials, CREDENTIALS_PAGE } from './agentCredentials';
import './credentials.css';

const A = `${C}agent.`;
// Not a valid model name (those start with a letter or digit), so it cannot clash with one.
const OTHER = '_other';

// A credential's models are asked once per page (a test call reaches the provider); a failure is asked again.
const modelCache = new WeakMap<CredentialsClient, Map<string, Promise<CredentialTestResult>>>();
export function modelsOf(client: CredentialsClient, credentialId: string): Promise<CredentialTestResult> {
  const byId = modelCache.get(client) ?? new Map<string, Promise<CredentialTestResult>>();
  modelCache.set(client, byId);
  const cached = byId.get(credentialId);
  if (cached) return cached;
  const result = client.test(credentialId);
  byId.set(credentialId, result);
  const forget = () => byId.get(credentialId) === result && byId.delete(credentialId);
  result.then((answer) => answer.ok || forget(), forget);
  return result;
}

type Models = { status: 'idle' | 'loading' } | { status: 'ready'; models: string[] } | { status: 'failed'; reason: string };

function useModels(credentialId: string | null): Models {
  const client = useCredentialsClient();
  const { t } = useI18n();
  const [state, setState] = useState<{ for: string | null; models: Models }>({ for: null, models: { status: 'idle' } });
  useEffect(() => {
    if (!credentialId) return undefined;
    let live = true;
    modelsOf(client, credentialId).then(
      (result) => live && setState({ for: credentialId, models: result.ok ? { status: 'ready', models: result.models } : { status: 'failed', reason: codeText(t, result.code) } }),
      (error: unknown) => live && setState({ for: credentialId, models: { status: 'failed', reason: errorText(t, error) } }),
    );
    return () => {
      live = false;
    };
  }, [client, credentialId, t]);
  if (!credentialId) return { status: 'idle' };
  return state.for === credentialId ? state.models : { status: 'loading' };
}

export interface AgentModelFieldsProps {
  params: Record<string, unknown>;
  /** The node's params with credentialId/model changed (one update, so undo takes it back at once). */
  onParams: (params: Record<string, unknown>) => void;
}

export function AgentModelFields({ params, onParams }: AgentModelFieldsProps) {
  useRemoteCatalogs(CREDENTIALS_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const list = useCredentialList();
  const credentialId = typeof params.credentialId === 'string' ? params.credentialId : null;
  const model = typeof params.model === 'string' ? params.model : '';
  const credentials = aiCredentials(list.credentials ?? []);
  const selected = credentials.find((c) => c.id === credentialId) ?? null;
  const missing = credentialId !== null && list.status === 'ready' && !selected;
  const models = useModels(selected?.id ?? null);
  const type = selected ? credentialType(selected.type) : null;
  const listed = models.status === 'ready' && models.models.length > 0 ? models.models : null;
  const [other, setOther] = useState(false);
  const custom = listed !== null && (other || (model !== '' && !listed.includes(model)));

  const change = (next: { credentialId?: string; model?: string }) => {
    const { credentialId: _credential, model: _model, ...rest } = params;
    onParams({ ...rest, ...(next.credentialId ? { credentialId: next.credentialId } : {}), ...(next.model ? { model: next.model } : {}) });
  };

  const modelText = (
    <input
      id={`${id}-model-name`}
      value={model}
      placeholder={type?.suggestedModel}
      spellCheck={false}
      autoComplete="off"
      onChange={(event) => change({ credentialId: credentialId ?? undefined, model: event.target.value.trim() })}
    />
  );

  return (
    <div className="agent-model-fields builder-field" data-testid="agent-model-fields">
      <label htmlFor={`${id}-provider`}>{t(`${A}provider`)}</label>
      <select
        id={`${id}-provider`}
        value={credentialId ?? ''}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-missing` : undefined}
        onChange={(event) => {
          setOther(false);
          change({ credentialId: event.target.value || undefined });
        }}
      >
        <option value="">{t(`${A}platformDefault`)}</option>
        {credentials.map((credential) => (
          <option key={credential.id} value={credential.id}>
            {credential.name}
          </option>
        ))}
        {missing && <option value={credentialId}>{t(`${A}deleted`)}</option>}
      </select>
      {missing && (
        <p className="field-error" id={`${id}-missing`} role="alert">
          {t(`${A}missing`)}
        </p>
      )}
      {listed ? (
        <>
          <label htmlFor={`${id}-model`}>{t(`${A}model`)}</label>
          <select
            id={`${id}-model`}
            value={custom ? OTHER : model}
            onChange={(event) => {
              const value = event.target.value;
              setOther(value === OTHER && Boolean(type?.freeTextModel));
              if (value !== OTHER) change({ credentialId: credentialId ?? undefined, model: value });
            }}
          >
            <option value="">{t(`${A}chooseModel`)}</option>
            {listed.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            {(type?.freeTextModel || custom) && <option value={OTHER}>{t(`${A}otherModel`)}</option>}
          </select>
          {custom && (
            <>
              <label htmlFor={`${id}-model-name`}>{t(`${A}modelName`)}</label>
              {modelText}
            </>
          )}
        </>
      ) : (
        <>
          <label htmlFor={`${id}-model-name`}>{t(`${A}model`)}</label>
          {modelText}
        </>
      )}
      {models.status === 'loading' && <p className="field-hint">{t(`${A}loadingModels`)}</p>}
      {models.status === 'failed' && <p className="field-hint">{t(`${A}modelsFailed`, { reason: models.reason })}</p>}
      <p className="field-hint">
        <Link to={CREDENTIALS_PAGE}>{t(`${A}manage`)}</Link>
      </p>
    </div>
  );
}
