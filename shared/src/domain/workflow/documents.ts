// The stored workflows/{id} document as the model's Workflow: the one decoder
// the catalogue, the builder and the runs API all use. It works on plain data
// (what either Firestore SDK's `data()` returns): times are read by the
// domain's toIso (a Timestamp of either SDK, a Date or a stored string).
//
// Absent fields get the defaults below; a field that is present keeps its
// stored value, even a wrong one, so validateWorkflow() (which every save and
// every run start goes through) still names it instead of a default hiding it.
// Fields the model does not know are carried along (validation tolerates them
// and counts them in the document's size).
import { toIso } from '../validation/time.js';
import type { Workflow } from './model.js';
import { isRecord } from './fields.js';

/**
 * A missing version reads as 1, not 0. Version 0 means "never saved" (what
 * emptyWorkflow() gives the builder before the first save); a document that
 * is stored has been saved at least once, and the security rules only let
 * one be written with version >= 1 (a template copy starts at 1, every save
 * adds 1). So a stored document without a version can only be an old or
 * hand-written one, and 1 is the truest thing to say about it.
 */
const FIRST_STORED_VERSION = 1;

const absent = (value: unknown): value is undefined | null => value === undefined || value === null;

/** The stored value, or `fallback` when there is none. */
function stored<T>(value: unknown, fallback: T): T {
  return absent(value) ? fallback : (value as T);
}

/** workflows/{id} (plain data) as a Workflow. */
export function workflowFromDocument(id: string, data: Record<string, unknown>): Workflow {
  return {
    ...(data as Partial<Workflow>),
    id,
    ownerId: stored(data.ownerId, ''),
    organizationId: stored(data.organizationId, null),
    name: stored(data.name, ''),
    description: stored(data.description, ''),
    category: stored(data.category, 'automation'),
    industry: stored(data.industry, 'general'),
    tags: stored(data.tags, []),
    visibility: stored(data.visibility, 'private'),
    version: stored(data.version, FIRST_STORED_VERSION),
    nodes: Array.isArray(data.nodes) ? (data.nodes.map(nodeFromDocument) as Workflow['nodes']) : stored(data.nodes, []),
    edges: stored(data.edges, []),
    createdAt: toIso(data.createdAt),
    updatedAt: toIso(data.updatedAt),
    // Absent stays absent and null stays null (not in the trash); a stored time of either SDK reads as ISO.
    ...(absent(data.deletedAt) ? {} : { deletedAt: toIso(data.deletedAt) }),
  };
}

/**
 * A stored node, its pinned sample output's time read as ISO. A pinned value
 * that is not `{ output, pinnedAt }` with a readable time is kept as stored,
 * so validateWorkflow() names it.
 */
function nodeFromDocument(node: unknown): unknown {
  if (!isRecord(node) || !isRecord(node.pinned) || !('output' in node.pinned)) return node;
  const pinnedAt = toIso(node.pinned.pinnedAt);
  return pinnedAt === null ? node : { ...node, pinned: { ...node.pinned, pinnedAt } };
}
