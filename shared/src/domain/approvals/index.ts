// The browser entry (@agentflow/shared/approvals): no zod here; the request
// schemas (schemas.ts) are exported by the domain and server entries.
export * from './api.js';
