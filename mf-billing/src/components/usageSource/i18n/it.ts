import type { UsageSourceCatalog } from './en';

export const it: UsageSourceCatalog = {
  billing: {
    usageSource: {
      column: 'Workflow ed esecuzione',
    },
  },
};
