// Which params of each node type hold JSONata: the one table validation
// (syntax and references), renameNodeKey() and the builder's field picker
// read. The engine evaluates exactly these: condition/transform/output via
// evaluate(), http/agent/connector strings via renderTemplate()/renderValue(),
// file expressions via filesOf(). Pure: no zod, no JSONata.
import type { NodeType } from './model.js';
import { isRecord } from './fields.js';

/**
 * 'expression': the whole value is JSONata. 'template': text with
 * `{{ JSONata }}` placeholders. 'file': a file expression, either one
 * `{{ placeholder }}` or bare JSONata (params.ts fileExpressionSource).
 */
export const EXPRESSION_KINDS = ['expression', 'template', 'file'] as const;
export type ExpressionKind = (typeof EXPRESSION_KINDS)[number];

export interface ExpressionParamRule {
  /** A param path: `*` is any one key or index, `**` any depth below (every string under it). */
  path: string;
  kind: ExpressionKind;
  /**
   * Who reports a value that does not parse: nodeProblems() ('problems'), or
   * the param schema itself ('schema': file expressions, multipart form
   * fields and app values refine their own syntax), so it is said once.
   */
  syntax: 'problems' | 'schema';
}

export const EXPRESSION_PARAMS: Readonly<Record<NodeType, readonly ExpressionParamRule[]>> = {
  'trigger.manual': [],
  'trigger.webhook': [],
  'trigger.schedule': [],
  // App trigger params are literal (no input to render them against yet).
  'trigger.poll': [],
  'trigger.error': [],
  'trigger.chat': [],
  approval: [],
  condition: [{ path: 'expression', kind: 'expression', syntax: 'problems' }],
  transform: [{ path: 'mapping', kind: 'expression', syntax: 'problems' }],
  output: [{ path: 'mapping', kind: 'expression', syntax: 'problems' }],
  http: [
    { path: 'url', kind: 'template', syntax: 'problems' },
    { path: 'headers.*', kind: 'template', syntax: 'problems' },
    { path: 'body', kind: 'template', syntax: 'problems' },
    { path: 'file', kind: 'file', syntax: 'schema' },
    { path: 'formFields.*', kind: 'template', syntax: 'schema' },
  ],
  agent: [
    { path: 'promptTemplate', kind: 'template', syntax: 'problems' },
    { path: 'tools.http.*.url', kind: 'template', syntax: 'problems' },
    { path: 'tools.http.*.headers.*', kind: 'template', syntax: 'problems' },
    { path: 'files.*', kind: 'file', syntax: 'schema' },
  ],
  connector: [{ path: 'params.**', kind: 'template', syntax: 'schema' }],
  // JavaScript, not JSONata: it reads `input` itself (the sandbox checks its syntax).
  code: [],
  // The list a loop runs over (loop.ts).
  loop: [{ path: 'items', kind: 'expression', syntax: 'problems' }],
  // An until-wait's date-time may be computed ('{{ input.dueDate }}').
  wait: [{ path: 'at', kind: 'template', syntax: 'problems' }],
  // Each child input field is a template; one whole placeholder keeps its value's type.
  subworkflow: [{ path: 'input.*', kind: 'template', syntax: 'problems' }],
  // The question a Knowledge step searches with (knowledgeStep.ts).
  knowledge: [{ path: 'query', kind: 'expression', syntax: 'problems' }],
};

/** One string param of a node that holds JSONata, where it is and what it holds. */
export interface ExpressionParam {
  /** Dotted param path, as problems carry it ('tools.http.0.url', 'headers.X-Lead'). */
  path: string;
  /** The same path as keys and indexes (a header name may contain a dot). */
  segments: (string | number)[];
  kind: ExpressionKind;
  syntax: ExpressionParamRule['syntax'];
  value: string;
}

/** Children of a value in a stable order: array indexes, or record keys sorted. */
function children(value: unknown): [string | number, unknown][] {
  if (Array.isArray(value)) return value.map((item, i) => [i, item]);
  if (isRecord(value)) return Object.keys(value).sort().map((key) => [key, value[key]]);
  return [];
}

function collect(value: unknown, pattern: readonly string[], segments: (string | number)[], rule: ExpressionParamRule, out: ExpressionParam[]): void {
  if (pattern.length === 0) {
    if (typeof value === 'string') out.push({ path: segments.join('.'), segments, kind: rule.kind, syntax: rule.syntax, value });
    return;
  }
  const [head, ...rest] = pattern as [string, ...string[]];
  if (head === '**') {
    if (typeof value === 'string') collect(value, [], segments, rule, out);
    for (const [key, child] of children(value)) collect(child, pattern, [...segments, key], rule, out);
    return;
  }
  if (head === '*') {
    for (const [key, child] of children(value)) collect(child, rest, [...segments, key], rule, out);
    return;
  }
  if (isRecord(value) && head in value) collect(value[head], rest, [...segments, head], rule, out);
}

/** Every string param of the node that holds JSONata, in table order (record keys sorted). Params of any shape: what is not there is skipped. */
export function expressionParamsOf(node: { type: NodeType; params: unknown }): ExpressionParam[] {
  const out: ExpressionParam[] = [];
  for (const rule of EXPRESSION_PARAMS[node.type] ?? []) collect(node.params, rule.path.split('.'), [], rule, out);
  return out;
}

function matches(pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length === 0) return path.length === 0;
  const [head, ...rest] = pattern as [string, ...string[]];
  if (head === '**') return path.length > 0 && (rest.length === 0 || path.some((_, i) => matches(rest, path.slice(i + 1))));
  if (path.length === 0) return false;
  return (head === '*' || head === path[0]) && matches(rest, path.slice(1));
}

/**
 * What the param at `path` of a node type holds ('expression', 'template',
 * 'file'), or null when it is no JSONata. `path` as segments, or dotted when
 * no key in it contains a dot.
 */
export function expressionKindAt(type: NodeType, path: string | readonly (string | number)[]): ExpressionKind | null {
  const segments = (typeof path === 'string' ? path.split('.') : path).map(String);
  return (EXPRESSION_PARAMS[type] ?? []).find((rule) => matches(rule.path.split('.'), segments))?.kind ?? null;
}

/** `params` with the value at `segments` replaced (copies along the path; the rest is shared). */
export function withParamAt(params: unknown, segments: readonly (string | number)[], value: unknown): unknown {
  if (segments.length === 0) return value;
  const [head, ...rest] = segments as [string | number, ...(string | number)[]];
  if (Array.isArray(params) && typeof head === 'number') return params.map((item, i) => (i === head ? withParamAt(item, rest, value) : item));
  const record = isRecord(params) ? params : {};
  return { ...record, [head]: withParamAt(record[head], rest, value) };
}
