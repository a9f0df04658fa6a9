// MCP servers in Firestore (mcpServers/{id}, server-only by the rules). A
// server lives in one workspace: an organization's (organizationId), or its
// creator's personal one (workspaceId 'personal', organizationId null).
import type { Firestore } from 'firebase-admin/firestore';
import { MCP_SERVERS_COLLECTION, MCP_TRANSPORTS, type McpServerError, type McpServerView, type McpToolView, type McpTransport } from '@agentflow/shared/mcp';

export interface StoredMcpServer extends McpServerView {
  organizationId: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function decode(id: string, data: Record<string, unknown>): StoredMcpServer {
  const transport = MCP_TRANSPORTS.includes(data.transport as McpTransport) ? (data.transport as McpTransport) : 'streamable-http';
  const lastError = data.lastError && typeof data.lastError === 'object' ? (data.lastError as McpServerError) : null;
  return {
    id,
    workspaceId: text(data.workspaceId) ?? 'personal',
    organizationId: text(data.organizationId),
    name: text(data.name) ?? '',
    url: text(data.url) ?? '',
    transport,
    credentialId: text(data.credentialId),
    createdAt: text(data.createdAt) ?? '',
    createdBy: text(data.createdBy) ?? '',
    tools: Array.isArray(data.tools) ? (data.tools as McpToolView[]) : null,
    toolsListedAt: text(data.toolsListedAt),
    lastError,
  };
}

/** What the API answers: the stored fields without the bookkeeping. */
export function mcpServerView(server: StoredMcpServer): McpServerView {
  const { organizationId: _organizationId, ...view } = server;
  return view;
}

export class McpServerStore {
  constructor(private readonly db: Firestore) {}

  private get collection() {
    return this.db.collection(MCP_SERVERS_COLLECTION);
  }

  async get(id: string): Promise<StoredMcpServer | null> {
    const snap = await this.collection.doc(id).get();
    return snap.exists ? decode(id, snap.data()!) : null;
  }

  /** An organization's servers, or one user's personal ones; oldest first. */
  async list(workspace: { organizationId: string | null; ownerId: string }): Promise<StoredMcpServer[]> {
    const query = workspace.organizationId ? this.collection.where('organizationId', '==', workspace.organizationId) : this.collection.where('organizationId', '==', null).where('createdBy', '==', workspace.ownerId);
    const snap = await query.get();
    return snap.docs.map((doc) => decode(doc.id, doc.data())).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async create(server: Omit<StoredMcpServer, 'id'>): Promise<StoredMcpServer> {
    const ref = this.collection.doc();
    await ref.create(server);
    return { ...server, id: ref.id };
  }

  async update(id: string, change: Partial<Omit<StoredMcpServer, 'id'>>): Promise<void> {
    await this.collection.doc(id).update(change);
  }

  async remove(id: string): Promise<void> {
    await this.collection.doc(id).delete();
  }
}
