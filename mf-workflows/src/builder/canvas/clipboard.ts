// Copy and paste of steps, also between workflows: the selected nodes and the
// edges between them as JSON with a marker type; pasted nodes get fresh keys
// (`agent_2`), shifted positions, and references among them following the new
// keys (the domain's renameNodeKey). Pure but for the two storage functions at the end.
import { NODE_TYPES, renameNodeKey, type NodePosition, type NodeType, type WorkflowEdge, type WorkflowNode } from '@agentflow/shared/workflow';
import { NODE_TYPE_KEYS } from '../fields';
import { edgeId } from '../builderState';
import { CARD } from './placement';

export const CLIPBOARD_MARKER = 'agentflow/workflow-steps@1';
/** Where a copy is also kept, for browsers that refuse to read the system clipboard. */
export const CLIPBOARD_STORAGE_KEY = 'agentflow.builder.clipboard';
export const PASTE_OFFSET = { x: 40, y: 40 };

export interface ClipboardPayload {
  type: typeof CLIPBOARD_MARKER;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

/** The nodes with these ids and the edges between them (deep copies), or null when none is selected. */
export function copyNodes(nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[], ids: readonly string[]): ClipboardPayload | null {
  const chosen = new Set(ids);
  const picked = nodes.filter((n) => chosen.has(n.id));
  if (picked.length === 0) return null;
  const between = edges.filter((e) => chosen.has(e.source) && chosen.has(e.target));
  return JSON.parse(JSON.stringify({ type: CLIPBOARD_MARKER, nodes: picked, edges: between })) as ClipboardPayload;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNode = (v: unknown): v is WorkflowNode =>
  isRecord(v) &&
  typeof v.id === 'string' &&
  typeof v.name === 'string' &&
  (NODE_TYPES as readonly unknown[]).includes(v.type) &&
  isRecord(v.position) &&
  typeof v.position.x === 'number' &&
  typeof v.position.y === 'number' &&
  isRecord(v.params);

/** Our payload read back from clipboard text, or null for anything else (other text, other JSON, damaged steps). */
export function parseClipboard(text: string): ClipboardPayload | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.type !== CLIPBOARD_MARKER || !Array.isArray(parsed.nodes) || !Array.isArray(parsed.edges)) return null;
  if (parsed.nodes.length === 0 || !parsed.nodes.every(isNode)) return null;
  const ids = new Set(parsed.nodes.map((n) => n.id));
  const edges = parsed.edges.filter(
    (e): e is WorkflowEdge => isRecord(e) && typeof e.id === 'string' && typeof e.source === 'string' && typeof e.target === 'string' && ids.has(e.source) && ids.has(e.target),
  );
  return { type: CLIPBOARD_MARKER, nodes: parsed.nodes, edges };
}

/** `<type key>_<n>` with the smallest n not taken (the form new keys have). */
export function freshKey(type: NodeType, taken: Set<string>): string {
  const prefix = NODE_TYPE_KEYS[type];
  let n = 1;
  while (taken.has(`${prefix}_${n}`)) n++;
  return `${prefix}_${n}`;
}

const overlapsAny = (position: NodePosition, others: readonly WorkflowNode[]) =>
  others.some((n) => Math.abs(n.position.x - position.x) < CARD.width && Math.abs(n.position.y - position.y) < CARD.height);

/**
 * The payload's nodes and edges ready to add to a workflow holding `existing`: fresh keys, references
 * among the pasted nodes following them, positions shifted by PASTE_OFFSET steps until none overlaps.
 */
export function pasteInto(payload: ClipboardPayload, existing: readonly WorkflowNode[], existingEdges: readonly WorkflowEdge[]): { nodes: WorkflowNode[]; edges: WorkflowEdge[] } {
  // New keys avoid the workflow's and the copied ones too, so renaming one by one never meets a key still in use.
  const taken = new Set([...existing.map((n) => n.id), ...payload.nodes.map((n) => n.id)]);
  let renamed: { nodes: WorkflowNode[]; edges: WorkflowEdge[] } = { nodes: payload.nodes, edges: payload.edges };
  for (const node of payload.nodes) {
    const key = freshKey(node.type, taken);
    taken.add(key);
    renamed = renameNodeKey(renamed, node.id, key);
  }
  let shift = 1;
  while (shift < 50 && renamed.nodes.some((n) => overlapsAny({ x: n.position.x + shift * PASTE_OFFSET.x, y: n.position.y + shift * PASTE_OFFSET.y }, existing))) shift++;
  const nodes = renamed.nodes.map((node) => ({
    ...node,
    position: { x: Math.round(node.position.x + shift * PASTE_OFFSET.x), y: Math.round(node.position.y + shift * PASTE_OFFSET.y) },
  }));
  const edges: WorkflowEdge[] = [];
  for (const edge of renamed.edges) {
    const handle = edge.sourceHandle ?? null;
    edges.push({ id: edgeId(edge.source, handle, edge.target, [...existingEdges, ...edges]), source: edge.source, target: edge.target, ...(handle ? { sourceHandle: handle } : {}) });
  }
  return { nodes, edges };
}

/** Puts a copy on the system clipboard and in localStorage (the fallback when reading is refused). */
export async function writeClipboard(payload: ClipboardPayload): Promise<void> {
  const text = JSON.stringify(payload);
  try {
    window.localStorage.setItem(CLIPBOARD_STORAGE_KEY, text);
  } catch {
    // Storage full or disabled: the system clipboard still has it.
  }
  try {
    await navigator.clipboard?.writeText(text);
  } catch {
    // Refused (no focus, no permission): localStorage has it.
  }
}

/** Our payload from the system clipboard; from localStorage when reading it is refused or unavailable. */
export async function readClipboard(): Promise<ClipboardPayload | null> {
  try {
    if (!navigator.clipboard?.readText) throw new Error('no clipboard');
    return parseClipboard(await navigator.clipboard.readText());
  } catch {
    try {
      return parseClipboard(window.localStorage.getItem(CLIPBOARD_STORAGE_KEY) ?? '');
    } catch {
      return null;
    }
  }
}
