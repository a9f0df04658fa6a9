// Server-only entry of @agentflow/shared: never imported by browser code.
export * from './admin.js';
export * from './app.js';
export * from './auth.js';
export * from './run.js';
export * from './me.js';
export * from './config.js';
export * from './staticServer.js';
export * from './membership.js';
export * from './ledger.js';
export * from './serialQueue.js';
export * from './rateLimits.js';
export * from './requestGuards.js';
export * from './routeTable.js';
export * from '../validation/index.js';
