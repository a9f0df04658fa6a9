// A credential's secret must never leave platform-api inside an error: not in
// a message a user sees, not in a log line, not in a run document. Providers
// sometimes echo the key they were sent ("Incorrect API key provided:
// sk-…"), and the AI SDK copies the response body into its APICallError
// (message, responseBody, data), so every error that leaves an adapter is
// passed through here.
import { wrapEmbeddingModel, wrapLanguageModel } from 'ai';
import type { EmbeddingModelV3, LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';

export const REDACTED = '[redacted]';
/** How deep an error's properties and causes are searched; deeper values are dropped rather than risked. */
const MAX_DEPTH = 8;

/** The secrets worth looking for: non-empty, longest first (so a secret containing another is replaced whole). */
function activeSecrets(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret === '') continue;
    forms.add(secret);
    // As it would appear in a URL or a form body.
    forms.add(encodeURIComponent(secret));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** The text with every occurrence of every secret replaced by [redacted]. */
export function redactText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of activeSecrets(secrets)) result = result.split(secret).join(REDACTED);
  return result;
}

/** An own property's value, a getter's included; a getter that throws counts as holding nothing. */
function ownValue(target: object, key: string | symbol): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  if (descriptor === undefined) return undefined;
  if ('value' in descriptor) return descriptor.value;
  try {
    return descriptor.get?.call(target);
  } catch {
    return undefined;
  }
}

/** Whether a secret occurs in any string inside the value (own properties, symbols and causes included). */
export function mentionsSecret(value: unknown, secrets: readonly string[]): boolean {
  const active = activeSecrets(secrets);
  if (active.length === 0) return false;
  const seen = new Set<unknown>();
  const visit = (current: unknown, depth: number): boolean => {
    if (typeof current === 'string') return active.some((secret) => current.includes(secret));
    if (current === null || typeof current !== 'object' || seen.has(current)) return false;
    // Too deep to inspect: treat as mentioning, so it is dropped by redactValue.
    if (depth > MAX_DEPTH) return true;
    seen.add(current);
    return Reflect.ownKeys(current).some((key) => visit(ownValue(current, key), depth + 1));
  };
  return visit(value, 0);
}

/**
 * The value with secrets replaced, keeping its shape: strings redacted,
 * arrays and objects (errors included, with their class, symbols such as the
 * AI SDK's error markers, and causes) copied with redacted properties.
 * Returns the value itself when it holds no secret.
 */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  if (!mentionsSecret(value, secrets)) return value;
  const copies = new Map<object, unknown>();
  const copy = (current: unknown, depth: number): unknown => {
    if (typeof current === 'string') return redactText(current, secrets);
    if (current === null || typeof current !== 'object') return current;
    if (depth > MAX_DEPTH) return REDACTED;
    const existing = copies.get(current);
    if (existing !== undefined) return existing;
    const result: object = Array.isArray(current) ? [] : Object.create(Object.getPrototypeOf(current) as object | null);
    copies.set(current, result);
    for (const key of Reflect.ownKeys(current)) {
      // Arrays' length is not configurable on the fresh array; it follows the items.
      if (Array.isArray(result) && key === 'length') continue;
      const { enumerable = true } = Object.getOwnPropertyDescriptor(current, key) ?? {};
      // A getter (an engine's `stack`, say) becomes the redacted value it returned.
      Object.defineProperty(result, key, { value: copy(ownValue(current, key), depth + 1), enumerable, writable: true, configurable: true });
    }
    return result;
  };
  return copy(value, 0) as T;
}

/** The model, with every error it throws or streams redacted (the class kept, so retries and error mapping still see an APICallError). */
/** An embedding model whose errors never hold the credential's secrets. */
export function redactingEmbeddingModel(model: EmbeddingModelV3, secrets: readonly string[]): EmbeddingModelV3 {
  if (activeSecrets(secrets).length === 0) return model;
  return wrapEmbeddingModel({
    model,
    middleware: {
      specificationVersion: 'v3',
      async wrapEmbed({ doEmbed }) {
        try {
          return await doEmbed();
        } catch (error) {
          throw redactValue(error, secrets);
        }
      },
    },
  });
}

export function redactingModel(model: LanguageModelV3, secrets: readonly string[]): LanguageModelV3 {
  if (activeSecrets(secrets).length === 0) return model;
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: 'v3',
      async wrapGenerate({ doGenerate }) {
        try {
          return await doGenerate();
        } catch (error) {
          throw redactValue(error, secrets);
        }
      },
      async wrapStream({ doStream }) {
        let result: Awaited<ReturnType<typeof doStream>>;
        try {
          result = await doStream();
        } catch (error) {
          throw redactValue(error, secrets);
        }
        const stream = result.stream.pipeThrough(
          new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
            transform(part, controller) {
              controller.enqueue(part.type === 'error' ? { ...part, error: redactValue(part.error, secrets) } : part);
            },
          }),
        );
        return { ...result, stream };
      },
    },
  });
}
