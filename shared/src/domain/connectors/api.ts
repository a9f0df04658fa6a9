// platform-api's connector endpoints: which OAuth apps this deployment has,
// starting a sign-in, and the provider's redirect back. Stable codes beside
// the English messages; the UI translates by code.
import { z } from 'zod';
import { isDocumentId } from '../validation/ids.js';
import { MAX_CREDENTIAL_NAME_LENGTH } from '../credentials/types.js';
import type { OAuthProviderId } from './oauth.js';

export const CONNECTORS_API = {
  /** GET: { oauth: { google: true, hubspot: false } } (no client ids, no secrets). */
  status: '/api/connectors',
  /** POST { credentialType, name, organizationId? } → { authorizationUrl }. */
  oauthStart: '/api/connectors/oauth/start',
  /** GET ?code&state (the provider's redirect): stores the credential, redirects to the app's credentials page. */
  oauthCallback: '/api/connectors/oauth/callback',
} as const;

/** GET: how each of the workflow's app triggers is doing (the owner only): a PollStatusReport. */
export const pollStatusPath = (workflowId: string) => `/api/workflows/${encodeURIComponent(workflowId)}/poll`;

/**
 * The app trigger's checks as the builder shows them. `state`: 'none' (no
 * app trigger, or not checked yet), 'watching' (the first check noted where
 * things stand; new items start runs), 'failing' (the last check failed:
 * `lastError` says why, in the provider's words), 'changed' (the trigger was
 * edited since: the next check starts over).
 */
export interface PollStatus {
  state: 'none' | 'watching' | 'failing' | 'changed';
  lastPolledAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
}

/** The answer of pollStatusPath: each app trigger of the workflow by its node id (a workflow may have several). */
export interface PollStatusReport {
  triggers: Record<string, PollStatus>;
}

export interface ConnectorsStatus {
  /** Providers whose OAuth app the operator configured. */
  oauth: Record<OAuthProviderId, boolean>;
}

export const CONNECTOR_ERROR_CODES = {
  /** The operator has not set OAUTH_<PROVIDER>_CLIENT_ID / _SECRET. */
  oauthNotConfigured: 'oauth_not_configured',
  /** The callback's state is unknown, expired, used, or someone else's. */
  oauthStateInvalid: 'oauth_state_invalid',
  /** The user declined at the provider. */
  oauthDenied: 'oauth_denied',
  /** The provider refused the code exchange. */
  oauthExchangeFailed: 'oauth_exchange_failed',
  /** The type is not one made by an OAuth sign-in. */
  notOAuthType: 'credential_not_oauth',
} as const;
export type ConnectorErrorCode = (typeof CONNECTOR_ERROR_CODES)[keyof typeof CONNECTOR_ERROR_CODES];

/** The query the return page gets from the callback: ?connected=<credentialId> or ?oauthError=<code>. */
export const OAUTH_RESULT_PARAMS = { connected: 'connected', error: 'oauthError' } as const;

export const oauthStartBodySchema = z.strictObject({
  credentialType: z.string().min(1, 'is required').max(64),
  name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(MAX_CREDENTIAL_NAME_LENGTH)
    // eslint-disable-next-line no-control-regex -- refusing control characters is this check's purpose
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'must not hold control characters'),
  organizationId: z.string().refine(isDocumentId, 'must be an organization id').nullable().optional(),
  /** Where in the app the callback sends the user back (a path such as /workflows/abc); default the credentials page. */
  returnTo: z
    .string()
    .max(500)
    .refine((value) => /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/%?]*$/.test(value) && !value.includes('\\'), 'must be a path in the app')
    .optional(),
});
/** Where the callback sends the user when the sign-in did not say. */
export const OAUTH_DEFAULT_RETURN = '/workflows/credentials';
export type OAuthStartBody = z.output<typeof oauthStartBodySchema>;
