// The catalogue's filters: pure functions over the URL's search params and
// the workflow model, so they are tested without rendering.
import { WORKFLOW_CATEGORIES, WORKFLOW_INDUSTRIES, type Workflow, type WorkflowCategory, type WorkflowIndustry } from '@agentflow/shared/workflow';

// 'shared': workflows shared with the user one by one (personal workspace);
// 'organization': the current organization workspace's workflows.
export const CATALOGUE_TABS = ['mine', 'shared', 'organization', 'templates', 'trash'] as const;
export type CatalogueTab = (typeof CATALOGUE_TABS)[number];

export interface CatalogueFilters {
  search: string;
  category: WorkflowCategory | 'all';
  industry: WorkflowIndustry | 'all';
  /** null: the URL names no (valid) tab, so the page picks the default. */
  tab: CatalogueTab | null;
  /** ?run=<name> from the voice command "run workflow X". */
  run: string;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The filters the URL holds; unknown values fall back to 'all' / the default tab. */
export function filtersFromParams(params: URLSearchParams): CatalogueFilters {
  return {
    search: params.get('search') ?? '',
    category: oneOf(WORKFLOW_CATEGORIES, params.get('category')) ?? 'all',
    industry: oneOf(WORKFLOW_INDUSTRIES, params.get('industry')) ?? 'all',
    tab: oneOf(CATALOGUE_TABS, params.get('tab')),
    run: (params.get('run') ?? '').trim(),
  };
}

/** A copy of `params` with `key` set, or removed when the value is empty / 'all'. */
export function withParam(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '' || value === 'all') next.delete(key);
  else next.set(key, value);
  return next;
}

/** Lower case, without accents (NFD, combining marks removed), spaces collapsed. */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Every word of the query appears in the name, description or a tag (case- and accent-insensitive). */
export function matchesSearch(workflow: Pick<Workflow, 'name' | 'description' | 'tags'>, query: string): boolean {
  const words = normalizeText(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalizeText([workflow.name, workflow.description, ...(workflow.tags ?? [])].join(' \n '));
  return words.every((word) => haystack.includes(word));
}

export function applyFilters(workflows: readonly Workflow[], filters: Pick<CatalogueFilters, 'search' | 'category' | 'industry'>): Workflow[] {
  return workflows.filter(
    (workflow) =>
      (filters.category === 'all' || workflow.category === filters.category) &&
      (filters.industry === 'all' || workflow.industry === filters.industry) &&
      matchesSearch(workflow, filters.search),
  );
}
