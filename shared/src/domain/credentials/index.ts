export * from './types.js';
export * from './api.js';
export * from './references.js';
