// The ledger's idempotency keys for what services charge. The ledger accepts
// keys of IDEMPOTENCY_KEY_PATTERN only; these builders turn parts that may
// hold any characters (node ids, child step ids) into such keys, so only the
// ledger side knows the key format: platform-api's meter (runs/ledgerMeter.ts)
// names the charge, the key comes from here.
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN } from './ledgerTypes.js';

/**
 * Escapes a key part injectively into the ledger's alphabet: '_' and every
 * character outside [A-Za-z0-9.:-] become '_' plus two hex digits per UTF-8
 * byte ('_' too, so 'sup/spec#1' and a node named 'sup_spec_1' stay apart).
 * ':' separates parts, so it is escaped in every part but the last.
 */
function escapeKeyPart(part: string, keepColons: boolean): string {
  const plain = keepColons ? /[A-Za-z0-9.:-]/ : /[A-Za-z0-9.-]/;
  let out = '';
  for (const char of part) {
    if (plain.test(char)) out += char;
    else for (const byte of Buffer.from(char, 'utf8')) out += `_${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/**
 * A ledger idempotency key from parts that may hold any characters:
 * different parts give different keys, the same parts the same key (a retry
 * of a call is not charged twice). Too long for the ledger: a sha256 of the
 * parts, marked by '_h', which no escaped key contains ('h' is no hex digit).
 */
export function ledgerKey(...parts: string[]): string {
  const key = parts.map((part, index) => escapeKeyPart(part, index === parts.length - 1)).join(':');
  if (IDEMPOTENCY_KEY_PATTERN.test(key)) return key;
  const prefix = escapeKeyPart(parts[0] ?? 'run', false).slice(0, 40);
  return `${prefix}:_h${createHash('sha256').update(JSON.stringify(parts)).digest('hex')}`;
}

/** The start charge of a run: 'run:{runId}:start' (run ids are letters and digits, kept as they are). */
export const runStartChargeKey = (runId: string): string => ledgerKey('run', runId, 'start');

/** Giving a run's start charge back: 'run:{runId}:start:refund'. */
export const runStartRefundKey = (runId: string): string => ledgerKey('run', runId, 'start', 'refund');

/** One model call of a step attempt: 'run:{runId}:{attempt}:{callKey}', escaped or hashed as ledgerKey() does. */
export const modelCallChargeKey = (runId: string, attempt: number, callKey: string): string => ledgerKey('run', runId, String(attempt), callKey);
