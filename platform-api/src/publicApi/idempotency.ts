// Idempotency-Key for POST /v1/workflows/:workflowId/runs (issue 24): what a
// retried start finds. One document per API key (and its workspace) and key,
// `apiIdempotency/{sha256(apiKeyId, workspaceId, key)}`: the key's owner is
// the API key, so another key's same Idempotency-Key is another document.
// It holds a hash of the request (workflow id + parsed body), the run it
// started and, for a start without `wait`, the answer as it was sent; never
// the API secret (only the key's id) and never the request itself. Rules deny
// browsers (firestore.rules); `expireAt` is for a TTL policy
// (firestore.indexes.json), and a document past it counts as absent, since
// TTL deletion runs up to a day late.
//
// The reservation is taken in a transaction that reads the document first,
// so of two concurrent requests with one key exactly one gets to start: the
// other sees the reservation (409 in progress) or, once the run id is
// recorded, replays it.
import { createHash, randomUUID } from 'node:crypto';
import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { PUBLIC_IDEMPOTENCY_RETENTION_HOURS } from '@agentflow/shared/api-keys';
import { HttpError, IDEMPOTENCY_ERROR_CODES, IDEMPOTENCY_KEY_HEADER } from '@agentflow/shared/server';

/** apiIdempotency/{id}: written by platform-api only (rules deny browsers). */
export const API_IDEMPOTENCY_COLLECTION = 'apiIdempotency';

export const IDEMPOTENCY_RETENTION_MS = PUBLIC_IDEMPOTENCY_RETENTION_HOURS * 3_600_000;

/**
 * A reservation that recorded no run after this long is taken as abandoned
 * (its process died between reserving and recording) and the key may start
 * again. Far longer than a start takes (a workflow read, the token
 * reservation, the run document), so a slow start is not taken over.
 */
export const ABANDONED_RESERVATION_MS = 5 * 60_000;

/** Whose key it is: the API key (by id) in its workspace. */
export interface IdempotencyScope {
  apiKeyId: string;
  workspaceId: string;
  key: string;
}

/** The answer of a start without `wait`, replayed as it was sent. */
export interface RememberedAnswer {
  status: number;
  body: unknown;
}

interface StoredStart {
  apiKeyId: string;
  workspaceId: string;
  requestHash: string;
  /** Which request holds the reservation: record and release act only on their own. */
  holder: string;
  runId: string | null;
  answer: RememberedAnswer | null;
  createdAt: Timestamp;
  expireAt: Timestamp;
}

export type Reservation = { kind: 'first'; holder: string } | { kind: 'replay'; runId: string; answer: RememberedAnswer | null };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The document of a key: hashed, so the client's key (any of its characters) never becomes a path and is not stored as such. */
export const idempotencyDocId = ({ apiKeyId, workspaceId, key }: IdempotencyScope) => sha256(JSON.stringify([apiKeyId, workspaceId, key]));

/** JSON with object keys sorted at every depth: the same request hashes the same whatever order its fields came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, each]) => each !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, each]) => `${JSON.stringify(name)}:${canonicalJson(each)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The request a key names: its workflow and its body as parsed (defaults filled, so `{}` and `{"input":{}}` are one request). */
export const startRequestHash = (workflowId: string, body: unknown) => sha256(canonicalJson({ workflowId, body }));

const refOf = (db: Firestore, scope: IdempotencyScope) => db.collection(API_IDEMPOTENCY_COLLECTION).doc(idempotencyDocId(scope)) as DocumentReference<StoredStart>;

/**
 * Takes the key for this request, or says what an earlier request with it
 * left: a run to replay, a 422 for another request, a 409 while it is still
 * being started. An expired or abandoned reservation is taken over.
 */
export async function reserveStart(db: Firestore, scope: IdempotencyScope, requestHash: string, now: Date): Promise<Reservation> {
  const ref = refOf(db, scope);
  return db.runTransaction(async (tx) => {
    const held = (await tx.get(ref)).data();
    if (held && held.expireAt.toMillis() > now.getTime()) {
      if (held.requestHash !== requestHash) {
        throw new HttpError(422, `This ${IDEMPOTENCY_KEY_HEADER} was used for another request (another workflow or body) in the last ${PUBLIC_IDEMPOTENCY_RETENTION_HOURS} hours: use a new key for a new run`, IDEMPOTENCY_ERROR_CODES.reused, { field: IDEMPOTENCY_KEY_HEADER });
      }
      if (held.runId !== null) return { kind: 'replay', runId: held.runId, answer: held.answer };
      if (now.getTime() - held.createdAt.toMillis() < ABANDONED_RESERVATION_MS) {
        throw new HttpError(409, `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being started: retry in a moment for its answer`, IDEMPOTENCY_ERROR_CODES.inProgress, { field: IDEMPOTENCY_KEY_HEADER });
      }
    }
    const holder = randomUUID();
    const stored: StoredStart = {
      apiKeyId: scope.apiKeyId,
      workspaceId: scope.workspaceId,
      requestHash,
      holder,
      runId: null,
      answer: null,
      createdAt: Timestamp.fromDate(now),
      expireAt: Timestamp.fromMillis(now.getTime() + IDEMPOTENCY_RETENTION_MS),
    };
    tx.set(ref, stored);
    return { kind: 'first', holder };
  });
}

/** Records the run the reservation started (and the answer, when it is replayed as it was): from now on a retry replays. */
export async function recordStart(db: Firestore, scope: IdempotencyScope, holder: string, runId: string, answer: RememberedAnswer | null): Promise<void> {
  const ref = refOf(db, scope);
  await db.runTransaction(async (tx) => {
    if ((await tx.get(ref)).data()?.holder === holder) tx.update(ref, { runId, answer });
  });
}

/** Gives the key back after a refusal (nothing was started): a retry with it is a first request again. */
export async function releaseStart(db: Firestore, scope: IdempotencyScope, holder: string): Promise<void> {
  const ref = refOf(db, scope);
  await db.runTransaction(async (tx) => {
    if ((await tx.get(ref)).data()?.holder === holder) tx.delete(ref);
  });
}
