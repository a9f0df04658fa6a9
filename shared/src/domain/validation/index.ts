// Request validation shared by browser and services (pure: no DOM, no Node).
export * from './errorCodes.js';
export * from './ids.js';
export * from './json.js';
export * from './idempotencyKey.js';
