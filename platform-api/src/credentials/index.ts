// The credentials module: the vault (the only code that seals and opens
// secrets) and its HTTP routes, built from the key ring the deployment holds.
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import type { NewAuditEntry } from '../access/audit.js';
import type { KeyRing } from './keyRing.js';
import { createCredentialsRouter, type CredentialTester } from './router.js';
import { CredentialVault } from './vault.js';

export { CredentialVault, credentialInWorkspace, type CredentialWorkspace, type OpenedCredential, type VaultActor } from './vault.js';
export { keyRingFromEnv, generateMasterKey, parseMasterKey, createKeyRing, type KeyRing } from './keyRing.js';
export type { CredentialTester } from './router.js';

export interface CredentialsModuleOptions {
  auth: Auth;
  db: Firestore;
  logger: Logger;
  /** null when CREDENTIALS_KEY is not set: the routes answer 503 credentials_not_configured. */
  ring: KeyRing | null;
  record: (entry: NewAuditEntry) => Promise<void>;
  test: CredentialTester;
}

/** The vault of a deployment; warns the operator once when it has no master key. */
export function createCredentialVault({ db, logger, ring, record }: Pick<CredentialsModuleOptions, 'db' | 'logger' | 'ring' | 'record'>): CredentialVault {
  if (!ring) logger.warn('CREDENTIALS_KEY is not set: users cannot store credentials. Set it to 32 random bytes in base64 (npm start generates one into .agentflow/credentials.key).');
  return new CredentialVault({ db, ring, logger, record });
}

export function createCredentialsModule({ auth, logger, test, vault, ...rest }: CredentialsModuleOptions & { vault?: CredentialVault }) {
  const built = vault ?? createCredentialVault({ logger, ...rest });
  return { vault: built, router: createCredentialsRouter({ auth, vault: built, logger, test }) };
}
