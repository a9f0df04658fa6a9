// What kinds of credential exist, which of their fields are secret, and how
// each is shaped. The vault (platform-api), the credentials page and the
// agent node's picker all read this one table; secret fields are the only
// ones the vault encrypts and never returns.
import { z } from 'zod';
import type { OAuthProviderId } from '../connectors/oauth.js';

/** 'ai': a model provider an agent step calls; 'http': attached to an HTTP step or tool; 'app': an app a connector step or trigger reaches (HubSpot, Slack…). */
export type CredentialKind = 'ai' | 'http' | 'app';

export interface CredentialField {
  key: string;
  /** Encrypted at rest, never returned after saving (reads show a 4-character hint). */
  secret: boolean;
  required: boolean;
  /** How a form renders and checks it. */
  input: 'text' | 'url' | 'password';
}

export interface CredentialTypeDeclaration {
  id: string;
  kind: CredentialKind;
  /** The brand or method name, the same in every language. */
  label: string;
  fields: readonly CredentialField[];
  /** For AI types: where the provider's API lives when no base URL is given. */
  defaultBaseUrl?: string;
  /** For AI types: a model a fresh agent node may start with. */
  suggestedModel?: string;
  /** For AI types: whether the model list may hold names the provider does not list (compatible endpoints). */
  freeTextModel?: boolean;
  /**
   * Made by signing in with the provider (OAuth 2 + PKCE through
   * platform-api), never typed in a form: its fields are the tokens the
   * provider gave and the account they are for.
   */
  oauth?: { provider: OAuthProviderId; scopes: readonly string[] };
  /** An app credential nothing can check without acting (a Teams webhook only posts): no Test connection. */
  untestable?: true;
}

/** The fields of a credential made by an OAuth sign-in (set by platform-api, refreshed before they expire). */
const oauthFields: readonly CredentialField[] = [
  { key: 'accessToken', secret: true, required: true, input: 'password' },
  { key: 'refreshToken', secret: true, required: false, input: 'password' },
  { key: 'expiresAt', secret: false, required: false, input: 'text' },
  { key: 'account', secret: false, required: false, input: 'text' },
  { key: 'scope', secret: false, required: false, input: 'text' },
];
const secretField = (key: string): CredentialField => ({ key, secret: true, required: true, input: 'password' });
const textField = (key: string, required = true): CredentialField => ({ key, secret: false, required, input: 'text' });

const apiKey = (required = true): CredentialField => ({ key: 'apiKey', secret: true, required, input: 'password' });
const baseUrl = (required: boolean): CredentialField => ({ key: 'baseUrl', secret: false, required, input: 'url' });

export const CREDENTIAL_TYPES = {
  openai: { id: 'openai', kind: 'ai', label: 'OpenAI', fields: [apiKey()], defaultBaseUrl: 'https://api.openai.com/v1', suggestedModel: 'gpt-4o-mini' },
  anthropic: { id: 'anthropic', kind: 'ai', label: 'Anthropic', fields: [apiKey()], defaultBaseUrl: 'https://api.anthropic.com/v1', suggestedModel: 'claude-3-5-haiku-latest' },
  google: { id: 'google', kind: 'ai', label: 'Google Gemini', fields: [apiKey()], defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta', suggestedModel: 'gemini-2.0-flash' },
  mistral: { id: 'mistral', kind: 'ai', label: 'Mistral', fields: [apiKey()], defaultBaseUrl: 'https://api.mistral.ai/v1', suggestedModel: 'mistral-small-latest' },
  groq: { id: 'groq', kind: 'ai', label: 'Groq', fields: [apiKey()], defaultBaseUrl: 'https://api.groq.com/openai/v1', suggestedModel: 'llama-3.1-8b-instant' },
  openaiCompatible: { id: 'openaiCompatible', kind: 'ai', label: 'OpenAI-compatible', fields: [baseUrl(true), apiKey(false)], freeTextModel: true },
  ollama: { id: 'ollama', kind: 'ai', label: 'Ollama', fields: [baseUrl(true)], defaultBaseUrl: 'http://localhost:11434', suggestedModel: 'llama3.2', freeTextModel: true },
  httpHeader: {
    id: 'httpHeader',
    kind: 'http',
    label: 'Header',
    fields: [
      { key: 'headerName', secret: false, required: true, input: 'text' },
      { key: 'headerValue', secret: true, required: true, input: 'password' },
    ],
  },
  httpBearer: { id: 'httpBearer', kind: 'http', label: 'Bearer token', fields: [{ key: 'token', secret: true, required: true, input: 'password' }] },
  httpBasic: {
    id: 'httpBasic',
    kind: 'http',
    label: 'Basic auth',
    fields: [
      { key: 'username', secret: false, required: true, input: 'text' },
      { key: 'password', secret: true, required: true, input: 'password' },
    ],
  },
  // ---- apps (connectors)
  hubspotOAuth: {
    id: 'hubspotOAuth',
    kind: 'app',
    label: 'HubSpot',
    fields: oauthFields,
    oauth: { provider: 'hubspot', scopes: ['oauth', 'crm.objects.contacts.read', 'crm.objects.contacts.write', 'crm.objects.companies.read', 'crm.objects.companies.write', 'crm.objects.deals.read', 'crm.objects.deals.write'] },
  },
  hubspotToken: { id: 'hubspotToken', kind: 'app', label: 'HubSpot private app token', fields: [secretField('token')] },
  googleOAuth: {
    id: 'googleOAuth',
    kind: 'app',
    label: 'Google',
    fields: oauthFields,
    oauth: {
      provider: 'google',
      scopes: [
        // The account's address names the connection (userinfo); no id_token is needed.
        'https://www.googleapis.com/auth/userinfo.email',
        'https://www.googleapis.com/auth/gmail.send',
        'https://www.googleapis.com/auth/gmail.readonly',
        'https://www.googleapis.com/auth/spreadsheets',
        'https://www.googleapis.com/auth/calendar',
      ],
    },
  },
  slackBot: { id: 'slackBot', kind: 'app', label: 'Slack bot token', fields: [secretField('token')] },
  teamsWebhook: { id: 'teamsWebhook', kind: 'app', label: 'Microsoft Teams incoming webhook', fields: [{ key: 'webhookUrl', secret: true, required: true, input: 'url' }], untestable: true },
  twilio: { id: 'twilio', kind: 'app', label: 'Twilio', fields: [textField('accountSid'), secretField('authToken'), textField('fromNumber')] },
  smtp: {
    id: 'smtp',
    kind: 'app',
    label: 'SMTP mail server',
    fields: [textField('host'), textField('port'), textField('security', false), textField('username', false), { key: 'password', secret: true, required: false, input: 'password' }, textField('fromAddress')],
  },
  pipedriveToken: { id: 'pipedriveToken', kind: 'app', label: 'Pipedrive API token', fields: [secretField('apiToken')] },
  airtableToken: { id: 'airtableToken', kind: 'app', label: 'Airtable personal access token', fields: [secretField('token')] },
} as const satisfies Record<string, CredentialTypeDeclaration>;

export type CredentialTypeId = keyof typeof CREDENTIAL_TYPES;
export const CREDENTIAL_TYPE_IDS = Object.keys(CREDENTIAL_TYPES) as CredentialTypeId[];
export const AI_CREDENTIAL_TYPE_IDS = CREDENTIAL_TYPE_IDS.filter((id) => CREDENTIAL_TYPES[id].kind === 'ai');
/** Types a user fills in a form (every type but those made by an OAuth sign-in). */
export const FORM_CREDENTIAL_TYPE_IDS = CREDENTIAL_TYPE_IDS.filter((id) => !isOAuthCredentialType(id));

/** Whether "Test connection" can check a credential of this type: AI keys (the model list) and app credentials (a read-only call); never an HTTP header, which only the service it is sent to can judge. */
export function isTestableCredentialType(id: CredentialTypeId): boolean {
  const type: CredentialTypeDeclaration = CREDENTIAL_TYPES[id];
  return type.kind === 'ai' || (type.kind === 'app' && type.untestable !== true);
}

export function isOAuthCredentialType(id: CredentialTypeId): boolean {
  return (CREDENTIAL_TYPES[id] as CredentialTypeDeclaration).oauth !== undefined;
}

export function isCredentialTypeId(value: unknown): value is CredentialTypeId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CREDENTIAL_TYPES, value);
}

export function credentialType(id: CredentialTypeId): CredentialTypeDeclaration {
  return CREDENTIAL_TYPES[id];
}

/** Field values are short single-line text: no key or header is longer, and a newline in a header is an injection. */
export const MAX_CREDENTIAL_FIELD_LENGTH = 4096;
export const MAX_CREDENTIAL_NAME_LENGTH = 100;

const fieldValue = z
  .string()
  .max(MAX_CREDENTIAL_FIELD_LENGTH)
  .refine((value) => !/[\r\n\0]/.test(value), 'must be one line');

/** A header name as RFC 9110 allows (a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** An http(s) URL: what a base URL must be. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The schema of one type's settings (non-secret) or secrets: exactly its
 * fields, required ones non-empty. `partial` (an update) lets every field be
 * left out; a secret left out keeps its stored value.
 */
export function credentialFieldsSchema(id: CredentialTypeId, secret: boolean, partial = false) {
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const field of credentialType(id).fields) {
    if (field.secret !== secret) continue;
    let schema: z.ZodType<string> = fieldValue;
    if (field.input === 'url') schema = fieldValue.refine(isHttpUrl, 'must be an http(s) URL');
    if (field.key === 'headerName') schema = fieldValue.refine((value) => HEADER_NAME.test(value), 'must be a header name');
    const filled = field.required ? schema.refine((value) => value.trim() !== '', 'is required') : schema;
    shape[field.key] = partial || !field.required ? filled.optional() : filled;
  }
  return z.strictObject(shape);
}

/** The last 4 characters a read shows of a secret (fewer when it is short, so most of it stays hidden). */
export function secretHint(value: string): string {
  if (value.length === 0) return '';
  const shown = value.length >= 12 ? 4 : value.length >= 6 ? 2 : 0;
  return `••••${shown ? value.slice(-shown) : ''}`;
}
