// The loop pagers on their own, for the run view's List tab (lazily loaded
// there, only for a run with a loop): the same items as on the graph, each
// item's body steps listed.
import { useRemoteCatalogs } from '@agentflow/shared';
import type { WorkflowRun } from '@agentflow/shared/workflow';
import { RUN_GRAPH_CATALOGS } from '../i18n';
import { LOOP_PAGER_CATALOGS } from './i18n';
import { LoopPagers, useLoopItems } from './LoopPager';

export default function LoopItemsPanel({ run }: { run: WorkflowRun }) {
  useRemoteCatalogs(RUN_GRAPH_CATALOGS, LOOP_PAGER_CATALOGS);
  const { views, goTo } = useLoopItems(run);
  return <LoopPagers run={run} views={views} goTo={goTo} />;
}
