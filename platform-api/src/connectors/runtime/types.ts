// What a connector's executor is (platform-api/src/connectors/<id>/executor.ts):
// how it signs requests with a credential, how it reads the provider's error
// bodies, and a function per operation and polling trigger of its
// declaration. Executors call the provider only through ConnectorHttp
// (connectorHttp.ts), which adds the credential, the private-address guard,
// Retry-After / 429 waits, the refresh of OAuth tokens on expiry and 401,
// and plain-words errors; SMTP, which is not HTTP, gets the same guard
// through checkAddress.
import type { ConnectorDeclaration } from '@agentflow/shared/workflow';
import type { FileRef } from '@agentflow/shared/domain';
import type { OpenedCredential } from '../../credentials/index.js';
import type { SafeFetchPolicy } from '../../net/safeFetch.js';
import type { ConnectorHttp } from './connectorHttp.js';

/** What a request carries for a credential: headers and/or query parameters. */
export interface RequestAuth {
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/** A run file an operation sends (an e-mail attachment), read through the run's file port. */
export interface ConnectorFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

export interface OperationContext {
  connector: ConnectorDeclaration;
  /** The provider's API, signed with the credential. */
  http: ConnectorHttp;
  /** The opened credential (settings such as a Twilio sender number, an SMTP host); null for a connector that needs none. */
  credential: OpenedCredential | null;
  signal: AbortSignal;
  policy: SafeFetchPolicy;
  /** Reads the run files a param names (FileRefs); absent outside a run (a poll) or without file storage. */
  readFiles?: (refs: readonly FileRef[], label: string) => Promise<ConnectorFile[]>;
}

export type OperationHandler = (context: OperationContext, params: Record<string, unknown>) => Promise<unknown>;

/**
 * One poll. `cursor` is what the previous poll returned (null on the first
 * activation: return the current cursor, the items are not turned into
 * runs). Returns the items newer than the cursor, oldest first, and the
 * cursor to store.
 */
export type PollHandler = (context: OperationContext, params: Record<string, unknown>, cursor: string | null) => Promise<{ items: unknown[]; cursor: string }>;

export interface ConnectorExecutor {
  id: string;
  /** The request auth of a credential of one of the connector's types (an OAuth one: its access token). */
  auth?: (credential: OpenedCredential) => RequestAuth;
  /** The provider's error message in an error answer's body, in its own words (null: none found). */
  errorMessage?: (status: number, body: unknown) => string | null;
  operations: Record<string, OperationHandler>;
  triggers?: Record<string, PollHandler>;
  /**
   * "Test connection": one cheap, read-only request that proves the
   * credential works, naming the account where the provider says (null:
   * it does not). Absent: the connector's credentials cannot be tested
   * without acting (a Teams webhook only posts).
   */
  test?: (context: OperationContext) => Promise<{ account: string | null }>;
}

/** Renews an OAuth credential's access token (and stores it); the runtime calls it before expiry and on a 401. */
export type TokenRefresher = (credential: OpenedCredential, signal: AbortSignal) => Promise<OpenedCredential>;
