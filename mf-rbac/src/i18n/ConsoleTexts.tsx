import type { ReactNode } from 'react';
import { useRemoteCatalogs } from '@agentflow/shared';
import { CONSOLE_CATALOGS } from './index';

/** Makes the console's texts available to everything inside (AccessApp mounts it; tests of single pages too). */
export function ConsoleTexts({ children }: { children: ReactNode }) {
  useRemoteCatalogs(CONSOLE_CATALOGS);
  return <>{children}</>;
}
