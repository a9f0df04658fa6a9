// The credentials collection (server-only: rules deny every client read and
// write): one document per credential, its secret fields sealed, and the
// masked view the API returns. Nothing here decrypts.
import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { CREDENTIALS_COLLECTION, isCredentialTypeId, toIso, type CredentialOwner, type CredentialTypeId, type CredentialView } from '@agentflow/shared/server';
import type { SealedSecrets } from './envelope.js';

export interface CredentialDocument {
  type: CredentialTypeId;
  name: string;
  ownerKind: CredentialOwner['kind'];
  ownerId: string;
  settings: Record<string, string>;
  secretHints: Record<string, string>;
  sealed: SealedSecrets;
  createdBy: string;
  createdAt: unknown;
  updatedAt: unknown;
  lastUsedAt: unknown;
}

export interface StoredCredential {
  id: string;
  data: CredentialDocument;
}

export const credentialsCollection = (db: Firestore) => db.collection(CREDENTIALS_COLLECTION);

export function ownerOf(data: Pick<CredentialDocument, 'ownerKind' | 'ownerId'>): CredentialOwner {
  return data.ownerKind === 'organization' ? { kind: 'organization', organizationId: data.ownerId } : { kind: 'user', userId: data.ownerId };
}

/** The owner as the ciphertext's bound context names it. */
export function ownerKey(owner: CredentialOwner): string {
  return owner.kind === 'organization' ? `organization:${owner.organizationId}` : `user:${owner.userId}`;
}

/** A stored document, or null when it is not one this code wrote (a wrong type, no sealed secrets). */
export function storedCredential(snapshot: DocumentSnapshot): StoredCredential | null {
  const data = snapshot.data() as Partial<CredentialDocument> | undefined;
  if (!data || !isCredentialTypeId(data.type) || (data.ownerKind !== 'user' && data.ownerKind !== 'organization') || typeof data.ownerId !== 'string' || !data.sealed) return null;
  return { id: snapshot.id, data: data as CredentialDocument };
}

/** What a browser may see: never `sealed`. */
export function credentialView({ id, data }: StoredCredential): CredentialView {
  return {
    id,
    type: data.type,
    name: data.name,
    owner: ownerOf(data),
    settings: { ...data.settings },
    secretHints: { ...data.secretHints },
    createdBy: data.createdBy,
    createdAt: toIso(data.createdAt),
    updatedAt: toIso(data.updatedAt),
    lastUsedAt: toIso(data.lastUsedAt),
  };
}

export const serverNow = () => FieldValue.serverTimestamp();
