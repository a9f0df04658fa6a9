import { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { requireAuth } from './auth.js';

/** GET /api/whoami: the verified caller as this service sees it (clients check their session with it). */
export function createWhoAmIRouter(auth: Auth, service: string): Router {
  const router = Router();
  router.get('/api/whoami', requireAuth(auth), (req, res) => {
    const caller = req.caller!;
    res.json({ uid: caller.uid, email: caller.email, service });
  });
  return router;
}
