// The JSONata compiler behind the expression checks (expressions.ts) and the
// reference finder (references.ts). Nothing here evaluates anything: compiling
// gives the syntax errors and the syntax tree.
//
// Node and the tests get the compiler at once: the workflow entry imports
// jsonataCompiler.ts for its side effect. Browser builds leave that import out
// (the package is side-effect free), so JSONata (25 kB gzip) is not part of
// the builder's first paint: the builder calls loadExpressionCompiler() when it
// opens and validates again when the compiler arrives (onExpressionCompiler).
// Until then expressions count as unchecked: no syntax problem and no
// references; renaming a key (which rewrites references) waits for it.

export interface CompiledExpression {
  ast(): unknown;
}
export type ExpressionCompiler = (source: string) => CompiledExpression;

let compiler: ExpressionCompiler | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function installExpressionCompiler(next: ExpressionCompiler): void {
  compiler = next;
  for (const listener of listeners) listener();
}

/** The compiler, or null while a browser is still loading it. */
export function currentExpressionCompiler(): ExpressionCompiler | null {
  return compiler;
}

/** Calls `listener` when the compiler arrives; returns the unsubscribe. */
export function onExpressionCompiler(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Loads JSONata in a chunk of its own (browser); resolves at once where it is installed. */
export function loadExpressionCompiler(): Promise<void> {
  if (compiler) return Promise.resolve();
  loading ??= import(/* webpackChunkName: "jsonata" */ 'jsonata').then((module) => {
    const jsonata = (module as unknown as { default?: ExpressionCompiler }).default ?? (module as unknown as ExpressionCompiler);
    installExpressionCompiler(jsonata);
  });
  return loading;
}

/** A reference rewrite asked for before the compiler arrived (it would miss references). */
export class ExpressionCompilerMissingError extends Error {
  constructor() {
    super('The expression compiler is not loaded yet (loadExpressionCompiler)');
    this.name = 'ExpressionCompilerMissingError';
  }
}
