// Where a workflow names vault credentials: an agent's model credential, an
// HTTP step's credential, and each of an agent's HTTP tools. One walk, used by
// the builder (a reference to a credential the user no longer has is a
// problem) and by platform-api's preflight (a run refused before it starts).
// Pure: no React, no Firebase.
import type { CredentialKind } from './types.js';

export interface CredentialReference {
  nodeId: string;
  /** The param path, as the builder reports problems: `credentialId`, `tools.http.0.credentialId`. */
  path: string;
  /** What the place needs: an AI provider (agent model) or an HTTP credential (steps and tools). */
  kind: CredentialKind;
  credentialId: string;
  /** An agent tool's name, when the reference is a tool's. */
  toolName?: string;
  /** For 'app' references: the connector whose credential types the credential must be one of. */
  connector?: string;
}

interface NodeLike {
  id: string;
  type: string;
  params: Record<string, unknown>;
}

/** Every credential the nodes name, in node order (a node's own before its tools'). */
export function credentialReferences(nodes: readonly NodeLike[]): CredentialReference[] {
  const references: CredentialReference[] = [];
  for (const node of nodes) {
    if (node.type === 'connector' || node.type === 'trigger.poll') {
      const { credentialId, connector } = node.params;
      if (typeof credentialId === 'string' && credentialId !== '') references.push({ nodeId: node.id, path: 'credentialId', kind: 'app', credentialId, connector: String(connector) });
      continue;
    }
    if (node.type !== 'agent' && node.type !== 'http') continue;
    const { credentialId } = node.params;
    if (typeof credentialId === 'string' && credentialId !== '') {
      references.push({ nodeId: node.id, path: 'credentialId', kind: node.type === 'agent' ? 'ai' : 'http', credentialId });
    }
    if (node.type !== 'agent') continue;
    const tools = (node.params.tools as { http?: unknown } | undefined)?.http;
    (Array.isArray(tools) ? tools : []).forEach((tool: unknown, index) => {
      const { credentialId: toolCredential, name } = (tool ?? {}) as { credentialId?: unknown; name?: unknown };
      if (typeof toolCredential !== 'string' || toolCredential === '') return;
      references.push({ nodeId: node.id, path: `tools.http.${index}.credentialId`, kind: 'http', credentialId: toolCredential, ...(typeof name === 'string' ? { toolName: name } : {}) });
    });
    const apps = (node.params.tools as { connectors?: unknown } | undefined)?.connectors;
    if (!Array.isArray(apps)) continue;
    apps.forEach((tool: unknown, index) => {
      const { credentialId: toolCredential, connector, operation } = (tool ?? {}) as { credentialId?: unknown; connector?: unknown; operation?: unknown };
      if (typeof toolCredential !== 'string' || toolCredential === '') return;
      references.push({ nodeId: node.id, path: `tools.connectors.${index}.credentialId`, kind: 'app', credentialId: toolCredential, connector: String(connector), toolName: `${String(connector)}_${String(operation)}` });
    });
  }
  return references;
}
