// Browser-safe part of the access-control model (no zod): re-exported by '@agentflow/shared'.
export * from './model.js';
export * from './access.js';
export * from './fallbacks.js';
export * from './api.js';
export * from './workspaces.js';
