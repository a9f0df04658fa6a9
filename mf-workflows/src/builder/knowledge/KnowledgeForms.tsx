// The Knowledge step's knowledge base picker and an agent's knowledge bases
// (its search_knowledge tool): the bases of the workflow's workspace, each
// saying when it is searched by keyword alone. The query, top-k and the
// threshold are ordinary fields of the node form (fields.ts).
import { useId } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { KNOWLEDGE_BASE_PLACEHOLDER, type Workflow, type WorkflowNode, type WorkflowProblem } from '@agentflow/shared/workflow';
import { problemLine } from '../editors/ParamField';
import { PROBLEMS_CATALOGS } from '../problems/i18n';
import { workspaceIdOf } from '../../sharing/workspaceLabel';
import { useKnowledgeBases, type KnowledgeBaseOption, type KnowledgeBasesLoad } from './knowledgeBases';
import { KNOWLEDGE_NODE_CATALOGS } from './i18n';

const K = 'workflows.knowledgeNode.';

function LoadNotes({ load }: { load: KnowledgeBasesLoad }) {
  const { t } = useI18n();
  if (load.state === 'loading') return <p className="muted" role="status">{t(`${K}loading`)}</p>;
  if (load.state === 'failed') return <p className="field-error" role="alert">{t(`${K}loadFailed`)}</p>;
  return load.bases.length === 0 ? <p className="field-hint">{t(`${K}none`)}</p> : null;
}

function baseNote(t: (key: string, values?: Record<string, unknown>) => string, base: KnowledgeBaseOption): string {
  return [t(`${K}chunks`, { count: base.chunkCount }), base.keywordOnly ? t(`${K}keywordOnly`) : ''].filter(Boolean).join(' · ');
}

export interface KnowledgeBasePickerProps {
  workflow: Pick<Workflow, 'organizationId'>;
  node: WorkflowNode;
  problems: readonly WorkflowProblem[];
  onParams: (params: Record<string, unknown>) => void;
  readOnly?: boolean;
}

export function KnowledgeBasePicker({ workflow, node, problems, onParams, readOnly }: KnowledgeBasePickerProps) {
  useRemoteCatalogs(KNOWLEDGE_NODE_CATALOGS);
  useRemoteCatalogs(PROBLEMS_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const load = useKnowledgeBases(workspaceIdOf(workflow.organizationId));
  const chosenId = typeof node.params.knowledgeBaseId === 'string' ? node.params.knowledgeBaseId : '';
  const chosen = load.state === 'ready' ? (load.bases.find((base) => base.id === chosenId) ?? null) : null;
  // An empty id breaks several rules of an id: the first says it all ("required").
  const errors = problems.filter((p) => p.path === 'knowledgeBaseId').map((p) => problemLine(p, 'knowledgeBaseId', t));
  return (
    <div className="flow-step-form" data-testid="knowledge-base-picker">
      <label htmlFor={`${id}-base`}>{t(`${K}base`)}</label>
      <LoadNotes load={load} />
      {load.state === 'ready' && (
        <select
          id={`${id}-base`}
          value={chosen ? chosenId : ''}
          disabled={readOnly}
          onChange={(e) => onParams({ ...node.params, knowledgeBaseId: e.target.value })}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={chosen ? `${id}-note` : undefined}
        >
          <option value="">{t(`${K}choose`)}</option>
          {load.bases.map((base) => (
            <option key={base.id} value={base.id}>
              {base.name}
            </option>
          ))}
        </select>
      )}
      {chosen && (
        <p className="field-hint" id={`${id}-note`} data-testid="knowledge-base-note">
          {baseNote(t, chosen)}
        </p>
      )}
      {load.state === 'ready' && chosenId !== '' && !chosen && (
        <p className="field-error" role="alert">
          {t(`${K}notListed`)}
        </p>
      )}
      {errors.length > 0 && chosenId === '' && load.state === 'ready' && (
        <p className="field-error" role="alert">
          {errors[0]}
        </p>
      )}
    </div>
  );
}

export function AgentKnowledgeBases({ workflow, node, onParams, readOnly }: Omit<KnowledgeBasePickerProps, 'problems'>) {
  useRemoteCatalogs(KNOWLEDGE_NODE_CATALOGS);
  const { t } = useI18n();
  const load = useKnowledgeBases(workspaceIdOf(workflow.organizationId));
  const tools = (node.params.tools && typeof node.params.tools === 'object' ? node.params.tools : {}) as Record<string, unknown>;
  const listed = Array.isArray(tools.knowledge) ? tools.knowledge.filter((id): id is string => typeof id === 'string') : [];
  const toggle = (baseId: string, on: boolean) => {
    // Picking a base replaces a copied template's placeholder (the user picked theirs).
    const next = on ? [...listed.filter((id) => id !== KNOWLEDGE_BASE_PLACEHOLDER), baseId] : listed.filter((id) => id !== baseId);
    const { knowledge: _previous, ...rest } = tools;
    onParams({ ...node.params, tools: next.length > 0 ? { ...rest, knowledge: next } : rest });
  };
  // Nothing to offer and nothing chosen: the agent form stays as it was.
  if (load.state === 'ready' && load.bases.length === 0 && listed.length === 0) return null;
  return (
    <fieldset className="flow-step-inputs" data-testid="agent-knowledge-bases">
      <legend>{t(`${K}agentBases`)}</legend>
      <LoadNotes load={load} />
      {load.state === 'ready' &&
        load.bases.map((base) => (
          <label key={base.id} className="checkbox-row">
            <input type="checkbox" checked={listed.includes(base.id)} disabled={readOnly} onChange={(e) => toggle(base.id, e.target.checked)} />
            {base.name} <span className="muted">({baseNote(t, base)})</span>
          </label>
        ))}
      {/* Listed but not the workspace's (a template's placeholder, a deleted base): shown ticked so it can be taken off. */}
      {load.state === 'ready' &&
        listed
          .filter((listedId) => !load.bases.some((base) => base.id === listedId))
          .map((missingId) => (
            <label key={missingId} className="checkbox-row field-error" data-testid="agent-knowledge-missing">
              <input type="checkbox" checked disabled={readOnly} onChange={(e) => toggle(missingId, e.target.checked)} />
              {t(`${K}agentMissing`, { id: missingId })}
            </label>
          ))}
      <p className="field-hint">{t(`${K}agentHint`)}</p>
    </fieldset>
  );
}
