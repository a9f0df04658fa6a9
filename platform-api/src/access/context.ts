// What every access route shares: the stores, the audit recorder, the
// caller's grants (loaded once per request), permission guards, and the
// wrapper that records a denied change as a failure in the audit log.
import type { Request, RequestHandler, Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { HttpError, PERMISSIONS, can, forbidden, isDocumentId, notFound, type AuditAction, type AuditTargetType, type Grant } from '@agentflow/shared/server';
import { createAuditRecorder, firestoreAuditWriter, type AuditWriter, type NewAuditEntry } from './audit.js';
import { initializeRbac } from './initialize.js';
import { collections, loadAccess, type CallerAccess, type Collections } from './store.js';

export interface AccessOptions {
  auth: Auth;
  db: Firestore;
  logger: Logger;
  /** ADMIN_EMAILS: made global admins on their first verified call. */
  adminEmails?: readonly string[];
  /** Where audit entries go (default: rbacAuditLogs); tests inject a failing one. */
  auditWriter?: AuditWriter;
}

export class AccessContext {
  readonly auth: Auth;
  readonly db: Firestore;
  readonly logger: Logger;
  readonly collections: Collections;
  readonly adminEmails: ReadonlySet<string>;
  /** Writes an audit entry; never throws (a failure is logged). */
  readonly record: (entry: NewAuditEntry) => Promise<void>;
  private initialization: Promise<unknown> | undefined;
  private readonly accessByRequest = new WeakMap<Request, Promise<CallerAccess>>();

  constructor(options: AccessOptions) {
    this.auth = options.auth;
    this.db = options.db;
    this.logger = options.logger;
    this.collections = collections(options.db);
    this.adminEmails = new Set((options.adminEmails ?? []).map((email) => email.trim().toLowerCase()).filter(Boolean));
    this.record = createAuditRecorder(options.auditWriter ?? firestoreAuditWriter(options.db), options.logger);
  }

  /** initializeRbac once per process (retried on the next call after a failure). */
  ensureInitialized(): Promise<unknown> {
    if (!this.initialization) {
      this.initialization = initializeRbac(this.db).then(
        (result) => {
          if (result.created.length > 0) this.logger.info({ created: result.created, adminCreated: result.adminCreated }, 'access control initialised');
          return result;
        },
        (error: unknown) => {
          this.initialization = undefined;
          throw error;
        },
      );
    }
    return this.initialization;
  }

  /** The verified caller's assignments and grants, read once per request. */
  callerAccess(req: Request): Promise<CallerAccess> {
    const caller = req.caller;
    if (!caller) throw new HttpError(401, 'Missing Authorization header with a Bearer ID token');
    let access = this.accessByRequest.get(req);
    if (!access) {
      access = loadAccess(this.db, caller.uid);
      this.accessByRequest.set(req, access);
    }
    return access;
  }

  /** 403 unless the caller holds the permission in that scope (global when no organization). */
  async require(req: Request, permissionId: string, organizationId?: string | null): Promise<CallerAccess> {
    const access = await this.callerAccess(req);
    if (!can(access.grants, permissionId, organizationId)) throw forbidden(missingPermission(permissionId, organizationId));
    return access;
  }

  /** The entry fields that come from the request: the real actor, IP and user agent. */
  actor(req: Request): Pick<NewAuditEntry, 'userId' | 'userEmail' | 'ipAddress' | 'userAgent'> {
    return {
      userId: req.caller?.uid ?? 'anonymous',
      userEmail: req.caller?.email ?? null,
      ipAddress: req.ip ?? null,
      userAgent: req.get('user-agent') ?? null,
    };
  }

  /** Records a successful change (call it after the change committed). */
  audited(req: Request, entry: Pick<NewAuditEntry, 'action' | 'targetType' | 'targetId' | 'organizationId' | 'details'>): Promise<void> {
    return this.record({ ...this.actor(req), ...entry, status: 'success' });
  }

  /**
   * Wraps a change endpoint: when it answers 403, the attempt is recorded
   * with status 'failure' (what was tried, by whom, and why it was refused).
   * Nothing else is written: the handler checks before it changes anything.
   */
  change(action: AuditAction, targetType: AuditTargetType, handler: (req: Request, res: Response, audit: ChangeAudit) => Promise<void>): RequestHandler {
    return async (req, res) => {
      const audit: ChangeAudit = { targetId: '', organizationId: null, details: {} };
      try {
        await handler(req, res, audit);
      } catch (error) {
        if (error instanceof HttpError && error.status === 403 && req.caller) {
          await this.record({
            ...this.actor(req),
            action,
            targetType,
            targetId: audit.targetId,
            organizationId: audit.organizationId,
            details: { ...audit.details, reason: error.message },
            status: 'failure',
          });
        }
        throw error;
      }
    };
  }
}

/** What a change handler learns about its target before it checks permissions, for the failure entry. */
export interface ChangeAudit {
  targetId: string;
  organizationId: string | null;
  details: Record<string, unknown>;
}

export function missingPermission(permissionId: string, organizationId?: string | null): string {
  return organizationId
    ? `Forbidden: you need the ${permissionId} permission in organization ${organizationId}`
    : `Forbidden: you need the ${permissionId} permission`;
}

/** True when some grant, in any scope, holds the permission (or manage_all). */
export function canAnywhere(grants: readonly Grant[], permissionId: string): boolean {
  return grants.some((grant) => grant.permissions.includes(PERMISSIONS.manageAll) || grant.permissions.includes(permissionId));
}

/** A path id that cannot name a document cannot exist: 404 naming it, never a crash. */
export function pathId(req: Request, name: string, what: string): string {
  const raw = req.params[name];
  const id = typeof raw === 'string' ? raw : '';
  if (!isDocumentId(id)) throw notFound(`${what} '${id}' not found`);
  return id;
}

/** Best effort: a string field of a body that may not have passed validation yet (for failure entries). */
export function rawString(body: unknown, field: string): string | null {
  if (!body || typeof body !== 'object') return null;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}
