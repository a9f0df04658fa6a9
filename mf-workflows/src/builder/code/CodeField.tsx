// The code step's code in its configuration form: the label, what the code
// can use (the step input and the keys of the steps before it, the return
// value as output), the editor, and the problems validation found. The editor
// (CodeMirror) is loaded only now, when a code step's form opens; until it
// arrives, a plain text area shows and edits the same code.
import { Suspense, lazy, useId, useMemo } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { enclosingLoopOf, inputSourcesOf, isTrigger, type Workflow, type WorkflowNode, type WorkflowProblem } from '@agentflow/shared/workflow';
import { problemText } from '../problems/problemText';
import { CODE_CATALOGS } from './i18n';

const CodeEditor = lazy(() => import(/* webpackChunkName: "code-editor" */ './CodeEditor'));

const K = 'workflows.code.';

export interface CodeFieldProps {
  workflow: Workflow;
  node: WorkflowNode;
  value: unknown;
  problems: WorkflowProblem[];
  onChange: (code: string) => void;
  readOnly?: boolean;
}

/** The keys of the steps whose outputs the code's input holds (input.<key>); inside a loop's body not the loop's own (its output comes after its items). */
export function upstreamKeys(workflow: Workflow, nodeId: string): string[] {
  const byId = new Map(workflow.nodes.map((n) => [n.id, n]));
  const loop = enclosingLoopOf(workflow, nodeId);
  return inputSourcesOf(workflow, nodeId).filter((id) => {
    const source = byId.get(id);
    return source !== undefined && !isTrigger(source.type) && id !== loop;
  });
}

export function CodeField({ workflow, node, value, problems, onChange, readOnly }: CodeFieldProps) {
  useRemoteCatalogs(CODE_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const code = typeof value === 'string' ? value : '';
  const keys = useMemo(() => upstreamKeys(workflow, node.id), [workflow, node.id]);
  const inLoop = useMemo(() => enclosingLoopOf(workflow, node.id) !== undefined, [workflow, node.id]);
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // Always both ids (a missing one is ignored): a changing list would remake the editor as one types.
  const describedBy = `${hintId} ${errorId}`;
  const fallback = (
    <div className="code-editor">
      <textarea
        className="code-editor-fallback"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        rows={10}
        spellCheck={false}
        readOnly={readOnly}
        value={code}
        onChange={(e) => onChange(e.target.value)}
      />
      <p className="field-hint" role="status">
        {t(`${K}loading`)}
      </p>
    </div>
  );
  return (
    <div className="builder-field code-field" data-testid="code-field">
      <span id={labelId} className="code-field-label">
        {t(`${K}label`)}
      </span>
      <Suspense fallback={fallback}>
        <CodeEditor value={code} onChange={onChange} readOnly={readOnly} labelledBy={labelId} describedBy={describedBy} syntaxId={`${id}-syntax`} />
      </Suspense>
      <div id={hintId} className="field-hint code-hint" data-testid="code-hint">
        <p>{t(`${K}hintBody`)}</p>
        <p>
          {t(`${K}hintInput`)}
          {keys.length > 0 && <> {t(`${K}hintUpstream`, { keys: keys.map((key) => `input.${key}`).join(', ') })}</>}
        </p>
        {inLoop && <p>{t(`${K}hintItem`)}</p>}
        <p>{t(`${K}hintConsole`)}</p>
      </div>
      {problems.length > 0 && (
        <div id={errorId} className="field-error" role="alert">
          {problems.map((p, i) => (
            <p key={i}>{problemText(t, p)}</p>
          ))}
        </div>
      )}
    </div>
  );
}
