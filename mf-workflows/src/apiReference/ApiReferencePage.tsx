// /workflows/api-reference (issue 24): the public API's reference, read from
// its OpenAPI description (GET /v1/openapi.json): the base URL and how to
// authenticate, then every operation grouped by tag with its curl call, and a
// list of the operations to jump to (a side list on desktops, a picker on
// phones). Built here rather than with Swagger UI: a fraction of its size,
// and every word in the reader's language.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, PageHeader, useI18n } from '@agentflow/shared';
import { useApiReferenceClient, openApiUrl } from './referenceClient';
import { API_KEY_VARIABLE, curlCommand, groupOperations, type OpenApiDescription, type ReferenceGroup } from './referenceModel';
import { AR, summaryText, tagText } from './referenceTexts';
import { MethodBadge, OperationSection, operationAnchor } from './OperationSection';

export const apiReferenceQueryKey = ['apiReference'] as const;

const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function jumpTo(id: string) {
  const target = document.getElementById(id);
  target?.scrollIntoView({ block: 'start' });
  target?.querySelector<HTMLElement>('h3, h2')?.focus({ preventScroll: true });
}

function OperationsNav({ groups }: { groups: ReferenceGroup[] }) {
  const { t } = useI18n();
  return (
    <>
      <nav className="api-reference-nav" aria-label={t(`${AR}contents`)} data-testid="api-reference-nav">
        {groups.map((group) => (
          <div key={group.tag}>
            <p className="api-reference-nav-tag">{tagText(t, group.tag)}</p>
            <ul>
              {group.operations.map((operation) => (
                <li key={operation.id}>
                  <a href={`#${operationAnchor(operation.id)}`}>
                    <MethodBadge method={operation.method} />
                    <span>{summaryText(t, operation)}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <label className="api-reference-jump">
        <span>{t(`${AR}jumpTo`)}</span>
        <select value="" onChange={(event) => event.target.value && jumpTo(event.target.value)} data-testid="api-reference-jump">
          <option value="">…</option>
          {groups.map((group) => (
            <optgroup key={group.tag} label={tagText(t, group.tag)}>
              {group.operations.map((operation) => (
                <option key={operation.id} value={operationAnchor(operation.id)}>
                  {operation.method.toUpperCase()} {summaryText(t, operation)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
    </>
  );
}

function Reference({ description, baseUrl }: { description: OpenApiDescription; baseUrl: string }) {
  const { t } = useI18n();
  const groups = useMemo(() => groupOperations(description), [description]);
  const base = baseUrl.replace(/\/+$/, '');
  return (
    <div className="api-reference-layout">
      <OperationsNav groups={groups} />
      <div className="api-reference-main">
        <section className="api-reference-intro card" aria-label={t(`${AR}authTitle`)}>
          <p className="api-reference-base">
            <span>{t(`${AR}baseUrl`)}</span>
            <code data-testid="api-reference-base-url">{base}</code>
          </p>
          <h2>{t(`${AR}authTitle`)}</h2>
          <p>{t(`${AR}authText`, { variable: API_KEY_VARIABLE })}</p>
          <pre className="api-reference-auth-example">
            <code>Authorization: Bearer ${API_KEY_VARIABLE}</code>
          </pre>
          <h2>{t(`${AR}errorsTitle`)}</h2>
          <p>{t(`${AR}errorsText`)}</p>
          <pre className="api-reference-auth-example">
            <code>{'{ "error": "…", "code": "api_key_scope_missing" }'}</code>
          </pre>
          <p>
            <a href={openApiUrl(base)} target="_blank" rel="noreferrer" data-testid="api-reference-download">
              {t(`${AR}download`)}
            </a>
          </p>
        </section>
        {groups.map((group) => (
          <section key={group.tag} className="api-reference-group" aria-labelledby={tagAnchor(group.tag)}>
            <h2 id={tagAnchor(group.tag)}>{tagText(t, group.tag)}</h2>
            {group.operations.map((operation) => (
              <OperationSection key={operation.id} operation={operation} curl={curlCommand(base, operation, description)} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

export function ApiReferencePage() {
  const { t } = useI18n();
  const client = useApiReferenceClient();
  // The description changes with a deployment only: no refetch while the page is open.
  const description = useQuery({ queryKey: apiReferenceQueryKey, queryFn: () => client.load(), staleTime: Infinity });
  const keysLink = (
    <Link className="button" to="/workflows/api-keys" data-testid="api-reference-keys-link">
      {t(`${AR}keysLink`)}
    </Link>
  );
  return (
    <section className="api-reference" data-testid="api-reference-page">
      <PageHeader title={t(`${AR}title`)} subtitle={t(`${AR}intro`)} actions={keysLink} />
      {description.isPending ? (
        <p role="status">{t(`${AR}loading`)}</p>
      ) : description.isError ? (
        <div className="form-alert" role="alert">
          <p>{t(`${AR}failed`)}</p>
          <button type="button" className="button" onClick={() => void description.refetch()}>
            {t(`${AR}retry`)}
          </button>
        </div>
      ) : (
        <Reference description={description.data} baseUrl={client.baseUrl} />
      )}
    </section>
  );
}
