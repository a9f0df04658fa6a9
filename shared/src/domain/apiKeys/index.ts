// API keys (issue 24): scopes, the secret's form, the view and the HTTP contract.
export * from './model.js';
export * from './api.js';
export * from './publicRoutes.js';
export * from './schemaExample.js';
