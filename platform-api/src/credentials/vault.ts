// The credential vault: who may create, read, change, delete and use a
// credential, and the only place secrets are sealed and opened. A user's own
// credentials are theirs alone; an organization's are managed with
// manage_credentials and used (listed, picked, run) with use_credentials in
// that organization. Every change and every use in a run is audited without
// the secret.
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import {
  CONNECTOR_ERROR_CODES,
  CREDENTIAL_ERROR_CODES,
  CREDENTIAL_MESSAGES,
  HttpError,
  PERMISSIONS,
  can,
  credentialLimitRefusal,
  credentialType,
  entitlementsFor,
  forbidden,
  isDocumentId,
  notFound,
  secretHint,
  type CreateCredentialBody,
  type CredentialOwner,
  type CredentialTypeId,
  type CredentialView,
  type Grant,
} from '@agentflow/shared/server';
import type { NewAuditEntry } from '../access/audit.js';
import { loadAccess } from '../access/store.js';
import { planRoleOf } from '../plans/planRole.js';
import { CredentialDecryptError, open, seal, sealContext, type SecretFields } from './envelope.js';
import type { KeyRing } from './keyRing.js';
import { credentialView, credentialsCollection, ownerKey, ownerOf, serverNow, storedCredential, type CredentialDocument, type StoredCredential } from './store.js';

/** Who is asking, as the verified token (or the run's owner) says. */
export interface VaultActor {
  userId: string;
  userEmail?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** A credential opened for one use: never stored, logged or returned. */
export interface OpenedCredential {
  id: string;
  type: CredentialTypeId;
  settings: Record<string, string>;
  secrets: SecretFields;
}

export interface VaultOptions {
  db: Firestore;
  /** null: no CREDENTIALS_KEY; every call answers 503 credentials_not_configured. */
  ring: KeyRing | null;
  logger: Logger;
  record: (entry: NewAuditEntry) => Promise<void>;
}

/** The 404 a caller gets for a credential that does not exist or is not theirs to see (the same answer: no probing). */
const missing = () => notFound(CREDENTIAL_MESSAGES.notFound, CREDENTIAL_ERROR_CODES.notFound);

/** Told before a credential is deleted, with its secrets (an OAuth connection revokes its tokens at the provider). */
export type RemoveHook = (credential: OpenedCredential) => Promise<void>;

export class CredentialVault {
  private removeHooks: RemoveHook[] = [];

  constructor(private readonly options: VaultOptions) {}

  /** Adds a hook run before each delete; its failure is logged, never stops the delete. */
  onRemove(hook: RemoveHook): void {
    this.removeHooks.push(hook);
  }

  private get ring(): KeyRing {
    if (!this.options.ring) throw new HttpError(503, CREDENTIAL_MESSAGES.vaultNotConfigured, CREDENTIAL_ERROR_CODES.vaultNotConfigured);
    return this.options.ring;
  }

  get configured(): boolean {
    return this.options.ring !== null;
  }

  private grants(userId: string): Promise<Grant[]> {
    return loadAccess(this.options.db, userId).then((access) => access.grants);
  }

  /** May `userId` see and use it (use) or change it (manage)? */
  private async allowed(userId: string, owner: CredentialOwner, need: 'use' | 'manage', grants?: Grant[]): Promise<boolean> {
    if (owner.kind === 'user') return owner.userId === userId;
    const permission = need === 'use' ? PERMISSIONS.useCredentials : PERMISSIONS.manageCredentials;
    const held = grants ?? (await this.grants(userId));
    // Managing implies using.
    return can(held, permission, owner.organizationId) || (need === 'use' && can(held, PERMISSIONS.manageCredentials, owner.organizationId));
  }

  private async load(id: string): Promise<StoredCredential | null> {
    return storedCredential(await credentialsCollection(this.options.db).doc(id).get());
  }

  private async loadFor(actor: VaultActor, id: string, need: 'use' | 'manage'): Promise<StoredCredential> {
    const stored = await this.load(id);
    if (!stored) throw missing();
    const owner = ownerOf(stored.data);
    if (await this.allowed(actor.userId, owner, need)) return stored;
    // Visible but not changeable: 403; not even visible: the same 404 as a missing one.
    if (need === 'manage' && (await this.allowed(actor.userId, owner, 'use'))) throw forbidden('You may use this credential but not change it');
    throw missing();
  }

  private audit(actor: VaultActor, action: NewAuditEntry['action'], stored: StoredCredential, details: Record<string, unknown> = {}): Promise<void> {
    const owner = ownerOf(stored.data);
    return this.options.record({
      userId: actor.userId,
      userEmail: actor.userEmail ?? null,
      ipAddress: actor.ipAddress ?? null,
      userAgent: actor.userAgent ?? null,
      action,
      targetType: 'credential',
      targetId: stored.id,
      organizationId: owner.kind === 'organization' ? owner.organizationId : null,
      details: { type: stored.data.type, name: stored.data.name, ...details },
      status: 'success',
    });
  }

  async create(actor: VaultActor, body: CreateCredentialBody): Promise<CredentialView> {
    return this.insert(actor, body);
  }

  /** 403 unless `actor` may create and change credentials of `owner` (checked again when one is stored). */
  async assertMayManage(actor: VaultActor, owner: CredentialOwner): Promise<void> {
    if (!(await this.allowed(actor.userId, owner, 'manage'))) {
      throw forbidden(`You need the ${PERMISSIONS.manageCredentials} permission in organization ${owner.kind === 'organization' ? owner.organizationId : ''}`);
    }
  }

  /**
   * A credential made by an OAuth sign-in (the callback, for the user who
   * started it): the same checks, limits and audit as create().
   */
  async createSignedIn(actor: VaultActor, body: { type: CredentialTypeId; name: string; organizationId: string | null; settings: Record<string, string>; secrets: Record<string, string> }): Promise<CredentialView> {
    if (credentialType(body.type).oauth === undefined) throw new HttpError(400, 'Not an OAuth credential type', CONNECTOR_ERROR_CODES.notOAuthType);
    return this.insert(actor, body);
  }

  /**
   * New tokens of a signed-in credential (a refresh): settings and secrets
   * replaced, sealed as ever. Not a user's act: the use that needed it is
   * what the audit log records. Returns the credential as now opened.
   */
  async replaceTokens(id: string, change: { settings: Record<string, string>; secrets: Record<string, string> }): Promise<OpenedCredential> {
    const ring = this.ring;
    const stored = await this.load(id);
    if (!stored) throw missing();
    const context = sealContext(id, ownerKey(ownerOf(stored.data)));
    const settings = mergeFields(stored.data.type, false, stored.data.settings, change.settings);
    const secrets = mergeFields(stored.data.type, true, this.openStored(stored, context), change.secrets);
    await credentialsCollection(this.options.db).doc(id).update({ settings, sealed: seal(secrets, ring.current, context), secretHints: hints(secrets), updatedAt: serverNow() });
    return { id, type: stored.data.type, settings, secrets };
  }

  /** The stored credential opened without an actor: the refresher re-reads it (another instance may have refreshed first). */
  async openForRefresh(id: string): Promise<OpenedCredential | null> {
    const stored = await this.load(id);
    if (!stored) return null;
    return { id, type: stored.data.type, settings: { ...stored.data.settings }, secrets: this.openStored(stored, sealContext(id, ownerKey(ownerOf(stored.data)))) };
  }

  private async insert(actor: VaultActor, body: { type: CredentialTypeId; name: string; organizationId: string | null; settings: Record<string, string>; secrets: Record<string, string> }): Promise<CredentialView> {
    const ring = this.ring;
    const owner: CredentialOwner = body.organizationId ? { kind: 'organization', organizationId: body.organizationId } : { kind: 'user', userId: actor.userId };
    if (!(await this.allowed(actor.userId, owner, 'manage'))) throw forbidden(`You need the ${PERMISSIONS.manageCredentials} permission in organization ${body.organizationId}`);
    const collection = credentialsCollection(this.options.db);
    const reference = collection.doc();
    const ownerId = owner.kind === 'organization' ? owner.organizationId : owner.userId;
    const data: CredentialDocument = {
      type: body.type,
      name: body.name,
      ownerKind: owner.kind,
      ownerId,
      settings: body.settings,
      secretHints: hints(body.secrets),
      sealed: seal(body.secrets, ring.current, sealContext(reference.id, ownerKey(owner))),
      createdBy: actor.userId,
      createdAt: serverNow(),
      updatedAt: serverNow(),
      lastUsedAt: null,
    };
    // The creator's plan limits how many credentials the owner keeps; counted and created in one transaction, so parallel creates cannot pass it together.
    await this.options.db.runTransaction(async (tx) => {
      const role = await planRoleOf(this.options.db, actor.userId, tx);
      const max = entitlementsFor(role).maxCredentials;
      if (max !== null) {
        const held = await tx.get(collection.where('ownerKind', '==', owner.kind).where('ownerId', '==', ownerId).select().limit(max));
        const refusal = credentialLimitRefusal(role, held.size);
        if (refusal) throw new HttpError(403, refusal.message, refusal.code, { plan: refusal.plan, feature: refusal.feature });
      }
      tx.create(reference, data);
    });
    const stored = (await this.load(reference.id))!;
    await this.audit(actor, 'CREATE_CREDENTIAL', stored);
    return credentialView(stored);
  }

  /** The caller's own credentials and those of the organizations they may use them in (or only that organization's). */
  async list(actor: VaultActor, organizationId?: string): Promise<CredentialView[]> {
    const collection = credentialsCollection(this.options.db);
    const grants = await this.grants(actor.userId);
    let snapshots;
    if (organizationId) {
      if (!(await this.allowed(actor.userId, { kind: 'organization', organizationId }, 'use', grants))) throw forbidden(`You need the ${PERMISSIONS.useCredentials} permission in organization ${organizationId}`);
      snapshots = (await collection.where('ownerKind', '==', 'organization').where('ownerId', '==', organizationId).get()).docs;
    } else {
      const organizations = [...new Set(grants.map((grant) => grant.organizationId).filter((id): id is string => !!id))].filter((id) =>
        can(grants, PERMISSIONS.useCredentials, id) || can(grants, PERMISSIONS.manageCredentials, id),
      );
      const own = collection.where('ownerKind', '==', 'user').where('ownerId', '==', actor.userId).get();
      // 'in' takes at most 30 values a query.
      const chunks = Array.from({ length: Math.ceil(organizations.length / 30) }, (_, index) => organizations.slice(index * 30, index * 30 + 30));
      const shared = chunks.map((chunk) => collection.where('ownerKind', '==', 'organization').where('ownerId', 'in', chunk).get());
      snapshots = (await Promise.all([own, ...shared])).flatMap((snapshot) => snapshot.docs);
    }
    return snapshots
      .map(storedCredential)
      .filter((stored): stored is StoredCredential => stored !== null)
      .map(credentialView)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  /** The type of the credential when it exists and `actor` may use it, else null (a run's preflight: no decryption, no audit). */
  async usableType(actor: VaultActor, id: string): Promise<CredentialTypeId | null> {
    if (!isDocumentId(id)) return null;
    const stored = await this.load(id);
    return stored && (await this.allowed(actor.userId, ownerOf(stored.data), 'use')) ? stored.data.type : null;
  }

  async get(actor: VaultActor, id: string): Promise<CredentialView> {
    return credentialView(await this.loadFor(actor, id, 'use'));
  }

  async update(actor: VaultActor, id: string, change: { name?: string; settings?: Record<string, string>; secrets?: Record<string, string> }): Promise<CredentialView> {
    const ring = this.ring;
    const stored = await this.loadFor(actor, id, 'manage');
    const context = sealContext(id, ownerKey(ownerOf(stored.data)));
    const update: Partial<CredentialDocument> = { updatedAt: serverNow() };
    if (change.name !== undefined) update.name = change.name;
    if (change.settings) update.settings = mergeFields(stored.data.type, false, stored.data.settings, change.settings);
    if (change.secrets && Object.keys(change.secrets).length > 0) {
      const current = this.openStored(stored, context);
      const secrets = mergeFields(stored.data.type, true, current, change.secrets);
      update.sealed = seal(secrets, ring.current, context);
      update.secretHints = hints(secrets);
    }
    await credentialsCollection(this.options.db).doc(id).update(update);
    const updated = (await this.load(id))!;
    await this.audit(actor, 'UPDATE_CREDENTIAL', updated, { fields: [...Object.keys(change.settings ?? {}), ...Object.keys(change.secrets ?? {}), ...(change.name !== undefined ? ['name'] : [])] });
    return credentialView(updated);
  }

  async remove(actor: VaultActor, id: string): Promise<void> {
    const stored = await this.loadFor(actor, id, 'manage');
    if (this.removeHooks.length > 0 && this.options.ring) {
      try {
        const opened: OpenedCredential = { id, type: stored.data.type, settings: { ...stored.data.settings }, secrets: this.openStored(stored, sealContext(id, ownerKey(ownerOf(stored.data)))) };
        for (const hook of this.removeHooks) await hook(opened);
      } catch (error) {
        // The delete goes on: a provider that cannot be told keeps a grant the user can also revoke there.
        this.options.logger.warn({ credentialId: id, type: stored.data.type, err: { message: (error as Error).message } }, 'could not revoke a credential at its provider before deleting it');
      }
    }
    await credentialsCollection(this.options.db).doc(id).delete();
    await this.audit(actor, 'DELETE_CREDENTIAL', stored);
  }

  /**
   * Opens a credential for one use: a connection test by its user, or a run
   * step (or poll) acting for the run's owner. Audited (with the run, when
   * there is one) and stamped lastUsedAt; the secrets live only in the
   * returned object. With `workspace` (every run, step test and poll), the
   * credential must also belong to that workspace (the workflow's): a
   * workflow document naming another workspace's credential is refused with
   * credential_not_in_workspace even when the payer could use it there.
   */
  async use(actor: VaultActor, id: string, purpose: { runId?: string; nodeId?: string; test?: boolean; workspace?: CredentialWorkspace } = {}): Promise<OpenedCredential> {
    // No master key: 503 before any read, as for every other call.
    void this.ring;
    const stored = await this.loadFor(actor, id, 'use');
    if (purpose.workspace && !credentialInWorkspace(ownerOf(stored.data), purpose.workspace)) {
      throw new HttpError(403, CREDENTIAL_MESSAGES.notInWorkspace, CREDENTIAL_ERROR_CODES.notInWorkspace);
    }
    const secrets = this.openStored(stored, sealContext(id, ownerKey(ownerOf(stored.data))));
    await credentialsCollection(this.options.db).doc(id).update({ lastUsedAt: serverNow() });
    await this.audit(actor, 'USE_CREDENTIAL', stored, { ...(purpose.runId ? { runId: purpose.runId } : {}), ...(purpose.nodeId ? { nodeId: purpose.nodeId } : {}), ...(purpose.test ? { test: true } : {}) });
    return { id, type: stored.data.type, settings: { ...stored.data.settings }, secrets };
  }

  private openStored(stored: StoredCredential, context: Buffer): SecretFields {
    try {
      return open(stored.data.sealed, this.ring, context);
    } catch (error) {
      if (!(error instanceof CredentialDecryptError)) throw error;
      // Loud for the operator (a wrong key or a tampered document), plain for the user.
      this.options.logger.error({ credentialId: stored.id, keyId: stored.data.sealed?.keyId, reason: error.message }, 'a credential could not be decrypted');
      throw new HttpError(409, CREDENTIAL_MESSAGES.unreadable, CREDENTIAL_ERROR_CODES.unreadable);
    }
  }
}

/** A workflow's workspace as a credential's use checks it: an organization, else its owner's personal workspace. */
export interface CredentialWorkspace {
  ownerId: string;
  organizationId?: string | null;
}

/** Does the credential belong to the workspace (workspaceKey: the organization, or `user:<owner>`)? */
export function credentialInWorkspace(owner: CredentialOwner, workspace: CredentialWorkspace): boolean {
  const organizationId = workspace.organizationId ?? null;
  return organizationId ? owner.kind === 'organization' && owner.organizationId === organizationId : owner.kind === 'user' && owner.userId === workspace.ownerId;
}

function hints(secrets: SecretFields): Record<string, string> {
  return Object.fromEntries(Object.entries(secrets).map(([key, value]) => [key, secretHint(value)]));
}

/** The stored fields with the changed ones replaced, keeping only the type's fields of that kind. */
function mergeFields(type: CredentialTypeId, secret: boolean, current: Record<string, string>, change: Record<string, string>): Record<string, string> {
  const keys = credentialType(type).fields.filter((field) => field.secret === secret).map((field) => field.key);
  const merged: Record<string, string> = {};
  for (const key of keys) {
    const value = change[key] ?? current[key];
    if (value !== undefined && value !== '') merged[key] = value;
  }
  return merged;
}
