// '@agentflow/shared/domain': the pure core (no DOM, no Node, no React, no
// Firebase, no Express; zod and JSONata only). Browser and services both
// import it; the narrower entries (/workflow, /rbac, /forms, /voice,
// /contract, /runtime-config) stay for callers that want less.
export * from './federation/appConfig.js';
export * from './federation/contract.js';
export * from './federation/runtimeConfig.js';
export * from './i18n/languages.js';
export * from './auth/index.js';
export * from './auth/forms.js';
export * from './rbac/schemas.js';
export * from './rbac/accessReader.js';
export * from './membership/index.js';
// Not in membership/index.js: the browser singleton carries that whole, and only services price model calls.
export * from './membership/pricing.js';
// Also not in membership/index.js: only the plans page, refusals and services need it (its own entry, /entitlements).
export * from './membership/entitlements.js';
export * from './billing/index.js';
export * from './validation/index.js';
// Not in validation/index.js: the browser singleton exports that whole and has no use for these.
export * from './validation/time.js';
export * from './workflow/index.js';
export * from './voice/index.js';
// Defined twice (membership/history.ts and workflow/params.ts; issue 15 item 2
// gives it one home). The server entry has always exported membership's.
export { isValidTimeZone } from './membership/index.js';
export * from './credentials/index.js';
export * from './notifications/index.js';
// Not in notifications/index.js: only services send e-mails and parse these bodies (the browser entries stay free of zod).
export * from './notifications/emails.js';
export * from './notifications/preferencesSchema.js';
export * from './approvals/schemas.js';
export * from './files/index.js';
export * from './workspaces/index.js';
// Not in workspaces/index.js (the browser entry '@agentflow/shared/workspaces' stays free of zod).
export * from './workspaces/schemas.js';
export * from './errorMessage.js';
