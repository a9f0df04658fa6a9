// One operation of the reference: what it does and needs (method and path,
// summary, description, scope, parameters, body fields), what it answers and
// refuses, and its curl call. Two columns on desktops (the call beside the
// text, as Stripe's and n8n's references), one on phones.
import { useI18n } from '@agentflow/shared';
import type { ReferenceField, ReferenceOperation } from './referenceModel';
import { AR, answerText, codeText, descriptionText, summaryText } from './referenceTexts';
import { CurlExample } from './CurlExample';

export const operationAnchor = (id: string) => `op-${id}`;

export function MethodBadge({ method }: { method: string }) {
  return (
    <span className="api-method" data-method={method}>
      {method.toUpperCase()}
    </span>
  );
}

function FieldList({ fields, showWhere, showRequired = true }: { fields: ReferenceField[]; showWhere: boolean; showRequired?: boolean }) {
  const { t } = useI18n();
  return (
    <ul className="api-fields">
      {fields.map((field) => (
        <li key={`${field.in}:${field.name}`} data-testid="api-field">
          <div className="api-field-line">
            <code className="api-field-name">{field.name}</code>
            <span className="api-field-type">{field.type}</span>
            {showWhere ? <span className="api-field-where">{t(`${AR}where.${field.in}`)}</span> : null}
            {showRequired ? (
              <span className="api-field-required" data-required={field.required}>
                {field.required ? t(`${AR}required`) : t(`${AR}optional`)}
              </span>
            ) : null}
          </div>
          {field.description ? <p className="api-field-description">{field.description}</p> : null}
        </li>
      ))}
    </ul>
  );
}

export function OperationSection({ operation, curl }: { operation: ReferenceOperation; curl: string }) {
  const { t } = useI18n();
  const summary = summaryText(t, operation);
  const description = descriptionText(t, operation);
  const successes = operation.answers.filter((answer) => !answer.isError);
  const refusals = operation.answers.filter((answer) => answer.isError);
  const titleId = `${operationAnchor(operation.id)}-title`;
  return (
    <article id={operationAnchor(operation.id)} className="api-operation" aria-labelledby={titleId} data-testid="api-operation" data-operation={operation.id}>
      <div className="api-operation-text">
        <h3 id={titleId}>{summary}</h3>
        <p className="api-operation-line">
          <MethodBadge method={operation.method} />
          <code className="api-operation-path">{operation.path}</code>
        </p>
        {description ? <p className="api-operation-description">{description}</p> : null}
        <p className="api-operation-scope">
          <span>{t(`${AR}scope`)}</span>
          {operation.scope ? <code>{operation.scope}</code> : <em>{t(`${AR}anyKey`)}</em>}
        </p>
        {operation.parameters.length > 0 ? (
          <>
            <h4>{t(`${AR}parameters`)}</h4>
            <FieldList fields={operation.parameters} showWhere />
          </>
        ) : null}
        {operation.bodyMediaType ? (
          <>
            <h4>
              {t(`${AR}body`)} <code className="api-media-type">{operation.bodyMediaType}</code>
            </h4>
            <FieldList fields={operation.bodyFields} showWhere={false} />
          </>
        ) : null}
        <h4>{t(`${AR}answers`)}</h4>
        {successes.map((answer) => (
          <div key={answer.status} className="api-answer">
            <p>
              <span className="api-status" data-kind="success">
                {answer.status}
              </span>{' '}
              {answerText(t, operation, answer)}
            </p>
            {answer.fields.length > 0 ? <FieldList fields={answer.fields} showWhere={false} showRequired={false} /> : null}
          </div>
        ))}
        <h4>{t(`${AR}refusals`)}</h4>
        <ul className="api-refusals">
          {refusals.map((answer) => (
            <li key={answer.status}>
              <span className="api-status" data-kind="error">
                {answer.status}
              </span>
              <span>{answerText(t, operation, answer)}</span>
              {answer.codes.length > 0 ? (
                <ul className="api-refusal-codes">
                  {answer.codes.map((code) => (
                    <li key={code.code} data-testid="api-refusal-code">
                      <code>{code.code}</code> {codeText(t, code)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      <div className="api-operation-example">
        <CurlExample command={curl} operation={summary} />
      </div>
    </article>
  );
}
