// '@agentflow/shared/server' (Node only; never imported by browser code):
// the Express service kit, plus the domain core and the ledger re-exported,
// so a service imports one entry.
export * from '../domain/index.js';
export * from '../ledger/index.js';
export * from './admin.js';
export * from './app.js';
export * from './auth.js';
export * from './httpErrors.js';
export * from './run.js';
export * from './me.js';
export * from './config.js';
export * from './staticServer.js';
export * from './rateLimits.js';
export * from './requestGuards.js';
export * from './routeTable.js';
