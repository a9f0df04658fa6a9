import type { ReactNode } from 'react';
import { useRemoteCatalogs } from '@agentflow/shared';
import { WORKFLOWS_CATALOGS } from './index';

/** Makes the catalogue's texts available to everything inside (WorkflowsApp mounts it; tests of single pages too). */
export function WorkflowsTexts({ children }: { children: ReactNode }) {
  useRemoteCatalogs(WORKFLOWS_CATALOGS);
  return <>{children}</>;
}
