// What every AI provider adapter offers the vault and the run engine: a
// language model for a stored credential, and the provider's list of models
// (which is also how a credential is tested). One adapter per AI credential
// type of the domain's table (shared/src/domain/credentials/types.ts), each in
// its own folder beside its fake server and tests.
//
// Every request goes through the `fetch` the caller passes (guardedFetch, so
// a user's base URL cannot reach a private or metadata address), and no
// error that leaves an adapter holds the credential's secret.
import type { EmbeddingModelV3, LanguageModelV3 } from '@ai-sdk/provider';
import { CREDENTIAL_TYPES, credentialType, type CredentialTypeId } from '@agentflow/shared/credentials';
import { ProviderCallError } from '../providers.js';
import { redactText, redactValue, redactingEmbeddingModel, redactingModel } from './redact.js';
import { messageOf } from '@agentflow/shared/domain';

/** The credential types whose kind is 'ai', derived from the domain's table. */
export type AiProviderType = { [K in CredentialTypeId]: (typeof CREDENTIAL_TYPES)[K]['kind'] extends 'ai' ? K : never }[CredentialTypeId];

/** A decrypted credential: its non-secret settings (baseUrl…) and its secrets (apiKey…). */
export interface ProviderConfig {
  settings: Readonly<Record<string, string>>;
  secrets: Readonly<Record<string, string>>;
}

export type FetchFunction = typeof globalThis.fetch;

export interface ProviderAdapter {
  type: AiProviderType;
  /** A language model for modelId; every request goes through `fetch`, and the errors it throws or streams are redacted. */
  model(config: ProviderConfig, modelId: string, fetch: FetchFunction): LanguageModelV3;
  /**
   * The provider's model ids, sorted. Throws ProviderCallError: a
   * ProviderRejectedError when the provider refuses the key (not
   * transient); transient for 408, 429, 5xx and the network.
   */
  listModels(config: ProviderConfig, fetch: FetchFunction, signal: AbortSignal): Promise<string[]>;
  /**
   * An embedding model for modelId (knowledge bases), for the providers that
   * offer one; every request goes through `fetch`, its errors redacted.
   */
  embeddingModel?(config: ProviderConfig, modelId: string, fetch: FetchFunction): EmbeddingModelV3;
}

/** The provider refused the credential (401/403, or the provider's own "invalid key" answer). Not transient. */
export class ProviderRejectedError extends ProviderCallError {
  override name = 'ProviderRejectedError';
  constructor(message: string, status: number | null) {
    super(message, false, status);
  }
}

/** A credential that lacks a field its type requires (the vault validates on save, so this is a stored document gone wrong). Not transient. */
export class ProviderConfigError extends Error {
  override name = 'ProviderConfigError';
}

/**
 * Where the provider's API lives: the credential's baseUrl setting (the
 * types that have one; an operator override for the others), else the
 * type's default, without a trailing slash.
 */
export function baseUrlOf(type: AiProviderType, config: ProviderConfig): string {
  const url = config.settings.baseUrl?.trim() || credentialType(type).defaultBaseUrl;
  if (!url) throw new ProviderConfigError(`A ${CREDENTIAL_TYPES[type].label} credential needs a base URL`);
  return url.replace(/\/+$/, '');
}

/**
 * A secret the provider requires. Always handed to the SDK explicitly: left
 * undefined, the SDK would fall back to the operator's environment
 * (OPENAI_API_KEY…) and spend the operator's account on a user's behalf.
 */
export function requiredSecret(type: AiProviderType, config: ProviderConfig, key: string): string {
  const value = config.secrets[key];
  if (value === undefined || value === '') throw new ProviderConfigError(`The ${CREDENTIAL_TYPES[type].label} credential has no ${key}`);
  return value;
}

export function secretsOf(config: ProviderConfig): string[] {
  return Object.values(config.secrets);
}

export interface ModelsRequest {
  url: string;
  headers: Record<string, string>;
  fetch: FetchFunction;
  signal: AbortSignal;
  /** Redacted from every message. */
  secrets: readonly string[];
  /** The provider's "bad key" answer beyond 401/403 (Gemini answers 400 API_KEY_INVALID). */
  rejects?: (status: number, body: unknown) => boolean;
}

/** GET a provider's model list as JSON, with its failures as ProviderCallError (redacted). */
export async function getModelsJson(request: ModelsRequest): Promise<unknown> {
  const { secrets } = request;
  let response: Response;
  let text: string;
  try {
    response = await request.fetch(request.url, { method: 'GET', headers: { accept: 'application/json', ...request.headers }, signal: request.signal });
    text = await response.text();
  } catch (error) {
    if (request.signal.aborted) throw request.signal.reason ?? error;
    const message = redactText(messageOf(error), secrets);
    // A refused address or URL will be refused again; a network failure may pass.
    const transient = !['BlockedAddressError', 'UnsupportedUrlError', 'ResponseTooLargeError', 'TooManyRedirectsError'].includes(nameOf(error));
    throw new ProviderCallError(`The AI provider could not be reached: ${message}`, transient, null, { cause: redactValue(error, secrets) });
  }
  const body = parseJson(text);
  const status = response.status;
  if (status >= 200 && status < 300) {
    if (body === undefined) throw new ProviderCallError('The AI provider sent an unreadable model list', true, status);
    return body;
  }
  const detail = redactText(errorDetail(body, text), secrets);
  if (status === 401 || status === 403 || request.rejects?.(status, body)) {
    throw new ProviderRejectedError(`The AI provider refused the credential (HTTP ${status}: ${detail})`, status);
  }
  const transient = status === 408 || status === 429 || status >= 500;
  throw new ProviderCallError(`The AI provider answered HTTP ${status}: ${detail}`, transient, status);
}

/** The ids of an OpenAI-shaped list ({ data: [{ id }] }), sorted and without duplicates. */
export function openAIModelIds(body: unknown): string[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new ProviderCallError('The AI provider sent a model list without data', true, null);
  return sortedIds(data.map((entry) => (entry as { id?: unknown } | null)?.id));
}

export function sortedIds(ids: readonly unknown[]): string[] {
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))].sort((a, b) => a.localeCompare(b, 'en'));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The provider's own words: error.message (OpenAI, Anthropic, Gemini), message or detail (Mistral), error as a string (Ollama), else the start of the body. */
function errorDetail(body: unknown, text: string): string {
  const record = (body ?? {}) as Record<string, unknown>;
  const nested = record.error as Record<string, unknown> | string | undefined;
  const candidates = [typeof nested === 'object' && nested !== null ? nested.message : nested, record.message, record.detail];
  const found = candidates.find((candidate): candidate is string => typeof candidate === 'string' && candidate !== '');
  const detail = found ?? text.trim();
  if (detail === '') return 'no details';
  return detail.length > 300 ? `${detail.slice(0, 300)}…` : detail;
}

function nameOf(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : '';
}

/** What a keyed provider's SDK factory takes (createOpenAI, createAnthropic, createGroq…) and gives. */
type KeyedProviderFactory = (options: { baseURL: string; apiKey: string; fetch: FetchFunction }) => (modelId: string) => LanguageModelV3;

/**
 * model() for the types with a required API key: the SDK's provider at the
 * credential's base URL with its key and the caller's fetch, its errors
 * redacted of the key.
 */
export function keyedModel(type: AiProviderType, create: KeyedProviderFactory): ProviderAdapter['model'] {
  return (config, modelId, fetch) => redactingModel(create({ baseURL: baseUrlOf(type, config), apiKey: requiredSecret(type, config, 'apiKey'), fetch })(modelId), secretsOf(config));
}

/** What a keyed provider's SDK factory gives for embeddings (provider.embedding). */
type KeyedEmbeddingFactory = (options: { baseURL: string; apiKey: string; fetch: FetchFunction }) => (modelId: string) => EmbeddingModelV3;

/** embeddingModel() for the types with a required API key, like keyedModel. */
export function keyedEmbeddingModel(type: AiProviderType, create: KeyedEmbeddingFactory): NonNullable<ProviderAdapter['embeddingModel']> {
  return (config, modelId, fetch) => redactingEmbeddingModel(create({ baseURL: baseUrlOf(type, config), apiKey: requiredSecret(type, config, 'apiKey'), fetch })(modelId), secretsOf(config));
}

/** GET <base>/models with `Authorization: Bearer <key>`: the OpenAI-shaped lists (OpenAI, Mistral, Groq). */
export function bearerModelsJson(type: AiProviderType, config: ProviderConfig, fetch: FetchFunction, signal: AbortSignal): Promise<unknown> {
  const apiKey = requiredSecret(type, config, 'apiKey');
  return getModelsJson({ url: `${baseUrlOf(type, config)}/models`, headers: { authorization: `Bearer ${apiKey}` }, fetch, signal, secrets: secretsOf(config) });
}
