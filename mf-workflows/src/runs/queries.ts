/** React Query keys of the run views (the run view invalidates the history when a run ends). */
export const runsKeys = {
  all: ['runs'] as const,
  list: (workflowId: string) => ['runs', 'list', workflowId] as const,
  workflow: (workflowId: string) => ['runs', 'workflow', workflowId] as const,
};

/** How often the history asks again while one of its runs is still going. */
export const HISTORY_POLL_MS = 2000;
