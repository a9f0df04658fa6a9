import { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { isTimestampLike, toIso } from '../domain/validation/time.js';
import { GENERIC_ERROR_CODES } from '../domain/validation/errorCodes.js';
import { requireAuth } from './auth.js';
import { errorBody } from './httpErrors.js';

/** Firestore Timestamps as ISO strings; everything else as stored. */
function serializeProfile(data: FirebaseFirestore.DocumentData): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, isTimestampLike(value) ? toIso(value) : value]));
}

export class TimeoutError extends Error {}

/** Rejects with TimeoutError when the promise takes longer than `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError(`${what} did not answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/me: the verified caller (from the ID token, never from the request)
 * and their users/{uid} profile, or null when they have none yet.
 */
export function createMeRouter(auth: Auth, db: Firestore, service: string, timeoutMs = 5000): Router {
  const router = Router();
  router.get('/api/me', requireAuth(auth), async (req, res, next) => {
    const caller = req.caller!;
    try {
      const snapshot = await withTimeout(db.collection('users').doc(caller.uid).get(), timeoutMs, 'Firestore');
      const data = snapshot.data();
      res.json({ uid: caller.uid, email: caller.email, service, profile: data ? serializeProfile(data) : null });
    } catch (error) {
      if (error instanceof TimeoutError) {
        res.status(503).json(errorBody(503, 'The profile store is unavailable; try again shortly', GENERIC_ERROR_CODES.unavailable));
        return;
      }
      next(error);
    }
  });
  return router;
}
