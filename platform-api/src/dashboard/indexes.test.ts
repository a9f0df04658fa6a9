// Every query the dashboard issues is served by a composite index declared in
// firebase/firestore.indexes.json: equality fields first (in any order), then
// createdAt descending. The emulator does not enforce indexes, so this is the proof.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DASHBOARD_QUERY_SHAPES } from './index';

interface DeclaredIndex {
  collectionGroup: string;
  queryScope: string;
  fields: { fieldPath: string; order?: string }[];
}

const declared = (JSON.parse(readFileSync(path.resolve(__dirname, '../../../firebase/firestore.indexes.json'), 'utf8')) as { indexes: DeclaredIndex[] }).indexes;

function served(shape: { equal: readonly string[]; orderBy: string }): boolean {
  return declared.some((index) => {
    if (index.collectionGroup !== 'workflowRuns' || index.queryScope !== 'COLLECTION' || index.fields.length !== shape.equal.length + 1) return false;
    const equalities = index.fields.slice(0, shape.equal.length).map((field) => field.fieldPath);
    const last = index.fields[shape.equal.length]!;
    return [...equalities].sort().join() === [...shape.equal].sort().join() && last.fieldPath === shape.orderBy && last.order === 'DESCENDING';
  });
}

test.each(DASHBOARD_QUERY_SHAPES.map((shape) => [shape.equal.join(' + '), shape] as const))('runs where %s, createdAt range, newest first: a declared index serves it', (_name, shape) => {
  expect(served(shape)).toBe(true);
});

test('the check fails for a shape no index serves', () => {
  expect(served({ equal: ['workspaceId', 'trigger.type', 'startedBy'], orderBy: 'createdAt' })).toBe(false);
});
