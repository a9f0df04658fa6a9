// Browser-safe part of the access-control model (no zod): re-exported by '@agentflow/shared'.
// Workspace roles and decisions (workspaces.ts) are in the '@agentflow/shared/workspaces' entry instead.
export * from './model.js';
export * from './access.js';
export * from './fallbacks.js';
export * from './api.js';
