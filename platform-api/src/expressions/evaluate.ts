// Evaluating the workflow's JSONata expressions and {{ … }} templates against
// a step's input: used by the run steps (runs/steps.ts) and by agents
// (prompt and tool templates), so it lives in neither. JSONata is a query language with no access to the process
// (no eval, no require); its guardrails (time, depth, sequence length) stop
// runaway expressions.
import jsonata from 'jsonata';
import { templatePlaceholders } from '@agentflow/shared/workflow';

const MAX_DEPTH = 300;
const MAX_SEQUENCE = 100_000;

/** An expression that does not compile or fails while evaluating; not transient. */
export class ExpressionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpressionError';
  }
}

function describe(error: unknown): string {
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  return String(error);
}

/** JSONata sequences and undefined to plain JSON (undefined → null). */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value) ?? 'null') as unknown;
}

/** Evaluates one JSONata expression over `data`, within `timeoutMs`. */
export async function evaluate(source: string, data: unknown, timeoutMs = 1000): Promise<unknown> {
  let expression: ReturnType<typeof jsonata>;
  try {
    // jsonata's own guardrails: evaluation time, nesting depth, sequence length.
    expression = jsonata(source, { timeout: timeoutMs, stack: MAX_DEPTH, sequence: MAX_SEQUENCE });
  } catch (error) {
    throw new ExpressionError(`Expression does not parse: ${describe(error)}`);
  }
  try {
    return plain(await expression.evaluate(data));
  } catch (error) {
    throw new ExpressionError(`Expression failed: ${describe(error)}`);
  }
}

/** A placeholder's value as text: strings as they are, everything else as JSON. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Renders a `{{ JSONata }}` template. `encode` is applied to each value
 * (URL templates encode path and query values) except a placeholder that
 * starts the template, which may produce a whole URL.
 */
export async function renderTemplate(template: string, data: unknown, encode?: (text: string) => string): Promise<string> {
  const placeholders = templatePlaceholders(template);
  let out = '';
  let at = 0;
  for (const placeholder of placeholders) {
    if (!placeholder.ok) throw new ExpressionError(`Template does not parse: ${placeholder.message}`);
    out += template.slice(at, placeholder.start);
    const text = asText(await evaluate(placeholder.expression, data));
    out += encode && placeholder.start > 0 ? encode(text) : text;
    at = placeholder.end;
  }
  return out + template.slice(at);
}
