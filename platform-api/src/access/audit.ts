// The access-control audit log (rbacAuditLogs). Entries are written by the
// service only, after the change they describe, with the real actor from the
// verified token. Writing an entry never fails a request: a failure is logged.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { withTimeout, type AuditEntry } from '@agentflow/shared/server';
import { collections } from './store.js';

/** An entry as a route describes it; the writer adds the server timestamp. */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'timestamp'>;

export interface AuditWriter {
  write(entry: NewAuditEntry): Promise<void>;
}

/** The production writer: one rbacAuditLogs document per entry, timestamped by Firestore. */
export function firestoreAuditWriter(db: Firestore): AuditWriter {
  return {
    async write(entry) {
      await collections(db).auditLog.add({ ...entry, timestamp: FieldValue.serverTimestamp() });
    },
  };
}

export const AUDIT_WRITE_TIMEOUT_MS = 5000;

/**
 * Writes through `writer`, and swallows (logs) any failure or a write that
 * takes longer than `timeoutMs`, so the change it describes is never blocked
 * or reported as failed because of its audit entry.
 */
export function createAuditRecorder(writer: AuditWriter, logger: Logger, timeoutMs = AUDIT_WRITE_TIMEOUT_MS): (entry: NewAuditEntry) => Promise<void> {
  return async (entry) => {
    try {
      await withTimeout(writer.write(entry), timeoutMs, 'The audit log');
    } catch (error) {
      logger.error({ err: error, audit: entry }, 'audit entry could not be written');
    }
  };
}
