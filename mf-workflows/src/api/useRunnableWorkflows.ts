// The workflows the signed-in user may run, for the builder's pickers (the
// error workflow, a sub-workflow step): their own and their organizations',
// read from the catalogue source the builder already uses. One home, so the
// two pickers offer the same workflows.
import { useEffect, useState } from 'react';
import { useAuth } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';
import { useCatalogueSourceOrDefault } from '../components/CatalogueSourceContext';

export type RunnableWorkflows = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; workflows: Workflow[] };

const inTrash = (workflow: Workflow) => workflow.deletedAt !== undefined && workflow.deletedAt !== null && workflow.deletedAt !== '';

/** Each workflow once (one may be both the user's and an organization's), by name; not a template, not in the trash, not `exceptId`. */
export function runnableWorkflows(workflows: readonly Workflow[], exceptId: string): Workflow[] {
  const byId = new Map<string, Workflow>();
  for (const workflow of workflows) {
    if (workflow.id === exceptId || workflow.visibility === 'template' || inTrash(workflow)) continue;
    byId.set(workflow.id, workflow);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The user's runnable workflows except `exceptId` (the workflow being edited); loading until someone is signed in. */
export function useRunnableWorkflows(exceptId: string): RunnableWorkflows {
  const { user } = useAuth();
  const source = useCatalogueSourceOrDefault();
  const uid = user?.uid ?? null;
  const [load, setLoad] = useState<RunnableWorkflows>({ state: 'loading' });

  useEffect(() => {
    if (!uid) return;
    let live = true;
    void (async () => {
      try {
        const [mine, orgIds] = await Promise.all([source.listMine(uid), source.listOrganizationIds(uid)]);
        const shared = orgIds.length > 0 ? await source.listOrganization(orgIds) : [];
        if (live) setLoad({ state: 'ready', workflows: runnableWorkflows([...mine, ...shared], exceptId) });
      } catch {
        if (live) setLoad({ state: 'failed' });
      }
    })();
    return () => {
      live = false;
    };
  }, [source, uid, exceptId]);

  return load;
}
