// The options of a workflow's category or industry, named in the page's
// language: the catalogue's filters and the builder's settings offer the same lists.
import { useI18n } from '@agentflow/shared';
import { WORKFLOW_CATEGORIES, WORKFLOW_INDUSTRIES } from '@agentflow/shared/workflow';

export type WorkflowFacet = 'category' | 'industry';
/** Both facets, in the order the forms show them. */
export const WORKFLOW_FACETS: readonly WorkflowFacet[] = ['category', 'industry'];

const FACETS = {
  category: { values: WORKFLOW_CATEGORIES, names: 'workflows.catalogue.categories.' },
  industry: { values: WORKFLOW_INDUSTRIES, names: 'workflows.catalogue.industries.' },
} as const;

export function FacetOptions({ facet }: { facet: WorkflowFacet }) {
  const { t } = useI18n();
  const { values, names } = FACETS[facet];
  return values.map((value) => (
    <option key={value} value={value}>
      {t(`${names}${value}`)}
    </option>
  ));
}
