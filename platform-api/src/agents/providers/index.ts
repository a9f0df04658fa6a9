// The AI provider adapters by credential type, and the credential test the
// vault runs on "Test connection": list the provider's models with the
// credential, and say in the domain's error codes why that failed. Callers
// pass the fetch (guardedFetch with the deployment's policy), so a user's
// base URL is held to the private-address guard.
import { CREDENTIAL_ERROR_CODES, CREDENTIAL_TYPES } from '@agentflow/shared/credentials';
import { ProviderCallError } from '../providers.js';
import { ProviderConfigError, ProviderRejectedError, secretsOf, type AiProviderType, type FetchFunction, type ProviderAdapter, type ProviderConfig } from './adapter.js';
import { redactText } from './redact.js';
import { anthropicAdapter } from './anthropic/adapter.js';
import { googleAdapter } from './google/adapter.js';
import { groqAdapter } from './groq/adapter.js';
import { mistralAdapter } from './mistral/adapter.js';
import { ollamaAdapter } from './ollama/adapter.js';
import { openaiAdapter } from './openai/adapter.js';
import { openaiCompatibleAdapter } from './openaiCompatible/adapter.js';
import { messageOf } from '@agentflow/shared/domain';

export type { AiProviderType, FetchFunction, ProviderAdapter, ProviderConfig } from './adapter.js';
export { ProviderConfigError, ProviderRejectedError } from './adapter.js';

/** Every AI credential type of the domain has exactly one adapter (a missing or extra key fails to compile). */
const ADAPTERS = {
  openai: openaiAdapter,
  anthropic: anthropicAdapter,
  google: googleAdapter,
  mistral: mistralAdapter,
  groq: groqAdapter,
  openaiCompatible: openaiCompatibleAdapter,
  ollama: ollamaAdapter,
} satisfies Record<AiProviderType, ProviderAdapter>;

export const AI_PROVIDER_TYPES = Object.keys(ADAPTERS) as AiProviderType[];

export function isAiProviderType(value: unknown): value is AiProviderType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ADAPTERS, value) && CREDENTIAL_TYPES[value as AiProviderType].kind === 'ai';
}

export type CredentialTestResult =
  | { ok: true; models: string[] }
  | { ok: false; code: typeof CREDENTIAL_ERROR_CODES.rejected | typeof CREDENTIAL_ERROR_CODES.providerUnavailable; error: string };

export interface ProviderRegistry {
  providerAdapter(type: AiProviderType): ProviderAdapter;
  /** Lists the provider's models with the credential. Never throws for the provider's answers; rethrows only when `signal` was aborted. */
  testCredential(type: AiProviderType, config: ProviderConfig, fetch: FetchFunction, signal: AbortSignal): Promise<CredentialTestResult>;
}

export interface ProviderRegistryOptions {
  /**
   * Where the types without a base URL field (openai, anthropic, google,
   * mistral, groq) send their requests instead of the public API: an
   * operator's regional endpoint or proxy, or a test's fake server. A
   * credential's own baseUrl setting still wins for the types that have one.
   */
  baseUrls?: Partial<Record<AiProviderType, string>>;
}

export function createProviderRegistry(options: ProviderRegistryOptions = {}): ProviderRegistry {
  const adapters = new Map<AiProviderType, ProviderAdapter>();
  for (const type of AI_PROVIDER_TYPES) {
    const override = options.baseUrls?.[type];
    adapters.set(type, override ? withBaseUrl(ADAPTERS[type], override) : ADAPTERS[type]);
  }
  const providerAdapter = (type: AiProviderType): ProviderAdapter => {
    const adapter = adapters.get(type);
    if (!adapter) throw new Error(`"${String(type)}" is not an AI provider type`);
    return adapter;
  };
  return {
    providerAdapter,
    async testCredential(type, config, fetch, signal) {
      try {
        return { ok: true, models: await providerAdapter(type).listModels(config, fetch, signal) };
      } catch (error) {
        if (signal.aborted) throw signal.reason ?? error;
        // Adapters redact their own errors; this is the last line for anything that slipped past.
        const message = redactText(messageOf(error), secretsOf(config));
        // A stored credential missing its key is unusable as a refused one is: the user's fix is the same (enter the key again).
        const refused = error instanceof ProviderRejectedError || error instanceof ProviderConfigError;
        const code = refused ? CREDENTIAL_ERROR_CODES.rejected : CREDENTIAL_ERROR_CODES.providerUnavailable;
        return { ok: false, code, error: error instanceof ProviderCallError || error instanceof ProviderConfigError ? message : `The AI provider could not be checked: ${message}` };
      }
    },
  };
}

/** The adapter with `baseUrl` as the default base URL (the credential's own setting, when it has one, still wins). */
function withBaseUrl(adapter: ProviderAdapter, baseUrl: string): ProviderAdapter {
  const configured = (config: ProviderConfig): ProviderConfig => (config.settings.baseUrl ? config : { ...config, settings: { ...config.settings, baseUrl } });
  return {
    type: adapter.type,
    model: (config, modelId, fetch) => adapter.model(configured(config), modelId, fetch),
    listModels: (config, fetch, signal) => adapter.listModels(configured(config), fetch, signal),
  };
}

/**
 * AI_PROVIDER_BASE_URLS: comma-separated type=url pairs
 * (openai=https://proxy.example/v1,anthropic=…) for createProviderRegistry.
 * A malformed value throws (a configuration error at start).
 */
export function providerBaseUrlsFromEnv(env: NodeJS.ProcessEnv): Partial<Record<AiProviderType, string>> {
  const raw = env.AI_PROVIDER_BASE_URLS?.trim() ?? '';
  const baseUrls: Partial<Record<AiProviderType, string>> = {};
  if (raw === '') return baseUrls;
  for (const pair of raw.split(',')) {
    const at = pair.indexOf('=');
    const type = pair.slice(0, at).trim();
    const url = pair.slice(at + 1).trim();
    if (at < 0 || !isAiProviderType(type)) throw new Error(`AI_PROVIDER_BASE_URLS: "${pair.trim()}" is not <type>=<url> with a type among ${AI_PROVIDER_TYPES.join(', ')}`);
    if (!/^https?:\/\/[^/\s]+/i.test(url)) throw new Error(`AI_PROVIDER_BASE_URLS: the URL for ${type} must be an http(s) URL, not "${url}"`);
    baseUrls[type] = url;
  }
  return baseUrls;
}

const defaultRegistry = createProviderRegistry();

/** The adapter of an AI credential type, talking to the provider's public API. */
export const providerAdapter = defaultRegistry.providerAdapter;
/** "Test connection": the provider's models with this credential, or why not (credential_rejected / provider_unavailable). */
export const testCredential = defaultRegistry.testCredential;
