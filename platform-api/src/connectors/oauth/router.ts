// The sign-in routes (CONNECTORS_API): which OAuth apps are set up, starting
// a sign-in for the calling user (authorization URL with state and PKCE),
// and the provider's redirect back, which exchanges the code, names the
// account and stores the tokens as a credential of that user. The callback
// carries no ID token (it is a browser redirect from the provider): the
// state is the binding to the user who started, single use and short-lived.
import { Router, type Request, type Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import {
  CONNECTORS_API,
  CONNECTOR_ERROR_CODES,
  HttpError,
  OAUTH_DEFAULT_RETURN,
  OAUTH_PROVIDER_IDS,
  OAUTH_RESULT_PARAMS,
  OAUTH_STATE_TTL_MS,
  oauthStartBodySchema,
  parseOr400,
  requireAuth,
  type ConnectorsStatus,
  type OAuthProviderId,
} from '@agentflow/shared/server';
import { credentialType, isCredentialTypeId } from '@agentflow/shared/credentials';
import type { CredentialVault } from '../../credentials/index.js';
import { OAuthClient } from './client.js';
import { savePendingSignIn, takePendingSignIn } from './states.js';

export interface OAuthRouterOptions {
  auth: Auth;
  db: Firestore;
  vault: CredentialVault;
  logger: Logger;
  clients: Partial<Record<OAuthProviderId, OAuthClient>>;
  /** This API's public base URL (PLATFORM_API_URL): the redirect URI registered with each provider is <it>/api/connectors/oauth/callback. */
  publicUrl: string | null;
  /** The app origins a sign-in may return to (ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  now?: () => number;
}

export function createOAuthRouter({ auth, db, vault, logger, clients, publicUrl, allowedOrigins, now = Date.now }: OAuthRouterOptions): Router {
  const router = Router();
  const authed = requireAuth(auth);
  const redirectUri = (req: Request) => `${(publicUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '')}${CONNECTORS_API.oauthCallback}`;

  router.get(CONNECTORS_API.status, authed, (_req, res) => {
    const status: ConnectorsStatus = { oauth: Object.fromEntries(OAUTH_PROVIDER_IDS.map((id) => [id, clients[id] !== undefined])) as ConnectorsStatus['oauth'] };
    res.json(status);
  });

  router.post(CONNECTORS_API.oauthStart, authed, async (req, res) => {
    const body = parseOr400(oauthStartBodySchema, req.body);
    if (!isCredentialTypeId(body.credentialType) || !credentialType(body.credentialType).oauth) {
      throw new HttpError(400, 'credentialType is not a credential made by signing in', CONNECTOR_ERROR_CODES.notOAuthType, { field: 'credentialType' });
    }
    const oauth = credentialType(body.credentialType).oauth!;
    const client = clients[oauth.provider];
    if (!client) throw new HttpError(409, `Signing in with ${credentialType(body.credentialType).label} is not set up on this server`, CONNECTOR_ERROR_CODES.oauthNotConfigured, { provider: oauth.provider });
    // The app the user is in (CORS already let only allowed origins call): where the callback sends them back.
    const origin = req.get('origin') ?? '';
    const appOrigin = allowedOrigins.includes(origin) ? origin : allowedOrigins[0];
    if (!appOrigin) throw new HttpError(400, 'This request did not come from the app', 'bad_request');
    // Organization credentials need manage rights: checked before the user leaves, and again when stored.
    if (body.organizationId) await vault.assertMayManage({ userId: req.caller!.uid }, { kind: 'organization', organizationId: body.organizationId });
    const { state, codeVerifier } = OAuthClient.newSecrets();
    await savePendingSignIn(db, state, {
      userId: req.caller!.uid,
      userEmail: req.caller!.email ?? null,
      provider: oauth.provider,
      credentialType: body.credentialType,
      name: body.name,
      organizationId: body.organizationId ?? null,
      codeVerifier,
      appOrigin,
      returnTo: body.returnTo ?? OAUTH_DEFAULT_RETURN,
      expiresAt: now() + OAUTH_STATE_TTL_MS,
    });
    res.json({ authorizationUrl: await client.authorizationUrl({ state, codeVerifier, redirectUri: redirectUri(req), scopes: oauth.scopes }) });
  });

  const back = (res: Response, origin: string, returnTo: string, result: Record<string, string>) => {
    const url = new URL(returnTo, origin);
    for (const [key, value] of Object.entries(result)) url.searchParams.set(key, value);
    res.redirect(303, url.toString());
  };

  router.get(CONNECTORS_API.oauthCallback, async (req, res) => {
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    const pending = await takePendingSignIn(db, state, now());
    if (!pending) {
      // Unknown, used, expired or forged: nothing is exchanged or stored.
      logger.warn({ hasState: state !== '' }, 'an OAuth callback came with a state this server did not issue (or one already used or expired)');
      return back(res, allowedOrigins[0] ?? '', OAUTH_DEFAULT_RETURN, { [OAUTH_RESULT_PARAMS.error]: CONNECTOR_ERROR_CODES.oauthStateInvalid });
    }
    const fail = (code: string) => back(res, pending.appOrigin, pending.returnTo, { [OAUTH_RESULT_PARAMS.error]: code });
    if (typeof req.query.error === 'string') return fail(req.query.error === 'access_denied' ? CONNECTOR_ERROR_CODES.oauthDenied : CONNECTOR_ERROR_CODES.oauthExchangeFailed);
    const client = clients[pending.provider];
    if (!client) return fail(CONNECTOR_ERROR_CODES.oauthNotConfigured);
    const callbackUrl = new URL(req.originalUrl, redirectUri(req));
    let tokens;
    try {
      tokens = await client.exchange(callbackUrl, state, redirectUri(req), pending.codeVerifier);
    } catch (error) {
      logger.warn({ provider: pending.provider, reason: (error as Error).message }, 'an OAuth code exchange failed');
      return fail(CONNECTOR_ERROR_CODES.oauthExchangeFailed);
    }
    const account = await client.accountName(tokens.accessToken);
    try {
      const view = await vault.createSignedIn(
        { userId: pending.userId, userEmail: pending.userEmail },
        {
          type: pending.credentialType,
          name: pending.name,
          organizationId: pending.organizationId,
          secrets: { accessToken: tokens.accessToken, ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}) },
          settings: { ...(tokens.expiresAt ? { expiresAt: tokens.expiresAt } : {}), ...(account ? { account } : {}), ...(tokens.scope ? { scope: tokens.scope } : {}) },
        },
      );
      back(res, pending.appOrigin, pending.returnTo, { [OAUTH_RESULT_PARAMS.connected]: view.id });
    } catch (error) {
      // Not stored (a plan limit, lost rights): the grant is given back so it does not linger at the provider.
      await client.revoke({ accessToken: tokens.accessToken, ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}) }).catch(() => undefined);
      if (error instanceof HttpError) return fail(error.code ?? CONNECTOR_ERROR_CODES.oauthExchangeFailed);
      throw error;
    }
  });

  return router;
}
