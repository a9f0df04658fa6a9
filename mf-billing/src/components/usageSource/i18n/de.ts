import type { UsageSourceCatalog } from './en';

export const de: UsageSourceCatalog = {
  billing: {
    usageSource: {
      column: 'Workflow und Lauf',
    },
  },
};
