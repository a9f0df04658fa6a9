// platform-api's access control: the router, initialisation and the
// ADMIN_EMAILS bootstrap (the seed script imports the last two from dist).
export { createAccessRouter, type AccessRouterOptions } from './router.js';
export { AccessContext, type AccessOptions } from './context.js';
export { initializeRbac, INITIALIZE_MESSAGE, type InitializeResult } from './initialize.js';
export { bootstrapAdmin, isBootstrapAdmin, type BootstrapOutcome } from './bootstrap.js';
export { firestoreAuditWriter, createAuditRecorder, type AuditWriter, type NewAuditEntry } from './audit.js';
export { assignmentDocId, computeUserAccess, collections, BOOTSTRAP_COLLECTION } from './store.js';
