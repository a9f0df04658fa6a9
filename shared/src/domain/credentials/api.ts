// platform-api's credential endpoints: paths, bodies, the masked view a
// browser gets back, and the refusals' stable codes. A view never holds a
// secret: only `secretHints`.
import { z } from 'zod';
import { isDocumentId } from '../validation/ids.js';
import { FORM_CREDENTIAL_TYPE_IDS, MAX_CREDENTIAL_NAME_LENGTH, credentialFieldsSchema, isCredentialTypeId, isOAuthCredentialType, type CredentialTypeId } from './types.js';

export const CREDENTIALS_API = {
  list: '/api/credentials',
  create: '/api/credentials',
  one: (id: string) => `/api/credentials/${encodeURIComponent(id)}`,
  test: (id: string) => `/api/credentials/${encodeURIComponent(id)}/test`,
} as const;

/** Server-only collection: security rules deny every client read and write. */
export const CREDENTIALS_COLLECTION = 'credentials';

/** Who a credential belongs to: one user, or an organization whose members may use it by permission. */
export type CredentialOwner = { kind: 'user'; userId: string } | { kind: 'organization'; organizationId: string };

export interface CredentialView {
  id: string;
  type: CredentialTypeId;
  name: string;
  owner: CredentialOwner;
  settings: Record<string, string>;
  /** Field key → '••••abcd'; a secret left empty has no entry. */
  secretHints: Record<string, string>;
  createdBy: string;
  createdAt: string | null;
  updatedAt: string | null;
  /** When a run last decrypted it. */
  lastUsedAt: string | null;
}

export interface CredentialTestResult {
  ok: boolean;
  /** The provider's models, for AI credentials that list them. */
  models: string[];
  /** The connected account as the provider names it (app credentials), when it does. */
  account?: string;
  /** Why the test failed, in English (the code is what the UI translates). */
  error?: string;
  code?: CredentialErrorCode;
}

export const CREDENTIAL_ERROR_CODES = {
  /** The deployment has no master key (CREDENTIALS_KEY): nothing can be stored or used. */
  vaultNotConfigured: 'credentials_not_configured',
  notFound: 'credential_not_found',
  /** The stored secret could not be decrypted (a wrong master key or a tampered document). */
  unreadable: 'credential_unreadable',
  /** The provider refused the key (401/403). */
  rejected: 'credential_rejected',
  /** The provider could not be reached or answered with an error. */
  providerUnavailable: 'provider_unavailable',
  /** This type has nothing to test (an HTTP header is only checked by the service it is sent to). */
  notTestable: 'credential_not_testable',
  /** The credential exists but is of another kind than the step needs. */
  wrongKind: 'credential_wrong_kind',
  /** A run was refused before it started: an agent's credential is deleted or not the owner's to use, or it has none and the platform has no default model. */
  missingForRun: 'credential_missing',
  /** A step names a credential of another workspace than its workflow's (never opened; the step fails with this code). */
  notInWorkspace: 'credential_not_in_workspace',
} as const;
export type CredentialErrorCode = (typeof CREDENTIAL_ERROR_CODES)[keyof typeof CREDENTIAL_ERROR_CODES];

/** Why a run did not start or a step failed: its credential is gone or not usable by the workflow's owner. */
export const stepCredentialMissing = (stepName: string) =>
  `The credential of step "${stepName}" no longer exists, or the workflow’s owner may not use it: pick another in the step’s settings`;

/** Why a step failed: its credential belongs to another workspace than the workflow (code credential_not_in_workspace). */
export const stepCredentialNotInWorkspace = (stepName: string) =>
  `The credential of step "${stepName}" belongs to another workspace than this workflow: pick one of this workspace’s credentials in the step’s settings`;

/** Why a run did not start: a step names a credential of the wrong kind (an AI key on an HTTP step, say). */
export const stepCredentialWrongKind = (stepName: string) => `The credential of step "${stepName}" is not the kind this step can use: pick another in the step’s settings`;

/** Why a run did not start: an agent names no credential and this deployment has no default model. */
export const agentNeedsProvider = (agentName: string) => `Agent "${agentName}" has no AI provider: add a credential and pick it in the agent’s settings`;

export const CREDENTIAL_MESSAGES = {
  vaultNotConfigured: 'Credentials are not available on this server yet.',
  notFound: 'Credential not found',
  unreadable: 'The credential could not be decrypted; save its secret again.',
  notTestable: 'This kind of credential cannot be tested on its own.',
  notInWorkspace: 'This credential belongs to another workspace than the workflow',
} as const;

const name = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(MAX_CREDENTIAL_NAME_LENGTH)
  // eslint-disable-next-line no-control-regex -- refusing control characters is this check's purpose
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'must not hold control characters');
const organizationId = z.string().refine(isDocumentId, 'must be an organization id');

/** POST /api/credentials: settings and secrets are checked against the type's own fields. */
export const createCredentialBodySchema = z
  .strictObject({
    // OAuth credentials are made by the sign-in flow (POST /api/connectors/oauth/start), never from a form.
    type: z.enum(FORM_CREDENTIAL_TYPE_IDS as [CredentialTypeId, ...CredentialTypeId[]]),
    name,
    organizationId: organizationId.nullable().optional(),
    settings: z.record(z.string(), z.unknown()).default({}),
    secrets: z.record(z.string(), z.unknown()).default({}),
  })
  .transform((body, ctx) => {
    const settings = credentialFieldsSchema(body.type, false).safeParse(body.settings);
    const secrets = credentialFieldsSchema(body.type, true).safeParse(body.secrets);
    for (const [path, result] of [['settings', settings], ['secrets', secrets]] as const) {
      if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: [path, ...issue.path] } as never);
    }
    if (!settings.success || !secrets.success) return z.NEVER;
    return { type: body.type, name: body.name, organizationId: body.organizationId ?? null, settings: compact(settings.data), secrets: compact(secrets.data) };
  });
export type CreateCredentialBody = z.output<typeof createCredentialBodySchema>;

/** PATCH /api/credentials/:id: a secret sent replaces the stored one; one left out stays. */
export function updateCredentialBodySchema(type: CredentialTypeId) {
  // A signed-in account's tokens come from the provider only: its name is all a user changes (reconnect for new tokens).
  if (isOAuthCredentialType(type)) return z.strictObject({ name: name.optional() }).transform((body) => ({ name: body.name, settings: undefined, secrets: undefined }));
  return z
    .strictObject({
      name: name.optional(),
      settings: credentialFieldsSchema(type, false, true).optional(),
      secrets: credentialFieldsSchema(type, true, true).optional(),
    })
    .transform((body) => ({ name: body.name, settings: body.settings ? compact(body.settings) : undefined, secrets: body.secrets ? compact(body.secrets) : undefined }));
}

/** `?organizationId=` on the list: that organization's credentials; absent: the caller's own and every organization's they may use. */
export const listCredentialsQuerySchema = z.strictObject({ organizationId: organizationId.optional() });

export { isCredentialTypeId };

function compact(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}
