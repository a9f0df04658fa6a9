// Which language models platform-api can call, from its configuration: any
// OpenAI-compatible endpoint (OpenAI, Azure, Gemini's OpenAI API, vLLM, LM
// Studio…) and Ollama, through the Vercel AI SDK's providers. A node may
// override the model: 'ollama:llama3', 'openai:gpt-4o-mini', or a plain name
// for the default provider.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, type LanguageModel } from 'ai';
import { createOllama } from 'ollama-ai-provider-v2';
import { RUN_MESSAGES } from '@agentflow/shared/workflow';

export interface AiConfig {
  baseUrl: string | null;
  apiKey: string | null;
  model: string | null;
  ollamaUrl: string | null;
  ollamaModel: string | null;
  /**
   * Ask the OpenAI-compatible endpoint for JSON-schema structured output
   * (response_format json_schema). Default true; AI_STRUCTURED_OUTPUTS=false
   * falls back to JSON mode for endpoints without it (the answer is still
   * validated against the schema here).
   */
  structuredOutputs?: boolean;
}

export interface ModelResolver {
  configured: boolean;
  /** 'openai' and/or 'ollama', default first. */
  providers: string[];
  /** The model a node without an override uses ('ollama:<model>' when Ollama is the only provider). */
  defaultModel: string | null;
  /** Throws NoProviderError when nothing is configured, ModelNotAvailableError for a provider that is not. */
  resolve(override?: string | null): LanguageModel;
}

/** The exact message the product shows (RUN_MESSAGES.noProvider). */
export class NoProviderError extends Error {
  override name = 'NoProviderError';
  constructor() {
    super(RUN_MESSAGES.noProvider);
  }
}

/** A node asks for a provider that this deployment does not configure. Not transient. */
export class ModelNotAvailableError extends Error {
  override name = 'ModelNotAvailableError';
}

/** A failed call to the model provider. 429, 5xx and network failures are transient (the engine retries with backoff); other 4xx are not. */
export class ProviderCallError extends Error {
  override name = 'ProviderCallError';
  constructor(
    message: string,
    readonly transient: boolean,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_OLLAMA_MODEL = 'llama3.2';
const PROVIDER_PREFIX = /^(openai|ollama):(.+)$/i;

/** AI_BASE_URL, AI_API_KEY, AI_MODEL, OLLAMA_URL, OLLAMA_MODEL, AI_STRUCTURED_OUTPUTS. Blank counts as unset. */
export function aiConfigFromEnv(env: NodeJS.ProcessEnv): AiConfig {
  const value = (name: string): string | null => {
    const raw = env[name]?.trim();
    return raw ? raw : null;
  };
  const baseUrl = value('AI_BASE_URL');
  const ollamaUrl = value('OLLAMA_URL');
  for (const [name, url] of [
    ['AI_BASE_URL', baseUrl],
    ['OLLAMA_URL', ollamaUrl],
  ] as const) {
    if (url !== null && !/^https?:\/\/[^/\s]+/i.test(url)) throw new Error(`${name} must be an http(s) URL, not "${url}"`);
  }
  const structured = value('AI_STRUCTURED_OUTPUTS')?.toLowerCase() ?? null;
  if (structured !== null && structured !== 'true' && structured !== 'false') throw new Error(`AI_STRUCTURED_OUTPUTS must be "true" or "false", not "${structured}"`);
  return {
    baseUrl,
    apiKey: value('AI_API_KEY'),
    model: value('AI_MODEL'),
    ollamaUrl,
    ollamaModel: value('OLLAMA_MODEL'),
    ...(structured !== null ? { structuredOutputs: structured === 'true' } : {}),
  };
}

/** Ollama's provider wants the API root (…/api); OLLAMA_URL is usually the server root (http://localhost:11434). */
export function ollamaApiUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return /\/api$/.test(trimmed) ? trimmed : `${trimmed}/api`;
}

export function createModelResolver(config: AiConfig): ModelResolver {
  const openai = config.baseUrl
    ? createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseUrl.replace(/\/+$/, ''),
        // Local endpoints (vLLM, LM Studio) accept any key or none.
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        includeUsage: true,
        supportsStructuredOutputs: config.structuredOutputs ?? true,
      })
    : null;
  const ollama = config.ollamaUrl ? createOllama({ baseURL: ollamaApiUrl(config.ollamaUrl) }) : null;
  const openaiModel = config.model ?? DEFAULT_OPENAI_MODEL;
  const ollamaModel = config.ollamaModel ?? DEFAULT_OLLAMA_MODEL;
  const providers = [...(openai ? ['openai'] : []), ...(ollama ? ['ollama'] : [])];

  return {
    configured: providers.length > 0,
    providers,
    defaultModel: openai ? openaiModel : ollama ? `ollama:${ollamaModel}` : null,
    resolve(override) {
      if (!openai && !ollama) throw new NoProviderError();
      const requested = override?.trim() || null;
      const prefixed = requested ? PROVIDER_PREFIX.exec(requested) : null;
      const provider = prefixed ? prefixed[1]!.toLowerCase() : openai ? 'openai' : 'ollama';
      const modelId = prefixed ? prefixed[2]! : (requested ?? (provider === 'openai' ? openaiModel : ollamaModel));
      if (provider === 'openai') {
        if (!openai) throw new ModelNotAvailableError(`The model "${requested}" needs an OpenAI-compatible provider: set AI_BASE_URL and AI_API_KEY for platform-api.`);
        return openai(modelId);
      }
      if (!ollama) throw new ModelNotAvailableError(`The model "${requested}" needs Ollama: set OLLAMA_URL for platform-api.`);
      return ollama(modelId);
    },
  };
}

const TRANSIENT_SDK_ERRORS = new Set(['AI_EmptyResponseBodyError', 'AI_JSONParseError', 'AI_InvalidResponseDataError']);

/**
 * The AI SDK's errors as ProviderCallError: an APICallError by its status
 * (429, 408, 5xx and no status at all, i.e. the network, are transient), a
 * garbled response as transient. Anything else is returned unchanged.
 */
export function toProviderCallError(error: unknown): unknown {
  if (error instanceof ProviderCallError) return error;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ?? null;
    const transient = status === null ? error.isRetryable : status === 408 || status === 429 || status >= 500;
    const detail = error.message || 'no details';
    const message = status === null ? `The AI provider could not be reached: ${detail}` : `The AI provider answered HTTP ${status}: ${detail}`;
    return new ProviderCallError(message, transient, status, { cause: error });
  }
  if (error instanceof Error && TRANSIENT_SDK_ERRORS.has(error.name)) {
    return new ProviderCallError(`The AI provider sent an unreadable response: ${error.message}`, true, null, { cause: error });
  }
  const network = networkFailure(error);
  if (network) return new ProviderCallError(`The AI provider could not be reached: ${network}`, true, null, { cause: error });
  return error;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * A fetch that failed below HTTP, which the SDK normally wraps in an
 * APICallError; checked by shape, not instanceof, because fetch's TypeError
 * may come from another realm (Jest's sandbox, for one).
 */
function networkFailure(error: unknown): string | null {
  const seen = new Set<unknown>();
  let current = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('UND_ERR_'))) return typeof message === 'string' && message !== '' ? message : code;
    current = (current as { cause?: unknown }).cause;
  }
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.toLowerCase() === 'fetch failed' ? message : null;
}
