// References by name: a node's key is its id, and an expression refers to an
// upstream node's output by it (`agent_1.score`, `` `agent-1`.score ``), to
// the run input by `trigger` / `input` (the step input the engine builds:
// platform-api runs/execution.ts inputFor). This file finds the references an
// expression makes (from JSONata's syntax tree: nothing is evaluated), writes
// the JSONata text of a reference, checks a new key and renames a node with
// every reference to it. Pure.
import { ExpressionCompilerMissingError, currentExpressionCompiler } from './expressionCompiler.js';
import type { Workflow, WorkflowNode } from './model.js';
import { templatePlaceholders } from './expressions.js';
import { expressionParamsOf, withParamAt, type ExpressionKind } from './expressionParams.js';
import { isRecord } from './fields.js';

/** A new node key: lower-case, starts with a letter, letters, digits and "_" (so a reference needs no quoting). */
export const NODE_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const NODE_KEY_MAX_LENGTH = 40;

/** The roots the engine puts in every step input besides upstream node keys: the run input, twice. */
export const STEP_INPUT_ROOTS = ['trigger', 'input'] as const;

/** Words JSONata reads as operators or values, never as a field name at the start of a path. */
export const JSONATA_KEYWORDS = ['and', 'or', 'in', 'true', 'false', 'null', 'function'] as const;

/** Keys no node may take: the step input's own roots and JSONata's words. */
export const RESERVED_NODE_KEYS: readonly string[] = [...STEP_INPUT_ROOTS, ...JSONATA_KEYWORDS];

export const isValidNodeKey = (key: unknown): key is string => typeof key === 'string' && NODE_KEY_PATTERN.test(key);

/** Why a key cannot be given to a node; the UI translates these. */
export const NODE_KEY_PROBLEMS = ['invalid-format', 'reserved', 'taken'] as const;
export type NodeKeyProblem = (typeof NODE_KEY_PROBLEMS)[number];

/** Why node `nodeId` cannot be renamed to `newKey`, or null when it can (keeping its own key is fine). */
export function nodeKeyProblem(workflow: Pick<Workflow, 'nodes'>, nodeId: string, newKey: string): NodeKeyProblem | null {
  if (newKey === nodeId) return null;
  if (!isValidNodeKey(newKey)) return 'invalid-format';
  if (RESERVED_NODE_KEYS.includes(newKey)) return 'reserved';
  if (workflow.nodes.some((node) => node.id === newKey)) return 'taken';
  return null;
}

// ---------------------------------------------------------------- writing a reference

const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A path step as JSONata: bare when it is a plain name, else in backticks. */
function nameStep(name: string): string {
  return PLAIN_NAME.test(name) && !(JSONATA_KEYWORDS as readonly string[]).includes(name) ? name : `\`${name}\``;
}

/**
 * The JSONata text that reads `path` of node `key`'s output (or of `trigger`
 * / `input`): `extract.stage`, `` `agent-1`.score ``, `` trigger.`first name` ``.
 * A name holding a backtick (which backticks cannot quote) is read with $lookup.
 */
export function referenceFor(key: string, path: readonly string[] = []): string {
  let text = key.includes('`') ? `$lookup($$, ${JSON.stringify(key)})` : nameStep(key);
  for (const name of path) text = name.includes('`') ? `$lookup(${text}, ${JSON.stringify(name)})` : `${text}.${nameStep(name)}`;
  return text;
}

// ---------------------------------------------------------------- finding references

/**
 * A reference an expression makes: the step input's field `root` (a node key,
 * `trigger` or `input`) and the plain field names after it. `start`/`end` are
 * the offsets of the root's token in the text given (the whole template for a
 * template), quotes included.
 */
export interface ExpressionReference {
  root: string;
  path: string[];
  start: number;
  end: number;
}

interface AstNode {
  type?: string;
  value?: unknown;
  position?: number;
  [key: string]: unknown;
}

const isAst = (value: unknown): value is AstNode => isRecord(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The source span of a name step's token: bare, in backticks, or a string literal JSONata read as a name. */
function tokenSpan(source: string, step: AstNode): { start: number; end: number } | null {
  const end = step.position;
  const name = step.value;
  if (typeof end !== 'number' || typeof name !== 'string') return null;
  const quote = source[end - 1];
  if (quote === '`' || quote === '"' || quote === "'") {
    const start = end - name.length - 2;
    return source.slice(start, end) === `${quote}${name}${quote}` ? { start, end } : null;
  }
  const start = end - name.length;
  return source.slice(start, end) === name ? { start, end } : null;
}

/** The field names that follow a root step. */
function namesAfter(steps: readonly unknown[], from: number): string[] {
  const names: string[] = [];
  for (let i = from; i < steps.length; i++) {
    const step = steps[i];
    if (!isAst(step) || step.type !== 'name' || typeof step.value !== 'string') break;
    names.push(step.value);
  }
  return names;
}

/**
 * Walks JSONata's syntax tree. `atRoot`: the expression is evaluated against
 * the step input itself (not inside a path step, a filter, a group or a
 * transform, whose context is some value inside it). A lambda keeps the
 * context it is defined in, as JSONata does.
 */
function walk(node: unknown, atRoot: boolean, source: string, found: ExpressionReference[]): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, atRoot, source, found);
    return;
  }
  if (!isAst(node)) return;
  switch (node.type) {
    case 'path': {
      const steps = list(node.steps);
      const first = steps[0];
      const second = steps[1];
      const rootVariable = isAst(first) && first.type === 'variable' && (first.value === '$' || (first.value === '' && atRoot));
      let rootIndex = -1;
      if (isAst(first) && first.type === 'name' && atRoot) rootIndex = 0;
      else if (rootVariable && isAst(second) && second.type === 'name') rootIndex = 1;
      if (rootIndex >= 0) {
        const rootStep = steps[rootIndex] as AstNode;
        const span = tokenSpan(source, rootStep);
        if (span && typeof rootStep.value === 'string') found.push({ root: rootStep.value, path: namesAfter(steps, rootIndex + 1), ...span });
      }
      steps.forEach((step, i) => {
        if (!isAst(step)) return;
        if (step.type === 'name' || step.type === 'variable') walkStages(step, source, found);
        else walk(step, i === 0 ? atRoot : false, source, found);
      });
      walkGroup(node, source, found);
      return;
    }
    case 'binary':
    case 'apply':
      walk(node.lhs, atRoot, source, found);
      walk(node.rhs, atRoot, source, found);
      break;
    case 'unary':
      if (node.value === '{') walk(node.lhs, atRoot, source, found);
      else walk(node.value === '[' ? node.expressions : node.expression, atRoot, source, found);
      break;
    case 'function':
    case 'partial':
      walk(node.procedure, atRoot, source, found);
      walk(node.arguments, atRoot, source, found);
      break;
    case 'lambda':
      walk(node.body, atRoot, source, found);
      break;
    case 'condition':
      walk([node.condition, node.then, node.else], atRoot, source, found);
      break;
    case 'block':
      walk(node.expressions, atRoot, source, found);
      break;
    case 'bind':
      walk(node.rhs, atRoot, source, found);
      break;
    case 'transform':
      walk([node.pattern, node.update, node.delete], false, source, found);
      break;
    case 'sort':
      for (const term of list(node.terms)) if (isAst(term)) walk(term.expression, false, source, found);
      break;
    default:
      break;
  }
  walkStages(node, source, found);
  walkGroup(node, source, found);
}

/** Filters (`[…]`) are evaluated for each item: never at the root. */
function walkStages(node: AstNode, source: string, found: ExpressionReference[]): void {
  for (const stage of [...list(node.stages), ...list(node.predicate)]) if (isAst(stage)) walk(stage.expr, false, source, found);
}

/** A group-by (`a{key: value}`) is evaluated per item: never at the root. */
function walkGroup(node: AstNode, source: string, found: ExpressionReference[]): void {
  if (isAst(node.group)) walk(node.group.lhs, false, source, found);
}

/** Expressions whose references are known: validation runs on every edit, and most expressions did not change. */
const parsed = new Map<string, readonly ExpressionReference[]>();
const PARSED_MAX = 500;

/** The references of one JSONata expression; none when it does not parse. */
function expressionReferences(expression: string, offset: number): ExpressionReference[] {
  let refs = parsed.get(expression);
  if (!refs) {
    const compile = currentExpressionCompiler();
    // Not loaded yet (browser): no references known, and nothing cached.
    if (!compile) return [];
    const found: ExpressionReference[] = [];
    try {
      walk(compile(expression).ast() as AstNode, true, expression, found);
    } catch {
      // Does not parse: the syntax check says so.
    }
    refs = found.sort((a, b) => a.start - b.start);
    if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value!);
    parsed.set(expression, refs);
  }
  return refs.map((ref) => ({ ...ref, path: [...ref.path], start: ref.start + offset, end: ref.end + offset }));
}

const WHOLE_PLACEHOLDER = /^\s*\{\{([\s\S]*)\}\}\s*$/;

/**
 * The references a param makes, in text order: of the expression, of each
 * `{{ }}` placeholder of a template (placeholders that do not parse give
 * none), or of a file expression (one placeholder or bare JSONata).
 */
export function referencesOf(source: string, kind: ExpressionKind = 'expression'): ExpressionReference[] {
  if (typeof source !== 'string') return [];
  const whole = WHOLE_PLACEHOLDER.exec(source);
  const asTemplate = kind === 'template' || (kind === 'file' && whole !== null && !whole[1]!.includes('}}'));
  if (!asTemplate) return expressionReferences(source, 0);
  return templatePlaceholders(source).flatMap((p) => (p.ok ? expressionReferences(p.expression, p.start + 2) : []));
}

// ---------------------------------------------------------------- renaming

/** `source` with every reference rooted at `from` made to root at `to`; everything else byte for byte. */
export function renameInSource(source: string, kind: ExpressionKind, from: string, to: string): string {
  // Without the compiler no reference would be found, and the rename would silently miss them all.
  if (!currentExpressionCompiler()) throw new ExpressionCompilerMissingError();
  const edits = referencesOf(source, kind)
    .filter((ref) => ref.root === from)
    .sort((a, b) => b.start - a.start);
  let text = source;
  for (const ref of edits) {
    const quote = source[ref.start];
    // A string literal read as a name keeps its quotes; a bare or backticked name is written afresh.
    const replacement = quote === '"' || quote === "'" ? `${quote}${to}${quote}` : referenceFor(to);
    text = text.slice(0, ref.start) + replacement + text.slice(ref.end);
  }
  return text;
}

/** A node's params with every reference to `from` rewritten to `to`, and its delegation to `from` too. */
function renamedParams(node: WorkflowNode, from: string, to: string): WorkflowNode['params'] {
  let params: unknown = node.params;
  for (const param of expressionParamsOf(node)) {
    const renamed = renameInSource(param.value, param.kind, from, to);
    if (renamed !== param.value) params = withParamAt(params, param.segments, renamed);
  }
  if (node.type === 'agent' && isRecord(params) && isRecord(params.tools) && Array.isArray(params.tools.delegates) && params.tools.delegates.includes(from)) {
    params = { ...params, tools: { ...params.tools, delegates: params.tools.delegates.map((d: unknown) => (d === from ? to : d)) } };
  }
  return params as WorkflowNode['params'];
}

/**
 * The workflow with node `from` renamed `to`: its id, the edges' ends, agents'
 * delegates and every expression and template of every node that refers to
 * it (only path roots: not field names, string literals or $variables).
 * Throws when `to` cannot be taken (check nodeKeyProblem() first) or there is
 * no node `from`.
 */
export function renameNodeKey<W extends Pick<Workflow, 'nodes' | 'edges'>>(workflow: W, from: string, to: string): W {
  if (from === to) return workflow;
  if (!workflow.nodes.some((node) => node.id === from)) throw new Error(`No node "${from}" to rename`);
  const problem = nodeKeyProblem(workflow, from, to);
  if (problem) throw new Error(`Cannot rename "${from}" to "${to}": ${problem}`);
  return {
    ...workflow,
    nodes: workflow.nodes.map((node) => {
      const params = renamedParams(node, from, to);
      const id = node.id === from ? to : node.id;
      return params === node.params && id === node.id ? node : { ...node, id, params };
    }),
    edges: workflow.edges.map((edge) =>
      edge.source === from || edge.target === from ? { ...edge, source: edge.source === from ? to : edge.source, target: edge.target === from ? to : edge.target } : edge,
    ),
  };
}
