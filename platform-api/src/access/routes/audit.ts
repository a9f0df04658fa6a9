// GET /api/access/audit: the audit log, newest first, with filters and an
// opaque cursor. Readers: read_audit_log globally, or in one organization
// when they filter by that organization.
//
// Only the timestamp is queried in Firestore (ordering and the from/to
// range), which its automatic single-field index serves everywhere; action,
// actor, target and organization are matched while scanning, so no
// composite index is needed. A scan stops after MAX_SCAN entries and returns
// a cursor to continue, so a page may hold fewer entries than asked for.
import type { RequestHandler, Router } from 'express';
import { FieldPath, Timestamp, type Query } from 'firebase-admin/firestore';
import { ACCESS_API, PERMISSIONS, auditQuerySchema, badRequest, can, forbidden, parseOr400, type AuditEntry, type AuditPage } from '@agentflow/shared/server';
import type { AccessContext } from '../context.js';
import { auditEntryFromDoc } from '../store.js';

export const MAX_SCAN = 2000;
const CHUNK = 200;

interface Cursor {
  seconds: number;
  nanoseconds: number;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.seconds, cursor.nanoseconds, cursor.id])).toString('base64url');
}

export function decodeCursor(raw: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3) {
      const [seconds, nanoseconds, id] = value as unknown[];
      if (Number.isInteger(seconds) && Number.isInteger(nanoseconds) && (nanoseconds as number) >= 0 && (nanoseconds as number) < 1e9 && typeof id === 'string' && id && !id.includes('/')) {
        return { seconds: seconds as number, nanoseconds: nanoseconds as number, id };
      }
    }
  } catch {
    // fall through
  }
  throw badRequest('cursor is not a cursor this endpoint returned');
}

export function mountAudit(router: Router, ctx: AccessContext, authed: RequestHandler[]): void {
  router.get(ACCESS_API.audit, ...authed, async (req, res) => {
    const filters = parseOr400(auditQuerySchema, req.query);
    const access = await ctx.callerAccess(req);
    const global = can(access.grants, PERMISSIONS.readAuditLog);
    if (!global && !(filters.organizationId && can(access.grants, PERMISSIONS.readAuditLog, filters.organizationId))) {
      throw forbidden(
        filters.organizationId
          ? `Forbidden: you need the ${PERMISSIONS.readAuditLog} permission in organization ${filters.organizationId}`
          : `Forbidden: you need the ${PERMISSIONS.readAuditLog} permission (or filter by an organization where you hold it)`,
      );
    }
    const from = filters.from ? new Date(filters.from) : undefined;
    const to = filters.to ? new Date(filters.to) : undefined;
    if (from && to && from > to) throw badRequest('from must not be after to');

    let query: Query = ctx.collections.auditLog.orderBy('timestamp', 'desc').orderBy(FieldPath.documentId(), 'desc');
    if (from) query = query.where('timestamp', '>=', Timestamp.fromDate(from));
    if (to) query = query.where('timestamp', '<=', Timestamp.fromDate(to));
    let after: unknown[] | undefined = filters.cursor
      ? (() => {
          const cursor = decodeCursor(filters.cursor);
          return [new Timestamp(cursor.seconds, cursor.nanoseconds), cursor.id];
        })()
      : undefined;

    const matches = (entry: AuditEntry) =>
      (!filters.action || entry.action === filters.action) &&
      (!filters.actor || entry.userId === filters.actor || entry.userEmail === filters.actor.toLowerCase()) &&
      (!filters.target || entry.targetId === filters.target) &&
      (!filters.organizationId || entry.organizationId === filters.organizationId);

    const entries: { entry: AuditEntry; cursor: Cursor }[] = [];
    let scanned = 0;
    let nextCursor: string | null = null;
    for (;;) {
      const page = await (after ? query.startAfter(...after) : query).limit(CHUNK).get();
      for (const doc of page.docs) {
        scanned += 1;
        const timestamp = doc.get('timestamp');
        const cursor: Cursor =
          timestamp instanceof Timestamp ? { seconds: timestamp.seconds, nanoseconds: timestamp.nanoseconds, id: doc.id } : { seconds: 0, nanoseconds: 0, id: doc.id };
        const entry = auditEntryFromDoc(doc);
        if (matches(entry)) entries.push({ entry, cursor });
        if (entries.length > filters.limit) break;
      }
      if (entries.length > filters.limit) {
        // One more than asked: there is a next page, starting after the last one shown.
        nextCursor = encodeCursor(entries[filters.limit - 1]!.cursor);
        entries.length = filters.limit;
        break;
      }
      const last = page.docs[page.docs.length - 1];
      if (page.size < CHUNK || !last) break; // the log is exhausted
      const lastTimestamp = last.get('timestamp');
      const lastCursor: Cursor =
        lastTimestamp instanceof Timestamp ? { seconds: lastTimestamp.seconds, nanoseconds: lastTimestamp.nanoseconds, id: last.id } : { seconds: 0, nanoseconds: 0, id: last.id };
      if (scanned >= MAX_SCAN) {
        nextCursor = encodeCursor(lastCursor);
        break;
      }
      after = [new Timestamp(lastCursor.seconds, lastCursor.nanoseconds), lastCursor.id];
    }
    const body: AuditPage = { entries: entries.map((item) => item.entry), nextCursor };
    res.json(body);
  });
}
