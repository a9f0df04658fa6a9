import type { UsageSourceCatalog } from './en';

export const es: UsageSourceCatalog = {
  billing: {
    usageSource: {
      column: 'Flujo y ejecución',
    },
  },
};
