// Every query the executions list can issue is served by a composite index
// declared in firebase/firestore.indexes.json. The builder (query.ts) runs
// against a recorder for each combination of filters (with and without a
// date range and a cursor); the recorded equalities, range and order are
// checked against the file. The emulator does not enforce indexes, so this is
// the proof: a filter added to the builder without its index fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { executionsQuery, type DocumentIdPath, type QueryChain } from './query';

interface DeclaredIndex {
  collectionGroup: string;
  queryScope: string;
  fields: { fieldPath: string; order?: string }[];
}
const declared = (JSON.parse(readFileSync(path.resolve(__dirname, '../../../firebase/firestore.indexes.json'), 'utf8')) as { indexes: DeclaredIndex[] }).indexes;

const DOCUMENT_ID: DocumentIdPath = { documentId: true };

/** What a query asks of an index: its equality fields, its range/order fields with directions. */
interface QueryShape {
  equal: string[];
  range: string[];
  order: { field: string; direction: 'desc' }[];
}

class Recorder implements QueryChain<Recorder> {
  constructor(readonly shape: QueryShape = { equal: [], range: [], order: [] }) {}
  where(field: string, op: '==' | '>=' | '<'): Recorder {
    if (op === '==') this.shape.equal.push(field);
    else this.shape.range.push(field);
    return this;
  }
  orderBy(field: string | DocumentIdPath, direction: 'desc'): Recorder {
    this.shape.order.push({ field: field === DOCUMENT_ID ? '__name__' : String(field), direction });
    return this;
  }
  startAfter(): Recorder {
    return this;
  }
  limit(): Recorder {
    return this;
  }
}

/**
 * Whether a declared index serves the shape: its leading fields are exactly
 * the equality fields (any order), followed by the ordered fields in order
 * and direction; Firestore orders by __name__ last in the direction of the
 * last field, so a trailing __name__ in the same direction needs no field.
 */
function served(shape: QueryShape): boolean {
  let order = shape.order.map((o) => ({ field: o.field, order: o.direction === 'desc' ? 'DESCENDING' : 'ASCENDING' }));
  const last = order[order.length - 1];
  if (last?.field === '__name__' && order.length > 1 && order[order.length - 2]!.order === last.order) order = order.slice(0, -1);
  // A range must be on the first ordered field (Firestore's own rule).
  if (shape.range.some((field) => field !== order[0]?.field)) return false;
  return declared.some((index) => {
    if (index.collectionGroup !== 'workflowRuns' || index.queryScope !== 'COLLECTION' || index.fields.length !== shape.equal.length + order.length) return false;
    const equalities = index.fields.slice(0, shape.equal.length).map((field) => field.fieldPath);
    const ordered = index.fields.slice(shape.equal.length);
    return [...equalities].sort().join() === [...shape.equal].sort().join() && ordered.every((field, i) => field.fieldPath === order[i]!.field && field.order === order[i]!.order);
  });
}

const CURSOR = { createdAt: '2026-05-01T09:00:00.000Z', id: 'r1' };
const combinations = [];
for (const workflowId of [undefined, 'wf1'])
  for (const status of [undefined, 'failed'] as const)
    for (const trigger of [undefined, 'webhook'] as const)
      for (const range of [{}, { from: '2026-05-01T00:00:00.000Z' }, { to: '2026-05-02T00:00:00.000Z' }, { from: '2026-05-01T00:00:00.000Z', to: '2026-05-02T00:00:00.000Z' }])
        for (const cursor of [null, CURSOR]) combinations.push({ filters: { workspaceId: 'acme', workflowId, status, trigger, ...range }, cursor });

test.each(combinations.map((c) => [JSON.stringify(c.filters) + (c.cursor ? ' after a cursor' : ''), c] as const))('executions %s: a declared index serves it', (_name, { filters, cursor }) => {
  const recorder = executionsQuery(new Recorder(), DOCUMENT_ID, filters, { cursor, limit: 51 });
  expect(recorder.shape.equal[0]).toBe('workspaceId');
  expect(served(recorder.shape)).toBe(true);
});

test('the check fails for a shape no declared index serves', () => {
  expect(served({ equal: ['workspaceId', 'trigger.type', 'startedBy'], range: [], order: [{ field: 'createdAt', direction: 'desc' }] })).toBe(false);
  expect(served({ equal: ['workspaceId'], range: ['tokensUsed'], order: [{ field: 'createdAt', direction: 'desc' }] })).toBe(false);
});

test("a workflow's whole history (GET /api/workflows/:id/runs for who may view it) is served", () => {
  expect(served({ equal: ['workflowId'], range: ['createdAt'], order: [{ field: 'createdAt', direction: 'desc' }] })).toBe(true);
});
