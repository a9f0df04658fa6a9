// The dashboard API (GET /api/dashboard): see router.ts and figures.ts.
export { createDashboardRouter, type DashboardRouterOptions, type WaitingApprovalsCounter } from './router.js';
export { DASHBOARD_QUERY_SHAPES } from './figures.js';
