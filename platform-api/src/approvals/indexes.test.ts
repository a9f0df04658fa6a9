// Every query the inbox issues is served by a composite index declared in
// firebase/firestore.indexes.json (the emulator does not enforce indexes, so
// this is the proof): the array-contains field, the equalities (any order),
// then requestedAt descending.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APPROVAL_QUERY_SHAPES } from './routes';

interface DeclaredIndex {
  collectionGroup: string;
  queryScope: string;
  fields: { fieldPath: string; order?: string; arrayConfig?: string }[];
}

const declared = (JSON.parse(readFileSync(path.resolve(__dirname, '../../../firebase/firestore.indexes.json'), 'utf8')) as { indexes: DeclaredIndex[] }).indexes;

function served(shape: { contains: string; equal: readonly string[]; orderBy: string }): boolean {
  return declared.some((index) => {
    if (index.collectionGroup !== 'approvalRequests' || index.queryScope !== 'COLLECTION' || index.fields.length !== shape.equal.length + 2) return false;
    const contains = index.fields.find((field) => field.arrayConfig === 'CONTAINS');
    const rest = index.fields.filter((field) => field !== contains);
    const last = rest[rest.length - 1]!;
    const equalities = rest.slice(0, -1).map((field) => field.fieldPath);
    return contains?.fieldPath === shape.contains && [...equalities].sort().join() === [...shape.equal].sort().join() && last.fieldPath === shape.orderBy && last.order === 'DESCENDING';
  });
}

test.each(APPROVAL_QUERY_SHAPES.map((shape) => [shape.equal.join(' + '), shape] as const))('approvalRequests with the caller in notifyUids where %s, newest first: a declared index serves it', (_name, shape) => {
  expect(served(shape)).toBe(true);
});

test('the check fails for a shape no index serves', () => {
  expect(served({ contains: 'notifyUids', equal: ['workflowId', 'status'], orderBy: 'requestedAt' })).toBe(false);
});
