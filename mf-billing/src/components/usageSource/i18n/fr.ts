import type { UsageSourceCatalog } from './en';

export const fr: UsageSourceCatalog = {
  billing: {
    usageSource: {
      column: 'Workflow et exécution',
    },
  },
};
