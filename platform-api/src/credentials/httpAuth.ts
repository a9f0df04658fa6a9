// What an HTTP credential adds to a request: the header it stands for. The
// values exist only for the call; the caller redacts them from what the step
// records.
import { credentialType } from '@agentflow/shared/credentials';
import type { OpenedCredential } from './vault.js';

/** The credential is not one an HTTP step can send (an AI provider's, say). */
export class NotAnHttpCredentialError extends Error {
  override name = 'NotAnHttpCredentialError';
}

export function httpAuthHeaders(credential: OpenedCredential): Record<string, string> {
  if (credentialType(credential.type).kind !== 'http') throw new NotAnHttpCredentialError(`The credential "${credential.id}" is not an HTTP credential`);
  const { settings, secrets } = credential;
  switch (credential.type) {
    case 'httpHeader':
      return { [settings.headerName ?? '']: secrets.headerValue ?? '' };
    case 'httpBearer':
      return { Authorization: `Bearer ${secrets.token ?? ''}` };
    case 'httpBasic':
      return { Authorization: `Basic ${Buffer.from(`${settings.username ?? ''}:${secrets.password ?? ''}`, 'utf8').toString('base64')}` };
    default:
      throw new NotAnHttpCredentialError(`The credential type "${credential.type}" has no HTTP header`);
  }
}

/** `headers` with the credential's headers set, replacing any of the same name in any case. */
export function withAuthHeaders(headers: Record<string, string>, auth: Record<string, string>): Record<string, string> {
  const names = new Set(Object.keys(auth).map((name) => name.toLowerCase()));
  return { ...Object.fromEntries(Object.entries(headers).filter(([name]) => !names.has(name.toLowerCase()))), ...auth };
}

/** The secret values to redact, the encoded basic-auth value included. */
export function secretValuesOf(credential: OpenedCredential, auth: Record<string, string>): string[] {
  const encoded = Object.values(auth).map((value) => value.replace(/^(Basic|Bearer) /, ''));
  return [...Object.values(credential.secrets), ...encoded].filter((value) => value.length > 0);
}
