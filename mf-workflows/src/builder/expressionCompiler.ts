// The builder's side of the lazily loaded JSONata compiler (the domain's
// expressionCompiler.ts): loads it when the builder opens, re-renders when it
// arrives (problems are validated again), and lets reference rewrites (rename a
// key, paste steps) wait for it instead of missing references.
import { useEffect, useSyncExternalStore } from 'react';
import { currentExpressionCompiler, loadExpressionCompiler, onExpressionCompiler } from '@agentflow/shared/workflow';

const isReady = () => currentExpressionCompiler() !== null;

/** True once expressions can be checked; starts the load. */
export function useExpressionCompilerReady(): boolean {
  const ready = useSyncExternalStore(onExpressionCompiler, isReady, isReady);
  useEffect(() => {
    // A failed load (offline) leaves expressions unchecked here; the server checks them on save and run.
    void loadExpressionCompiler().catch(() => undefined);
  }, []);
  return ready;
}

/** Runs `work` now when the compiler is there (tests, most of the time), else once it has loaded. */
export function withExpressionCompiler(work: () => void): void {
  if (isReady()) work();
  else void loadExpressionCompiler().then(work, () => undefined);
}
