// A started sign-in, kept server-side until the provider sends the user
// back: who started it (the credential is made for them alone), the PKCE
// verifier, what to make and where to return. Single use (read and deleted
// in one transaction) and short-lived; the document id is a hash of the
// state, so the collection never holds a usable state value.
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import type { OAuthProviderId } from '@agentflow/shared/workflow';
import type { CredentialTypeId } from '@agentflow/shared/credentials';

/** Server-only: the security rules give browsers nothing here. */
export const OAUTH_STATES_COLLECTION = 'oauthStates';

export interface PendingSignIn {
  userId: string;
  userEmail: string | null;
  provider: OAuthProviderId;
  credentialType: CredentialTypeId;
  name: string;
  organizationId: string | null;
  codeVerifier: string;
  /** The app's origin the start request came from (one of ALLOWED_ORIGINS). */
  appOrigin: string;
  returnTo: string;
  /** Epoch ms. */
  expiresAt: number;
}

const idOf = (state: string) => createHash('sha256').update(state).digest('base64url');

export async function savePendingSignIn(db: Firestore, state: string, pending: PendingSignIn): Promise<void> {
  await db.collection(OAUTH_STATES_COLLECTION).doc(idOf(state)).create(pending);
}

/** The sign-in a state belongs to, taken (deleted) so it cannot be used twice; null when unknown, used or expired. */
export async function takePendingSignIn(db: Firestore, state: string, now: number): Promise<PendingSignIn | null> {
  if (typeof state !== 'string' || state.length < 16 || state.length > 200) return null;
  const ref = db.collection(OAUTH_STATES_COLLECTION).doc(idOf(state));
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return null;
    tx.delete(ref);
    const pending = snapshot.data() as PendingSignIn;
    return pending.expiresAt > now ? pending : null;
  });
}

/** Deletes sign-ins started and never finished (the user closed the provider's page), at most `limit`; returns how many. */
export async function sweepExpiredSignIns(db: Firestore, now: number, limit: number): Promise<number> {
  const page = await db.collection(OAUTH_STATES_COLLECTION).where('expiresAt', '<=', now).limit(limit).get();
  if (page.empty) return 0;
  const batch = db.batch();
  for (const doc of page.docs) batch.delete(doc.ref);
  await batch.commit();
  return page.size;
}
