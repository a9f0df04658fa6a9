// Connectors: declarations (apps, operations, polling triggers), the OAuth
// providers they sign in with, and the params of the nodes that use them.
export * from './declaration.js';
export * from './fields.js';
export * from './oauth.js';
export * from './registry.js';
export * from './nodeParams.js';
export * from './api.js';
