// Workspaces (issue 21): the HTTP contract and the pure seat and invitation rules.
// The zod request schemas are in schemas.ts (services and forms import them directly).
export * from './api.js';
export * from './seats.js';
export * from './invitationEmail.js';
// Who may do what in a workspace (the access model's one decision). Not re-exported by
// '@agentflow/shared': the federated singleton is not tree-shaken, and a visitor's first view of / needs none of it.
export * from '../rbac/workspaces.js';
