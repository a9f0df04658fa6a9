import type { ReactNode } from 'react';
import { useRemoteCatalogs } from '@agentflow/shared';
import { BILLING_CATALOGS } from './index';

/** Makes the billing texts available to everything inside (BillingApp mounts it; tests of single pages too). */
export function BillingTexts({ children }: { children: ReactNode }) {
  useRemoteCatalogs(BILLING_CATALOGS);
  return <>{children}</>;
}
