// Counts the Firestore round trips a Firestore instance makes: every RPC the
// client sends (commit, batchGetDocuments, runQuery, beginTransaction,
// rollback, listen, ...), counted where the client hands it to gRPC, so a
// transaction's read and its commit are two and a retried call counts again.
// The webhook bench prints round trips per run with it, and the round-trip
// test pins the short-run figure (webhookRoundTrips.test.ts).
import type { Firestore } from 'firebase-admin/firestore';

export interface RoundTripCounter {
  /** RPCs since counting began (or since the last reset), by method name. */
  readonly byMethod: ReadonlyMap<string, number>;
  total(): number;
  reset(): void;
  /** Stops counting (the instance sends its RPCs as before). */
  detach(): void;
}

/** The RPC entry points of @google-cloud/firestore's Firestore (unary and streaming); not part of its typed surface. */
interface RpcEntryPoints {
  request: (methodName: string, ...rest: unknown[]) => unknown;
  requestStream: (methodName: string, ...rest: unknown[]) => unknown;
}

/** Counts the round trips of `db` from now on. */
export function countRoundTrips(db: Firestore): RoundTripCounter {
  const client = db as unknown as RpcEntryPoints;
  if (typeof client.request !== 'function' || typeof client.requestStream !== 'function') throw new Error('countRoundTrips: this Firestore client has no request/requestStream to count');
  const byMethod = new Map<string, number>();
  const count = (methodName: string) => byMethod.set(methodName, (byMethod.get(methodName) ?? 0) + 1);
  const request = client.request;
  const requestStream = client.requestStream;
  client.request = function (this: unknown, methodName: string, ...rest: unknown[]) {
    count(methodName);
    return request.call(this, methodName, ...rest);
  };
  client.requestStream = function (this: unknown, methodName: string, ...rest: unknown[]) {
    count(methodName);
    return requestStream.call(this, methodName, ...rest);
  };
  return {
    byMethod,
    total: () => [...byMethod.values()].reduce((sum, n) => sum + n, 0),
    reset: () => byMethod.clear(),
    detach: () => {
      client.request = request;
      client.requestStream = requestStream;
    },
  };
}
