// JSONata expressions and {{ … }} templates: checked by compiling only.
// Nothing here evaluates user input (no eval, no Function, no jsonata evaluate()).
import { currentExpressionCompiler } from './expressionCompiler.js';

/** Longest expression we compile; longer ones are reported without parsing. */
export const MAX_EXPRESSION_LENGTH = 10_000;

export type ExpressionCheck = { ok: true } | { ok: false; message: string; position: number; code?: string };

interface JsonataError {
  message?: unknown;
  position?: unknown;
  code?: unknown;
}

/** Compiles a JSONata expression (never evaluates it) and reports the first syntax error. */
export function parseExpression(source: string): ExpressionCheck {
  if (typeof source !== 'string') return { ok: false, message: 'Expression must be a string', position: 0 };
  if (source.length > MAX_EXPRESSION_LENGTH) {
    return { ok: false, message: `Expression must be at most ${MAX_EXPRESSION_LENGTH} characters`, position: MAX_EXPRESSION_LENGTH };
  }
  if (source.trim() === '') return { ok: false, message: 'Expression is empty', position: 0 };
  const compile = currentExpressionCompiler();
  // A browser still loading the compiler: unchecked for now (the builder validates again when it arrives).
  if (!compile) return { ok: true };
  try {
    compile(source);
    return { ok: true };
  } catch (error) {
    // jsonata throws plain objects {code, position, token, message}; a deeply
    // nested expression can also overflow the stack (RangeError).
    const e = (typeof error === 'object' && error !== null ? error : {}) as JsonataError;
    const message = typeof e.message === 'string' && e.message !== '' ? e.message : 'Expression does not parse';
    const position = typeof e.position === 'number' && Number.isFinite(e.position) ? Math.max(0, Math.min(e.position, source.length)) : 0;
    return typeof e.code === 'string' ? { ok: false, message, position, code: e.code } : { ok: false, message, position };
  }
}

/**
 * One `{{ … }}` segment of a template. start/end are offsets in the template
 * (end is just past the closing braces); on failure, position is an offset in
 * the template too.
 */
export type TemplatePlaceholder = { expression: string; start: number; end: number } & (
  | { ok: true }
  | { ok: false; message: string; position: number }
);

/**
 * Finds the `{{ … }}` segments of a template and checks each with
 * parseExpression(). The closing `}}` is the first one outside JSONata string
 * literals and object braces, so `{{ {"a": {"b": 1}} }}` is one placeholder.
 * An unclosed `{{` is reported as a failing placeholder running to the end.
 */
export function templatePlaceholders(template: string): TemplatePlaceholder[] {
  const found: TemplatePlaceholder[] = [];
  if (typeof template !== 'string') return found;
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{{', i);
    if (open < 0) break;
    const bodyStart = open + 2;
    const close = findClose(template, bodyStart);
    if (close < 0) {
      found.push({ expression: template.slice(bodyStart), start: open, end: template.length, ok: false, message: 'Placeholder "{{" is not closed with "}}"', position: open });
      break;
    }
    const expression = template.slice(bodyStart, close);
    const check = parseExpression(expression);
    const base = { expression, start: open, end: close + 2 };
    found.push(check.ok ? { ...base, ok: true } : { ...base, ok: false, message: check.message, position: bodyStart + check.position });
    i = close + 2;
  }
  return found;
}

/** The failing placeholders of a template (empty when every placeholder parses). */
export function templateProblems(template: string): Extract<TemplatePlaceholder, { ok: false }>[] {
  return templatePlaceholders(template).filter((p): p is Extract<TemplatePlaceholder, { ok: false }> => !p.ok);
}

/** Offset of the `}}` closing a placeholder whose body starts at `from`, or -1. */
function findClose(text: string, from: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote !== null) {
      if (c === '\\' && quote !== '`') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0 && text[i + 1] === '}') return i;
      if (depth > 0) depth--;
    }
  }
  return -1;
}
