// The usage list's workflow column (English source); merged into the shell's catalogs at mount.
export const en = {
  billing: {
    usageSource: {
      column: 'Workflow and run',
    },
  },
};

export type UsageSourceCatalog = typeof en;
