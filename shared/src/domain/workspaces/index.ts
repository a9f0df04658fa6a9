// Workspaces (issue 21): the HTTP contract and the pure seat and invitation rules.
// The zod request schemas are in schemas.ts (services and forms import them directly).
export * from './api.js';
export * from './seats.js';
export * from './invitationEmail.js';
