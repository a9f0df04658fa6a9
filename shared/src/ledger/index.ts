// '@agentflow/shared/ledger' (Node, Admin SDK): the token ledger and
// everything that writes balances. Services reach it through
// '@agentflow/shared/server' too, which re-exports it.
export * from './ledger.js';
export * from './ledgerTypes.js';
export * from './membershipData.js';
export { activePackageForRole, planAllowance, tokensPerMonthForRole } from './membershipDocument.js';
export * from './serialQueue.js';
export * from './ledgerKeys.js';
export { extendReservation, readMembershipWithHeldTokens, reserveTokens, settleReservation, spendFromBlock, spendManyFromBlocks, sweepExpiredReservations, type BlockSpend, type HeldBlock, type SettledBlock } from './reservations.js';
export * from './tokenBlocks.js';
// The block policy is pure (domain/membership/reservations.ts) but only services use it: exported here, not
// from the domain's membership entry, which the browser singleton carries.
export * from '../domain/membership/reservations.js';
