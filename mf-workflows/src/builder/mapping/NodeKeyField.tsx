// A node's key (its id), which expressions use to read its output: shown in
// monospace with a Rename control; the new key is checked as it is typed, and
// saving it renames the node everywhere (edges, every reference) in one undo step.
import { useId, useState } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import type { Workflow, WorkflowNode } from '@agentflow/shared/workflow';
import type { BuilderAction } from '../builderState';
import { MAPPING_CATALOGS } from './i18n';
import { nodeKeyIssueOf } from './nodeKey';
import { withExpressionCompiler } from '../expressionCompiler';
import './mapping.css';

const K = 'workflows.mapping.key.';

export function NodeKeyField({ workflow, node, dispatch }: { workflow: Workflow; node: WorkflowNode; dispatch: (action: BuilderAction) => void }) {
  useRemoteCatalogs(MAPPING_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const problem = draft === null || draft === node.id ? null : nodeKeyIssueOf(workflow, node.id, draft);
  const save = () => {
    if (draft === null || problem) return;
    const to = draft;
    // Renaming rewrites every reference: it waits for the expression compiler if it is still loading.
    if (to !== node.id) withExpressionCompiler(() => dispatch({ type: 'renameNode', from: node.id, to }));
    setDraft(null);
  };
  return (
    <div className="builder-field node-key" data-testid="node-key">
      {draft === null ? (
        <>
          <span id={`${id}-label`}>{t(`${K}label`)}</span>
          <div className="node-key-row">
            <code className="node-key-value" aria-labelledby={`${id}-label`} data-testid="node-key-value">
              {node.id}
            </code>
            <button type="button" onClick={() => setDraft(node.id)}>
              {t(`${K}rename`)}
            </button>
          </div>
        </>
      ) : (
        <>
          <label htmlFor={`${id}-input`}>{t(`${K}newKey`)}</label>
          <div className="node-key-row">
            <input
              id={`${id}-input`}
              value={draft}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              autoFocus
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : `${id}-hint`}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  save();
                } else if (e.key === 'Escape') {
                  e.preventDefault();
                  setDraft(null);
                }
              }}
            />
            <button type="button" disabled={problem !== null} onClick={save}>
              {t(`${K}save`)}
            </button>
            <button type="button" onClick={() => setDraft(null)}>
              {t(`${K}cancel`)}
            </button>
          </div>
          {problem && (
            <p className="field-error" id={`${id}-error`} role="alert">
              {t(`${K}problems.${problem}`)}
            </p>
          )}
        </>
      )}
      <p className="field-hint" id={`${id}-hint`}>
        {t(`${K}hint`)}
      </p>
    </div>
  );
}
