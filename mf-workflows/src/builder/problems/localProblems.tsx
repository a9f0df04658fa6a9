// Problems only a field knows: text in an editor that does not parse (a raw
// JSON box) never reaches the workflow, so validateWorkflow() cannot see it.
// The field reports it here while it lasts; the builder adds these to the
// domain's problems, so the Problems list and the node's marker count them.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useRemoteCatalogs } from '@agentflow/shared';
import { validateWorkflow, type Workflow, type WorkflowProblem } from '@agentflow/shared/workflow';
import { PROBLEMS_CATALOGS } from './i18n';
import { useExpressionCompilerReady } from '../expressionCompiler';

type Report = (key: string, problem: WorkflowProblem | null) => void;

const LocalProblemsContext = createContext<Report | null>(null);

/** The builder's store of field-local problems: `problems` to count, `Scope` around the forms that report. */
export function useLocalProblems(): { problems: WorkflowProblem[]; report: Report } {
  const [byKey, setByKey] = useState<ReadonlyMap<string, WorkflowProblem>>(new Map());
  const report = useCallback<Report>((key, problem) => {
    setByKey((current) => {
      if (problem === null ? !current.has(key) : current.get(key) === problem) return current;
      const next = new Map(current);
      if (problem === null) next.delete(key);
      else next.set(key, problem);
      return next;
    });
  }, []);
  const problems = useMemo(() => [...byKey.values()], [byKey]);
  return { problems, report };
}

export function LocalProblemsScope({ report, children }: { report: Report; children: ReactNode }) {
  return <LocalProblemsContext.Provider value={report}>{children}</LocalProblemsContext.Provider>;
}

/** A JSON box's text that does not parse, as a problem of that node's field. */
export function invalidJsonProblem(nodeId: string, path: string, detail: string): WorkflowProblem {
  return { code: 'invalid-params', nodeId, path, message: `${path}: is not valid JSON: ${detail}`, reason: 'invalid-format', params: { format: 'json' } };
}

/**
 * Reports `problem` (null: none) for the field at nodeId/path while the
 * calling component shows it; unmounting withdraws it. Without the builder's
 * scope (a form rendered alone) it does nothing.
 */
export function useLocalProblem(nodeId: string | undefined, path: string, problem: WorkflowProblem | null) {
  const report = useContext(LocalProblemsContext);
  const key = `${nodeId ?? ''}\u0000${path}`;
  // By content: a new but equal problem object is not a new report.
  const content = problem ? JSON.stringify(problem) : null;
  useEffect(() => {
    if (!report) return undefined;
    report(key, content === null ? null : (JSON.parse(content) as WorkflowProblem));
    return () => report(key, null);
  }, [report, key, content]);
}

/**
 * The builder's problems: the domain's (validateWorkflow), the builder's own
 * (`extra`, e.g. deleted credentials) and the fields' local ones; registers
 * the texts problemText() reads, wherever the problems are shown.
 */
export function useBuilderProblems(workflow: Workflow, extra: readonly WorkflowProblem[]): { problems: WorkflowProblem[]; report: Report } {
  useRemoteCatalogs(PROBLEMS_CATALOGS);
  const local = useLocalProblems();
  // Validated again when the expression compiler arrives (syntax and reference problems).
  const compilerReady = useExpressionCompilerReady();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- compilerReady changes what validateWorkflow finds
  const problems = useMemo(() => [...validateWorkflow(workflow), ...extra, ...local.problems], [workflow, extra, local.problems, compilerReady]);
  return { problems, report: local.report };
}

/** Reports the node's JSON views whose text does not parse (`paths`), one problem each, while they last. */
export function useInvalidJsonProblems(nodeId: string, paths: ReadonlySet<string>) {
  const report = useContext(LocalProblemsContext);
  const listed = [...paths].sort().join('\u0000');
  useEffect(() => {
    if (!report || listed === '') return undefined;
    const keys = listed.split('\u0000').map((path) => {
      const key = `${nodeId}\u0000${path}`;
      report(key, invalidJsonProblem(nodeId, path, 'does not parse'));
      return key;
    });
    return () => keys.forEach((key) => report(key, null));
  }, [report, nodeId, listed]);
}
