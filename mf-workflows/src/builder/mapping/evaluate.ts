// The live preview's evaluation, in the browser, as the engine does it
// (platform-api/src/expressions/evaluate.ts): JSONata with its guardrails
// (time, depth, sequence length); a template renders each {{ }} as text.
// JSONata is loaded on first use, so it is not in the builder's first view.
import { templatePlaceholders } from '@agentflow/shared/workflow';
import type { MappingMode } from './insert';

const TIMEOUT_MS = 500;
const MAX_DEPTH = 300;
const MAX_SEQUENCE = 100_000;

export type PreviewResult = { ok: true; value: unknown } | { ok: false; kind: 'parse' | 'evaluate'; detail: string };

const detailOf = (error: unknown): string =>
  error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string' ? (error as { message: string }).message : String(error);

async function evaluateOne(source: string, data: unknown): Promise<PreviewResult> {
  const { default: jsonata } = await import('jsonata');
  let expression: ReturnType<typeof jsonata>;
  try {
    expression = jsonata(source, { timeout: TIMEOUT_MS, stack: MAX_DEPTH, sequence: MAX_SEQUENCE });
  } catch (error) {
    return { ok: false, kind: 'parse', detail: detailOf(error) };
  }
  try {
    const value: unknown = await expression.evaluate(data);
    return { ok: true, value: value === undefined ? undefined : (JSON.parse(JSON.stringify(value) ?? 'null') as unknown) };
  } catch (error) {
    return { ok: false, kind: 'evaluate', detail: detailOf(error) };
  }
}

const asText = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** The field's value on `data`: an expression's result, or a template's text. */
export async function previewOf(source: string, mode: MappingMode, data: unknown): Promise<PreviewResult> {
  if (mode === 'expression') return evaluateOne(source, data);
  let out = '';
  let at = 0;
  for (const placeholder of templatePlaceholders(source)) {
    if (!placeholder.ok) return { ok: false, kind: 'parse', detail: placeholder.message };
    out += source.slice(at, placeholder.start);
    const result = await evaluateOne(placeholder.expression, data);
    if (!result.ok) return result;
    out += asText(result.value);
    at = placeholder.end;
  }
  return { ok: true, value: out + source.slice(at) };
}
