import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { GENERIC_ERROR_CODES } from '../domain/validation/errorCodes.js';
import { errorBody } from './httpErrors.js';
import { applyUserRateLimit } from './rateLimits.js';

/** What a call made with an API key may do (issue 24): the key's id, scopes and workspace. */
export interface ApiKeyPrincipal {
  id: string;
  scopes: readonly string[];
  /** 'personal' or an organization id. */
  workspaceId: string;
  organizationId: string | null;
}

export interface Caller {
  uid: string;
  email: string | null;
  /** The verified ID token; absent on a call made with an API key (`apiKey`), which acts as its creator. */
  token?: DecodedIdToken;
  /** Whether `email` is verified (the token's email_verified; the creator's account for a key). */
  emailVerified: boolean;
  apiKey?: ApiKeyPrincipal;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by requireAuth: the verified caller. Never take a user id from the body instead. */
    caller?: Caller;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.?[A-Za-z0-9\-_.+/=]*)$/;

/** Maps firebase-admin verification failures to the reason a client is shown. */
export function describeTokenError(error: unknown): { status: 401 | 503; message: string } {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'auth/id-token-expired':
      return { status: 401, message: 'ID token has expired' };
    case 'auth/id-token-revoked':
      return { status: 401, message: 'ID token has been revoked' };
    case 'auth/user-disabled':
      return { status: 401, message: 'User account is disabled' };
    case 'auth/user-not-found':
      return { status: 401, message: 'Invalid ID token: unknown user' };
    case 'app/network-error':
    case 'auth/internal-error':
      return { status: 503, message: 'Authentication service unavailable' };
    default:
      return { status: 401, message: 'Invalid ID token' };
  }
}

/**
 * Verifies the Firebase ID token in `Authorization: Bearer <token>` (checking
 * revocation), puts the verified caller on `req.caller`, and counts the
 * request against that user's rate limit (429 past it; see rateLimits.ts).
 */
export function requireAuth(auth: Auth): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization;
    if (!header) {
      res.status(401).json(errorBody(401, 'Missing Authorization header with a Bearer ID token', GENERIC_ERROR_CODES.unauthenticated));
      return;
    }
    const match = BEARER.exec(header.trim());
    if (!match?.[1]) {
      res.status(401).json(errorBody(401, 'Malformed Authorization header: expected "Bearer <Firebase ID token>"', GENERIC_ERROR_CODES.unauthenticated));
      return;
    }
    try {
      const token = await auth.verifyIdToken(match[1], true);
      req.caller = { uid: token.uid, email: token.email ?? null, token, emailVerified: token.email_verified === true };
    } catch (error) {
      const { status, message } = describeTokenError(error);
      req.log?.info({ code: (error as { code?: string }).code }, 'ID token rejected');
      // 401 unauthenticated, 503 unavailable.
      res.status(status).json(errorBody(status, message));
      return;
    }
    applyUserRateLimit(req, res, next);
  };
}
