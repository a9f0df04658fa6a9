// Where a dashboard figure leads: the executions page filtered to the runs it
// counts (the filters come from the domain's dashboardExecutionsFilters, so
// the page and the API agree on what a day or a status group means).
import { dashboardExecutionsFilters, type DashboardStatusGroup } from '@agentflow/shared/workflow';
import { searchFromFilters } from '../executions/executionsFilters';

export const EXECUTIONS_PATH = '/workflows/executions';

export interface Figure {
  group?: DashboardStatusGroup;
  day?: string;
  workflowId?: string;
  /** The period's first day and the day after its last (YYYY-MM-DD). */
  from?: string;
  to?: string;
}

export function executionsLink(figure: Figure): string {
  const { workspace: _workspace, ...filters } = dashboardExecutionsFilters('', figure);
  const search = searchFromFilters(filters).toString();
  return search ? `${EXECUTIONS_PATH}?${search}` : EXECUTIONS_PATH;
}
