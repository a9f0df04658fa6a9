// Running one connector operation or poll: open the credential for the run's
// owner (audited with the run and node), check it is a type the connector
// accepts, render and check the values, call the executor through
// ConnectorHttp, and redact every secret from what comes back. Used by the
// app step (step.ts), agents' app tools (agentTools.ts) and the poller.
import { HttpError, isFileRef, stepCredentialWrongKind, type CredentialTypeId, type FileRef } from '@agentflow/shared/server';
import type { z } from 'zod';
import { CONNECTORS, connectorOf, connectorOperationOf, connectorTriggerOf, type ConnectorDeclaration } from '@agentflow/shared/workflow';
import type { CredentialVault, CredentialWorkspace, OpenedCredential } from '../../credentials/index.js';
import { vaultRefusal } from '../../runs/vaultRefusal.js';
import type { SafeFetchPolicy } from '../../net/safeFetch.js';
import { redactValue } from '../../agents/providers/redact.js';
import { StepFailure } from '../../runs/steps.js';
import { ConnectorHttp } from './connectorHttp.js';
import { invalidParam } from './errors.js';
import type { ConnectorExecutor, ConnectorFile, TokenRefresher } from './types.js';
import { pathOf } from './paths.js';

/** Opens a credential for one use (the vault's use(): access check, audit, decryption). */
export type CredentialOpener = Pick<CredentialVault, 'use'>;

export interface ConnectorRuntimeOptions {
  executors: ReadonlyMap<string, ConnectorExecutor>;
  /** null: the deployment has no vault; a connector that needs a credential fails. */
  vault: CredentialOpener | null;
  /** Base URL overrides per connector id (CONNECTOR_<ID>_BASE_URL). */
  baseUrls?: Readonly<Record<string, string>>;
  refresh?: TokenRefresher;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

/** Who the call works for and what it may read. */
export interface ConnectorCall {
  connectorId: string;
  credentialId: string | undefined;
  ownerId: string;
  /**
   * The workflow's workspace (runs, step tests, polls): the credential must
   * belong to it (credential_not_in_workspace otherwise). Absent only for a
   * user's own use (a connection test, their chat notifications).
   */
  workspace?: CredentialWorkspace;
  /** For the audit of the credential's use. */
  runId?: string;
  nodeId?: string;
  /** How errors name the step ('Create deal'). */
  stepName: string;
  policy: SafeFetchPolicy;
  signal: AbortSignal;
  readFile?: (ref: FileRef, label: string) => Promise<ConnectorFile>;
}

export class ConnectorRuntime {
  constructor(private readonly options: ConnectorRuntimeOptions) {}

  declaration(id: string): ConnectorDeclaration {
    const connector = connectorOf(id);
    if (!connector || !this.options.executors.has(id)) throw new StepFailure(`"${id}" is not an app this server can reach`);
    return connector;
  }

  private async open(call: ConnectorCall, connector: ConnectorDeclaration): Promise<OpenedCredential | null> {
    if (connector.credentialTypes.length === 0) return null;
    if (!call.credentialId) throw new StepFailure(`${call.stepName}: connect a ${connector.name} account in the step’s settings`);
    if (!this.options.vault) throw new StepFailure('This step uses a credential, but credentials are not available on this server');
    let opened: OpenedCredential;
    try {
      opened = await this.options.vault.use({ userId: call.ownerId }, call.credentialId, { ...(call.runId ? { runId: call.runId } : {}), ...(call.nodeId ? { nodeId: call.nodeId } : {}), ...(call.workspace ? { workspace: call.workspace } : {}) });
    } catch (error) {
      if (error instanceof HttpError) {
        const refusal = vaultRefusal(error, call.stepName);
        throw new StepFailure(refusal.message, refusal.code);
      }
      throw error;
    }
    if (!connector.credentialTypes.includes(opened.type)) throw new StepFailure(stepCredentialWrongKind(call.stepName));
    return opened;
  }

  private context(call: ConnectorCall, connector: ConnectorDeclaration, credential: OpenedCredential | null) {
    const executor = this.options.executors.get(connector.id)!;
    const http = new ConnectorHttp({
      connector,
      executor,
      baseUrl: this.options.baseUrls?.[connector.id] ?? connector.baseUrl,
      credential,
      policy: call.policy,
      signal: call.signal,
      ...(this.options.refresh ? { refresh: this.options.refresh } : {}),
      ...(this.options.wait ? { wait: this.options.wait } : {}),
      ...(this.options.now ? { now: this.options.now } : {}),
    });
    const readFile = call.readFile;
    return {
      executor,
      http,
      context: {
        connector,
        http,
        credential,
        signal: call.signal,
        policy: call.policy,
        ...(readFile
          ? {
              readFiles: async (refs: readonly FileRef[], label: string) => {
                const files: ConnectorFile[] = [];
                for (const [index, ref] of refs.entries()) files.push(await readFile(ref, refs.length > 1 ? `${label} ${index + 1}` : label));
                return files;
              },
            }
          : {}),
      },
    };
  }

  /** Runs one operation with rendered values; the output has no secret of the credential in it. */
  async invoke(call: ConnectorCall, operationId: string, values: Record<string, unknown>): Promise<unknown> {
    const connector = this.declaration(call.connectorId);
    const operation = connectorOperationOf(connector, operationId);
    const handler = this.options.executors.get(connector.id)!.operations[operationId];
    if (!operation || !handler) throw new StepFailure(`${connector.name} has no operation "${operationId}"`);
    const checked = checkedValues(operation.params, values, call.stepName);
    const credential = await this.open(call, connector);
    const { http, context } = this.context(call, connector, credential);
    const output = await handler(context, checked);
    const secrets = [...http.secrets, ...(credential ? Object.values(credential.secrets) : [])].filter((s) => s.length > 0);
    return secrets.length > 0 ? redactValue(output, secrets) : output;
  }

  /** One poll of a trigger (no run yet: nothing to render; the values are literal). */
  async poll(call: ConnectorCall, triggerId: string, values: Record<string, unknown>, cursor: string | null): Promise<{ items: unknown[]; cursor: string }> {
    const connector = this.declaration(call.connectorId);
    const trigger = connectorTriggerOf(connector, triggerId);
    const handler = this.options.executors.get(connector.id)!.triggers?.[triggerId];
    if (!trigger || !handler) throw new StepFailure(`${connector.name} has no trigger "${triggerId}"`);
    const checked = checkedValues(trigger.params, values, call.stepName);
    const credential = await this.open(call, connector);
    const { http, context } = this.context(call, connector, credential);
    const result = await handler(context, checked, cursor);
    const secrets = http.secrets;
    return secrets.length > 0 ? { items: result.items.map((item) => redactValue(item, secrets)), cursor: result.cursor } : result;
  }

  /**
   * "Test connection" of an app credential: the test request of the first
   * connector of its type that has one, through ConnectorHttp (refresh,
   * Retry-After waits, the address guard). null: nothing can test it. The
   * account named has no secret of the credential in it.
   */
  async testCredential(credential: OpenedCredential, policy: SafeFetchPolicy, signal: AbortSignal): Promise<{ connector: ConnectorDeclaration; account: string | null } | null> {
    const connector = CONNECTORS.find((candidate) => candidate.credentialTypes.includes(credential.type) && this.options.executors.get(candidate.id)?.test);
    if (!connector) return null;
    const call: ConnectorCall = { connectorId: connector.id, credentialId: credential.id, ownerId: '', stepName: 'Test connection', policy, signal };
    const { executor, http, context } = this.context(call, connector, credential);
    const { account } = await executor.test!(context);
    const secrets = [...http.secrets, ...Object.values(credential.secrets)].filter((s) => s.length > 0);
    return { connector, account: account === null ? null : redactValue(account, secrets) };
  }

  /** Whether a credential type is one of the connector's (preflight). */
  accepts(connectorId: string, type: CredentialTypeId): boolean {
    return connectorOf(connectorId)?.credentialTypes.includes(type) ?? false;
  }
}

/** The values as the schema gives them (coerced, defaults filled in), or the step's failure naming the first bad field. */
function checkedValues(schema: z.ZodType, values: Record<string, unknown>, stepName: string): Record<string, unknown> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const issue = parsed.error.issues[0]!;
  throw invalidParam(stepName, pathOf(issue.path) || 'params', issue.message);
}

/** The FileRefs a param gives (one or a list); anything else is refused naming the param. */
export function fileRefsOf(value: unknown, stepName: string, param: string): FileRef[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  if (!list.every(isFileRef)) throw invalidParam(stepName, param, 'must be run files (e.g. {{ input.report }})');
  return list as FileRef[];
}

