// literalSecrets(): the secrets a workflow carries in plain text, in HTTP step
// headers and agent HTTP tool headers, with the vault credential each could
// become. Workflows from before the vault put API keys there; the builder
// warns about them (a warning: the workflow still saves and runs) and moves a
// step's or a tool's secret into a credential in one click. Pure: no React,
// no Firebase.
import { MAX_CREDENTIAL_NAME_LENGTH, type CredentialTypeId } from '../credentials/types.js';
import type { WorkflowNode } from './model.js';
import { isRecord } from './fields.js';

/** What a move creates: createCredentialBodySchema's type, settings and secrets. */
export interface SuggestedCredential {
  type: Extract<CredentialTypeId, 'httpHeader' | 'httpBearer' | 'httpBasic'>;
  settings: Record<string, string>;
  secrets: Record<string, string>;
}

export interface LiteralSecretHeader {
  /** The header's name as the node spells it. */
  header: string;
  /** The param path of the header, as nodeProblems() reports paths: `headers.X-Api-Key`, `tools.http.0.headers.Authorization`. */
  path: string;
  /** Set for an agent's HTTP tool: its index in tools.http and its name. */
  tool?: { index: number; name: string };
  suggestion: SuggestedCredential;
}

export interface NodeLiteralSecrets {
  nodeId: string;
  headers: LiteralSecretHeader[];
}

const SECRET_NAMES = new Set(['authorization', 'proxy-authorization', 'x-api-key', 'api-key']);
const SECRET_PARTS = ['key', 'token', 'secret', 'password', 'auth'];
// Names with a secret-sounding part that carry no secret: a retry's dedupe key is not a credential.
const NOT_SECRET = new Set(['idempotency-key']);

/** Whether a header's name says it carries a credential (case-insensitive). */
export function isSecretHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  if (NOT_SECRET.has(lower)) return false;
  return SECRET_NAMES.has(lower) || SECRET_PARTS.some((part) => lower.includes(part));
}

const PLACEHOLDER = /\{\{[\s\S]*?\}\}/g;
// An auth scheme in front of a placeholder ("Bearer {{ $.token }}") is no secret itself.
const SCHEME_ONLY = /^\s*(bearer|basic|token|apikey|api-key)?\s*$/i;

/** Whether a header value holds literal text beyond {{ … }} placeholders reading run data (and an auth scheme word). */
export function isLiteralSecretValue(value: string): boolean {
  if (value.trim() === '') return false;
  return !SCHEME_ONLY.test(value.replace(PLACEHOLDER, ''));
}

/** The credential a literal header could become: a bearer token, basic auth that decodes, else the header as it is. */
export function suggestCredential(header: string, value: string): SuggestedCredential {
  const trimmed = value.trim();
  if (header.toLowerCase() === 'authorization') {
    const bearer = /^bearer\s+(\S.*)$/i.exec(trimmed);
    if (bearer) return { type: 'httpBearer', settings: {}, secrets: { token: bearer[1]!.trim() } };
    const basic = /^basic\s+([A-Za-z0-9+/=_-]+)$/i.exec(trimmed);
    const decoded = basic ? decodeBase64Utf8(basic[1]!) : null;
    const colon = decoded?.indexOf(':') ?? -1;
    if (decoded && colon > 0 && colon < decoded.length - 1) {
      return { type: 'httpBasic', settings: { username: decoded.slice(0, colon) }, secrets: { password: decoded.slice(colon + 1) } };
    }
  }
  return { type: 'httpHeader', settings: { headerName: header }, secrets: { headerValue: value } };
}

function literalHeaders(headers: unknown, prefix: string, tool?: LiteralSecretHeader['tool']): LiteralSecretHeader[] {
  if (!isRecord(headers)) return [];
  return Object.keys(headers)
    .filter((name) => typeof headers[name] === 'string' && isSecretHeaderName(name) && isLiteralSecretValue(headers[name]))
    .map((name) => ({ header: name, path: `${prefix}.${name}`, ...(tool ? { tool } : {}), suggestion: suggestCredential(name, headers[name] as string) }));
}

/** The literal secrets of one node (HTTP step headers, agent HTTP tool headers); empty for other types. */
export function nodeLiteralSecrets(node: Pick<WorkflowNode, 'type' | 'params'>): LiteralSecretHeader[] {
  const params: unknown = node.params;
  if (!isRecord(params)) return [];
  if (node.type === 'http') return literalHeaders(params.headers, 'headers');
  if (node.type !== 'agent' || !isRecord(params.tools) || !Array.isArray(params.tools.http)) return [];
  return params.tools.http.flatMap((tool: unknown, index) =>
    isRecord(tool) ? literalHeaders(tool.headers, `tools.http.${index}.headers`, { index, name: typeof tool.name === 'string' ? tool.name : String(index) }) : [],
  );
}

/** Every node of the workflow that carries a literal secret, in node order. */
export function literalSecrets(workflow: { nodes: readonly Pick<WorkflowNode, 'id' | 'type' | 'params'>[] }): NodeLiteralSecrets[] {
  return workflow.nodes.map((node) => ({ nodeId: node.id, headers: nodeLiteralSecrets(node) })).filter((found) => found.headers.length > 0);
}

/**
 * An HTTP step's params after its literal `header` moved into the credential
 * `credentialId`: the header is gone and the step names the credential (the
 * engine adds the credential's header at the call).
 */
export function paramsWithCredential(params: Record<string, unknown>, header: string, credentialId: string): Record<string, unknown> {
  const headers = isRecord(params.headers) ? { ...params.headers } : {};
  delete headers[header];
  return { ...params, headers, credentialId };
}

/**
 * An agent's params after the literal `header` of its HTTP tool `tool` moved
 * into the credential `credentialId`: the header leaves that tool and the tool
 * names the credential (the agent's run adds its header at the tool's call).
 * The tool is found at its index when the name still matches, else by name
 * (the tools were edited meanwhile); the params are returned as they are when
 * it is gone.
 */
export function toolParamsWithCredential(
  params: Record<string, unknown>,
  tool: { index: number; name: string },
  header: string,
  credentialId: string,
): Record<string, unknown> {
  const tools = params.tools;
  if (!isRecord(tools) || !Array.isArray(tools.http)) return params;
  const http: unknown[] = tools.http;
  const index = toolIndex(http, tool);
  if (index < 0) return params;
  const found = http[index] as Record<string, unknown>;
  const headers = isRecord(found.headers) ? { ...found.headers } : {};
  delete headers[header];
  const moved = http.map((entry, i) => (i === index ? { ...found, headers, credentialId } : entry));
  return { ...params, tools: { ...tools, http: moved } };
}

const toolName = (tool: unknown, index: number) => (isRecord(tool) && typeof tool.name === 'string' ? tool.name : String(index));

function toolIndex(http: readonly unknown[], tool: { index: number; name: string }): number {
  if (isRecord(http[tool.index]) && toolName(http[tool.index], tool.index) === tool.name) return tool.index;
  return http.findIndex((entry, i) => isRecord(entry) && toolName(entry, i) === tool.name);
}

/** A node's params after `secret` moved into `credentialId`: the step's header (paramsWithCredential) or its tool's (toolParamsWithCredential). */
export function paramsAfterMove(params: Record<string, unknown>, secret: Pick<LiteralSecretHeader, 'header' | 'tool'>, credentialId: string): Record<string, unknown> {
  return secret.tool ? toolParamsWithCredential(params, secret.tool, secret.header, credentialId) : paramsWithCredential(params, secret.header, credentialId);
}

/**
 * The credential the step, or the secret's tool, names already; null when it
 * names none. A step or a tool sends one credential, so a secret moves only
 * where there is none yet.
 */
export function credentialOfSecret(params: Record<string, unknown>, secret: Pick<LiteralSecretHeader, 'tool'>): string | null {
  let owner: unknown = params;
  if (secret.tool) {
    const http = isRecord(params.tools) && Array.isArray(params.tools.http) ? (params.tools.http as unknown[]) : [];
    const index = toolIndex(http, secret.tool);
    owner = index < 0 ? undefined : http[index];
  }
  return isRecord(owner) && typeof owner.credentialId === 'string' && owner.credentialId !== '' ? owner.credentialId : null;
}

/**
 * The name a moved secret's credential gets, within the vault's name limit:
 * the step's and the header's ("Call CRM – Authorization"), or for an agent's
 * tool the agent's, the tool's and the header's ("Draft reply · crm – X-Api-Key").
 */
export function movedCredentialName(nodeName: string, header: string, tool?: string): string {
  const node = nodeName.trim() || (tool === undefined ? 'HTTP' : 'Agent');
  const name = tool === undefined ? `${node} – ${header}` : `${node} · ${tool} – ${header}`;
  return name.length <= MAX_CREDENTIAL_NAME_LENGTH ? name : `${name.slice(0, MAX_CREDENTIAL_NAME_LENGTH - 1)}…`;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard or URL-safe base64 to UTF-8 text; null when it is not base64 or not UTF-8 (no atob/Buffer: the domain runs everywhere). */
export function decodeBase64Utf8(text: string): string | null {
  const clean = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (clean.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(clean)) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    buffer = (buffer << 6) | BASE64.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  try {
    const decoded = decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
    // Control characters mean it was not text (credential fields are one line).
    // eslint-disable-next-line no-control-regex -- refusing control characters is this check's purpose
    return /[\u0000-\u001f\u007f]/.test(decoded) ? null : decoded;
  } catch {
    return null;
  }
}
