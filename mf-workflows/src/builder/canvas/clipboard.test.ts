import type { WorkflowEdge, WorkflowNode } from '@agentflow/shared/workflow';
import { CLIPBOARD_MARKER, CLIPBOARD_STORAGE_KEY, PASTE_OFFSET, copyNodes, freshKey, parseClipboard, pasteInto, readClipboard, writeClipboard } from './clipboard';

const node = (id: string, type: WorkflowNode['type'], params: Record<string, unknown> = {}, x = 0, y = 0): WorkflowNode => ({ id, type, name: id, position: { x, y }, params });
const nodes = [
  node('manual_1', 'trigger.manual', {}, 0, 0),
  node('agent_1', 'agent', { promptTemplate: 'Score {{ input.name }}' }, 300, 0),
  node('condition_1', 'condition', { expression: 'agent_1.score >= 70 and `agent_1`.ok and $.agent_1.x and input.agent_1' }, 600, 0),
  node('output_1', 'output', { mapping: 'condition_1' }, 900, 0),
];
const edges: WorkflowEdge[] = [
  { id: 'e1', source: 'manual_1', target: 'agent_1' },
  { id: 'e2', source: 'agent_1', target: 'condition_1' },
  { id: 'e3', source: 'condition_1', target: 'output_1', sourceHandle: 'true' },
];

test('copy takes the chosen nodes and only the edges between them, as a marked payload', () => {
  const payload = copyNodes(nodes, edges, ['agent_1', 'condition_1', 'ghost'])!;
  expect(payload.type).toBe(CLIPBOARD_MARKER);
  expect(payload.nodes.map((n) => n.id)).toEqual(['agent_1', 'condition_1']);
  expect(payload.edges.map((e) => e.id)).toEqual(['e2']);
  expect(copyNodes(nodes, edges, [])).toBeNull();
  // A deep copy: editing the workflow later does not change what was copied.
  expect(payload.nodes[0]!.params).not.toBe(nodes[1]!.params);
});

test('parse accepts only our marked payload with well-formed steps; edges to steps not copied are dropped', () => {
  const payload = copyNodes(nodes, edges, ['agent_1', 'condition_1'])!;
  expect(parseClipboard(JSON.stringify(payload))).toEqual(payload);
  expect(parseClipboard('hello')).toBeNull();
  expect(parseClipboard(JSON.stringify({ ...payload, type: 'other' }))).toBeNull();
  expect(parseClipboard(JSON.stringify({ ...payload, nodes: [{ ...payload.nodes[0], type: 'rocket' }] }))).toBeNull();
  expect(parseClipboard(JSON.stringify({ ...payload, nodes: [] }))).toBeNull();
  const stray = { ...payload, edges: [...payload.edges, { id: 'x', source: 'agent_1', target: 'elsewhere' }] };
  expect(parseClipboard(JSON.stringify(stray))!.edges).toEqual(payload.edges);
});

test('paste gives fresh keys, rewrites references among the pasted steps, keeps others, and shifts positions', () => {
  const payload = copyNodes(nodes, edges, ['agent_1', 'condition_1', 'output_1'])!;
  const pasted = pasteInto(payload, nodes, edges);
  expect(pasted.nodes.map((n) => n.id)).toEqual(['agent_2', 'condition_2', 'output_2']);
  expect(pasted.nodes[1]!.params.expression).toBe('agent_2.score >= 70 and agent_2.ok and $.agent_2.x and input.agent_1');
  expect(pasted.nodes[2]!.params.mapping).toBe('condition_2');
  expect(pasted.edges).toEqual([
    { id: 'e-agent_2-condition_2', source: 'agent_2', target: 'condition_2' },
    { id: 'e-condition_2-true-output_2', source: 'condition_2', target: 'output_2', sourceHandle: 'true' },
  ]);
  // One shift for all (the copied layout is kept), a whole number of PASTE_OFFSET steps.
  const steps = (pasted.nodes[0]!.position.x - 300) / PASTE_OFFSET.x;
  expect(Number.isInteger(steps) && steps >= 1).toBe(true);
  pasted.nodes.forEach((p, i) => expect(p.position).toEqual({ x: payload.nodes[i]!.position.x + steps * PASTE_OFFSET.x, y: payload.nodes[i]!.position.y + steps * PASTE_OFFSET.y }));
  // No pasted card lands on an existing one.
  for (const p of pasted.nodes) for (const n of nodes) expect(Math.abs(p.position.x - n.position.x) >= 220 || Math.abs(p.position.y - n.position.y) >= 96).toBe(true);
  // Into another workflow with none of these keys: ids in the new form, the first free ones.
  const elsewhere = pasteInto(payload, [node('agent-1', 'agent')], []);
  expect(elsewhere.nodes.map((n) => n.id)).toEqual(['agent_2', 'condition_2', 'output_2']);
  expect(elsewhere.nodes[1]!.params.expression).toContain('agent_2.score');
});

test('renames never chain: new keys avoid the copied ones too', () => {
  const payload = copyNodes([node('agent_1', 'agent'), node('agent_2', 'agent', { promptTemplate: '{{ agent_1.text }}' })], [], ['agent_1', 'agent_2'])!;
  const pasted = pasteInto(payload, [node('agent_1', 'agent')], []);
  expect(pasted.nodes.map((n) => n.id)).toEqual(['agent_3', 'agent_4']);
  expect(pasted.nodes[1]!.params.promptTemplate).toBe('{{ agent_3.text }}');
  expect(freshKey('agent', new Set(['agent_1', 'agent_2']))).toBe('agent_3');
  expect(freshKey('trigger.manual', new Set())).toBe('manual_1');
});

describe('the clipboard between workflows', () => {
  const payload = copyNodes(nodes, edges, ['agent_1'])!;
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  const setClipboard = (value: unknown) => Object.defineProperty(navigator, 'clipboard', { configurable: true, value });
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else delete (navigator as { clipboard?: unknown }).clipboard;
    window.localStorage.clear();
  });

  test('writes the system clipboard and reads it back', async () => {
    let stored = '';
    setClipboard({ writeText: async (text: string) => void (stored = text), readText: async () => stored });
    await writeClipboard(payload);
    expect(JSON.parse(stored)).toEqual(payload);
    expect(await readClipboard()).toEqual(payload);
  });

  test('reading refused: the copy kept in localStorage is pasted', async () => {
    setClipboard({ writeText: async () => Promise.reject(new Error('denied')), readText: async () => Promise.reject(new Error('denied')) });
    await writeClipboard(payload);
    expect(window.localStorage.getItem(CLIPBOARD_STORAGE_KEY)).toBe(JSON.stringify(payload));
    expect(await readClipboard()).toEqual(payload);
  });

  test('other text on the clipboard: nothing to paste (not an older copy)', async () => {
    window.localStorage.setItem(CLIPBOARD_STORAGE_KEY, JSON.stringify(payload));
    setClipboard({ writeText: async () => undefined, readText: async () => 'some text' });
    expect(await readClipboard()).toBeNull();
  });
});
