// '@agentflow/shared/ledger' (Node, Admin SDK): the token ledger and
// everything that writes balances. Services reach it through
// '@agentflow/shared/server' too, which re-exports it.
export * from './ledger.js';
export * from './ledgerTypes.js';
export * from './membershipData.js';
export { activePackageForRole, planAllowance, tokensPerMonthForRole } from './membershipDocument.js';
export * from './serialQueue.js';
export * from './ledgerKeys.js';
export { extendReservation, reserveTokens, settleReservation, spendFromBlock, spendManyFromBlocks, sweepExpiredReservations, type BlockSpend, type HeldBlock, type SettledBlock } from './reservations.js';
export * from './tokenBlocks.js';
