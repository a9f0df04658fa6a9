// How the MCP servers page and the agent step's picker put the service's
// refusals and the domain schema's checks into the user's words: a refusal by
// its code, a check by its kind, a transport by its name.
import { ApiError } from '@agentflow/shared';
import { MCP_ERROR_CODES, type McpServerView } from '@agentflow/shared/mcp';
import { en } from './i18n/en';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The key prefix of these texts. */
export const M = 'workflows.mcpServers.';

const TRANSLATED_CODES = new Set(Object.keys(en.workflows.mcpServers.codes));

/** A stored failure's or a refusal's code in the user's language (never the service's English). */
export function mcpCodeText(t: Translate, code: string | null | undefined): string {
  return code && TRANSLATED_CODES.has(code) ? t(`${M}codes.${code}`) : t(`${M}codes.unknown`);
}

/** Whatever an MCP servers call rejected with, in the user's language. */
export function mcpErrorText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code && TRANSLATED_CODES.has(error.code)) return t(`${M}codes.${error.code}`);
    if (error.status === 403) return t(`${M}codes.forbidden`);
    if (error.status === 404) return t(`${M}codes.notFound`);
    if (error.status === 0) return t(`${M}codes.unreachable`);
  }
  return t(`${M}codes.unknown`);
}

/** A refusal that names a form field, said under that field: its code's text, else "not valid". */
export function fieldRefusalText(t: Translate, error: ApiError): string {
  return error.code && TRANSLATED_CODES.has(error.code) ? t(`${M}codes.${error.code}`) : t(`${M}errors.invalid`);
}

/** A transport's name ('streamable-http' is keyed camelCase: catalog keys read better without '-'). */
export const transportText = (t: Translate, transport: McpServerView['transport']): string => t(`${M}transports.${transport === 'sse' ? 'sse' : 'streamableHttp'}`);

export type FormField = 'name' | 'url' | 'transport' | 'credentialId';
export type FormErrorKind = keyof typeof en.workflows.mcpServers.errors;

/** Refusals that are about one field even when the service names none (the address it resolved, the credential it read). */
const FIELD_OF_CODE: Readonly<Record<string, FormField>> = {
  [MCP_ERROR_CODES.blockedAddress]: 'url',
  [MCP_ERROR_CODES.insecureUrl]: 'url',
  [MCP_ERROR_CODES.credentialInvalid]: 'credentialId',
};

/** The form field a refusal is about: the `field` it names, else the one its code is about. */
export function refusedFieldOf(error: ApiError): FormField | null {
  const named = typeof error.details.field === 'string' ? formFieldOf(error.details.field.split('.')) : null;
  return named ?? (error.code ? (FIELD_OF_CODE[error.code] ?? null) : null);
}

/** The form field a schema path or a service's `field` belongs to. */
export function formFieldOf(path: readonly PropertyKey[]): FormField | null {
  const first = String(path[0] ?? '');
  return first === 'name' || first === 'url' || first === 'transport' || first === 'credentialId' ? first : null;
}

/** A check of the server schemas, by kind: their messages are English and terse. */
export function formErrorKind(issue: { code: string; path: readonly PropertyKey[] }, value: string): FormErrorKind {
  if (value.trim() === '') return 'required';
  if (issue.code === 'too_big') return 'tooLong';
  if (formFieldOf(issue.path) === 'url') return 'url';
  return 'invalid';
}
